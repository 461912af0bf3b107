// Placeholder — replaced by the runtime work (branch `runtime`).
print("examples: not implemented yet")
