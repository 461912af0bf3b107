// The benchmark runner: `swift run -c release Benchmarks [filter]`.
// Each area adds its own file with a `run…Benchmarks(filter:)` function and a line here.
let filter = CommandLine.arguments.dropFirst().first
print("tca-trace benchmarks (release build). Medians of repeated runs; ratios against baselines measured in the same run.")
runJSONBenchmarks(filter: filter)
runReflectionBenchmarks(filter: filter)
runDiffBenchmarks(filter: filter)
runRecorderBenchmarks(filter: filter)
runTraceToolBenchmarks(filter: filter)
runCLIBenchmarks(filter: filter)
runCLIPathBenchmarks(filter: filter)
runRuntimeBenchmarks(filter: filter)
runCompareBenchmarks(filter: filter)
runExportBenchmarks(filter: filter)
