// The runtime re-exports the Debugging core, so `import Runtime` is enough for a feature.
@_exported import Debugging
