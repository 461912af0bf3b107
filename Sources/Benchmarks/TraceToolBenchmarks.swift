// Placeholder — the TraceTool work replaces this file.
func runTraceToolBenchmarks(filter: String?) {}
