// Placeholder — replaced by the runtime work (branch `runtime`).
@_exported import Debugging
