// Placeholder — the Recorder work replaces this file.
func runRecorderBenchmarks(filter: String?) {}
