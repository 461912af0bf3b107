// Placeholder — the JSON work replaces this file.
func runJSONBenchmarks(filter: String?) {}
