// `import RuntimeTesting` is enough for a test: it re-exports the runtime (and with it the
// Debugging core).
@_exported import Runtime
