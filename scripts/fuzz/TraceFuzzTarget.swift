// The libFuzzer entry point for scripts/fuzz.sh: compiled together with Sources/Debugging (as one
// module, so internals are reachable) with `swiftc -sanitize=fuzzer,address`. Not part of the
// package: SwiftPM never sees this file.
//
// Each input is treated three ways, and any crash, trap, leak-free stack overflow or sanitizer
// report is a finding:
//   1. a JSON document: parsed, and when it parses, written and parsed again to the same value;
//   2. a trace: read with `TraceReader` (every record decoded, values and patches included),
//      followed by a `TraceStateTracker` (patch application, keyframe checks), replayed to its
//      last action with `StateReplayer`, and checked by `TraceValidator`;
//   3. the same trace through the summary reader (`TraceSummaryReader`, `JSONObjectScanner`).
// States are also decoded into `Value`s, as `show` and `state` do.
import Foundation

/// One file, rewritten for each input, that the readers read through a descriptor.
private let scratch: Int32 = {
  let path = NSTemporaryDirectory() + "/tca-trace-fuzz-\(getpid())"
  let fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0o600)
  precondition(fd >= 0, "cannot create the scratch file \(path)")
  unlink(path)
  return fd
}()

private func reader(_ data: UnsafeRawBufferPointer) -> LineReader {
  ftruncate(scratch, 0)
  if let base = data.baseAddress, data.count > 0 { _ = pwrite(scratch, base, data.count, 0) }
  lseek(scratch, 0, SEEK_SET)
  return LineReader(fileDescriptor: scratch, name: "fuzz.jsonl", closesDescriptor: false, chunkSize: 64, maximumLineLength: 1 << 20)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
  let data = UnsafeRawBufferPointer(start: start, count: count)

  // 1. JSON round trip.
  if let json = try? JSONReader.parse(data) {
    let written = JSONWriter.string(json)
    guard let again = try? JSONReader.parse(written), again == json else {
      fatalError("JSON round trip changed the value: \(written)")
    }
    _ = try? Value(json: json)
  }

  // 2. Full records, state tracking, replay and validation.
  var tracker = TraceStateTracker(verifiesKeyframes: true)
  var lastSeq: Int64?
  for case let .success(line) in TraceReader(lines: reader(data)) {
    _ = tracker.consume(line.record, line: line.line)
    if let state = tracker.state { _ = try? Value(json: state) }
    if case let .action(action) = line.record { lastSeq = action.seq }
  }
  if let lastSeq { _ = StateReplayer.state(after: lastSeq, in: TraceReader(lines: reader(data))) }
  _ = TraceValidator.validate(TraceReader(lines: reader(data)))

  // 3. Summaries.
  for _ in TraceSummaryReader(lines: reader(data)) {}
  return 0
}
