// Placeholder — the Diff work replaces this file.
func runDiffBenchmarks(filter: String?) {}
