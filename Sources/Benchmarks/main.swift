import Foundation

// The benchmark runner: `swift run -c release Benchmarks [filter]`.
// Each area adds its own file with a `run…Benchmarks(filter:)` function and a line here.
let filter = CommandLine.arguments.dropFirst().first
if filter == "record-traces" {
  // `Benchmarks record-traces DIR [long]`: the traces the readers' benchmark reads (see RecordedTraces.swift).
  let arguments = Array(CommandLine.arguments.dropFirst(2))
  let directory = arguments.first ?? NSTemporaryDirectory() + "tca-trace-recorded"
  await recordTraces(into: directory, specs: RecordedTraceSpec.standard + (arguments.contains("long") ? [.long] : []))
  exit(0)
}
if filter == "record-trace" {
  // `Benchmarks record-trace DIR TODOS STEPS`: one more trace of the same script, any size.
  let arguments = Array(CommandLine.arguments.dropFirst(2))
  guard arguments.count == 3, let todos = Int(arguments[1]), let steps = Int(arguments[2]) else {
    print("usage: Benchmarks record-trace DIR TODOS STEPS")
    exit(2)
  }
  await recordTraces(into: arguments[0], specs: [RecordedTraceSpec(todos: todos, steps: steps)])
  exit(0)
}
print(
  "tca-trace benchmarks (release build). Medians of repeated runs; ratios against baselines measured in the same run.")
runJSONBenchmarks(filter: filter)
runReflectionBenchmarks(filter: filter)
runDiffBenchmarks(filter: filter)
runRecorderBenchmarks(filter: filter)
runRecorderBurstBenchmarks(filter: filter)
runRecorderCollectionBenchmarks(filter: filter)
runTraceToolBenchmarks(filter: filter)
runCLIBenchmarks(filter: filter)
runCLIPathBenchmarks(filter: filter)
runRuntimeBenchmarks(filter: filter)
runCompareBenchmarks(filter: filter)
runExportBenchmarks(filter: filter)
await runReaderBenchmarks(filter: filter)
await runReplayBenchmarks(filter: filter)
