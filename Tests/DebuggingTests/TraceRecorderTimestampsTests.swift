import Foundation
import Testing

@testable import Debugging

private struct Tally: Equatable {
  var count = 0
}

private enum TallyAction {
  case increment
  case reset
}

/// `TraceRecorderOptions.timestamps`: `.deterministic` traces are the same bytes on every run.
@Suite struct TraceRecorderTimestampsTests {
  /// A session with an effect, a gap of dropped actions and an `end`, recorded with `timestamps`.
  func record(_ timestamps: TraceTimestamps) -> [String] {
    let buffer = TraceBuffer()
    let gate = DispatchSemaphore(value: 0)
    var options = TraceRecorderOptions()
    options.timestamps = timestamps
    options.queueCapacity = 3
    // The worker blocks on the header until the gate opens, so that the queue fills up.
    let recorder = TraceRecorder(
      name: "Tally",
      to: .custom { line in
        if line.contains(#""kind":"session""#) { gate.wait() }
        buffer.append(line)
      }, options: options)
    while recorder.queuedEventCount != 0 {}
    recorder.record(action: TallyAction.increment, from: Tally(), to: Tally(count: 1), duration: 4_877)
    let effect = recorder.nextEffectNumber()
    recorder.recordEffect(effect, .started, cancellationIDs: ["reset"])
    recorder.recordEffect(effect, .output)
    recorder.record(action: TallyAction.reset, from: Tally(count: 1), to: Tally(), duration: 12, sentBy: effect)
    recorder.recordEffect(effect, .finished)
    for n in 1...3 {
      recorder.record(action: TallyAction.increment, from: Tally(count: n - 1), to: Tally(count: n), duration: 9)
    }
    gate.signal()
    recorder.flush()
    recorder.record(action: TallyAction.increment, from: Tally(count: 3), to: Tally(count: 4), duration: 9)
    recorder.close()
    return buffer.lines
  }

  @Test func deterministicTimestampsTickOneMillisecondPerLine() throws {
    let lines = record(.deterministic)
    #expect(lines == record(.deterministic))
    let platform = try JSONReader.parse(lines[0])["platform"]?.stringValue ?? "?"
    #expect(
      lines.joined(separator: "\n") == """
        {"kind":"session","format":2,"reducer":"Tally","name":"Tally","prefix":"","start":"1970-01-01T00:00:00.000Z","clock":"monotonic","platform":"\(platform)","pid":0,"keyframeInterval":0,"redacted":[],"redaction":"default"}
        {"kind":"state","seq":0,"t":0,"state":{"$type":"Tally","count":0}}
        {"kind":"action","seq":1,"t":1000000,"duration":0,"label":"TallyAction.increment","action":{"$enum":"TallyAction","increment":{}},"patch":[{"op":"replace","path":"/count","value":1}]}
        {"kind":"effect","event":"started","effect":1,"seq":1,"t":2000000,"label":"TallyAction.increment","id":"reset"}
        {"kind":"effect","event":"output","effect":1,"seq":2,"t":3000000,"label":"TallyAction.reset"}
        {"kind":"action","seq":2,"t":4000000,"duration":0,"label":"TallyAction.reset","effect":1,"action":{"$enum":"TallyAction","reset":{}},"patch":[{"op":"replace","path":"/count","value":0}]}
        {"kind":"effect","event":"finished","effect":1,"t":5000000}
        {"kind":"action","seq":3,"t":6000000,"duration":0,"label":"TallyAction.increment","action":{"$enum":"TallyAction","increment":{}},"patch":[{"op":"replace","path":"/count","value":1}]}
        {"kind":"note","t":7000000,"note":"gap","message":"writer fell behind: 2 actions dropped","dropped":2}
        {"kind":"action","seq":6,"t":8000000,"duration":0,"label":"TallyAction.increment","action":{"$enum":"TallyAction","increment":{}},"patch":[{"op":"replace","path":"/count","value":4}],"state":{"$type":"Tally","count":4}}
        {"kind":"end","t":9000000,"actions":6}
        """)
  }

  @Test func realTimestampsAreTheClocks() throws {
    let lines = try record(.real).map { try JSONReader.parse($0) }
    let header = lines[0]
    #expect(header["start"]?.stringValue != TraceTimestamps.deterministicStart)
    #expect(header["pid"]?.intValue == Int64(ProcessInfo.processInfo.processIdentifier))
    #expect(lines.compactMap { $0["duration"]?.intValue } == [4_877, 12, 9, 9])
  }
}
