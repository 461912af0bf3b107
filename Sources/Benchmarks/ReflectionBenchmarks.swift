// Placeholder — the Reflection work replaces this file.
func runReflectionBenchmarks(filter: String?) {}
