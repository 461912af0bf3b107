import Foundation
import Testing
import TraceTestSupport

@testable import Debugging

private struct Meter: Equatable {
  var count = 0
}

private enum MeterAction: Equatable {
  case reset
  case tick
}

/// Actions filtered out after the last recorded one still reach the trace: `close()` writes the
/// state after them before the `end` line, so the trace ends on the app's state.
@Suite struct RecorderFilteredAtCloseTests {
  private func recorder(_ buffer: TraceBuffer) -> TraceRecorder {
    var options = TraceRecorderOptions()
    options.actionFilter = .deny(["*.tick"])
    options.timestamps = .deterministic
    return TraceRecorder(name: "Meter", to: .memory(buffer), options: options)
  }

  /// The state the trace at `path` ends on: every line applied in order.
  private func finalState(_ path: String) throws -> String? {
    var tracker = TraceStateTracker()
    for case let .success(line) in try TraceReader(path: path) {
      #expect(tracker.consume(line.record, line: line.line) == nil)
    }
    return tracker.state.map(JSONWriter.string)
  }

  /// The lines after the header.
  private func lines(_ buffer: TraceBuffer) -> String {
    buffer.lines.dropFirst().joined(separator: "\n")
  }

  @Test func theStateAfterFilteredActionsAtTheEndIsWrittenBeforeTheEndLine() throws {
    let buffer = TraceBuffer()
    let recorder = recorder(buffer)
    recorder.record(action: MeterAction.tick, from: Meter(count: 0), to: Meter(count: 1))
    recorder.record(action: MeterAction.reset, from: Meter(count: 1), to: Meter(count: 100))
    recorder.record(action: MeterAction.tick, from: Meter(count: 100), to: Meter(count: 101))
    recorder.record(action: MeterAction.tick, from: Meter(count: 101), to: Meter(count: 102))
    recorder.close()
    #expect(
      lines(buffer) == """
        {"kind":"state","seq":0,"t":0,"state":{"$type":"Meter","count":0}}
        {"kind":"action","seq":1,"t":1000000,"duration":0,"label":"MeterAction.reset","action":{"$enum":"MeterAction","reset":{}},"patch":[{"op":"replace","path":"/count","value":100}]}
        {"kind":"note","t":2000000,"note":"info","message":"2 actions after #1 were filtered out; the state after them follows"}
        {"kind":"state","seq":1,"t":3000000,"state":{"$type":"Meter","count":102}}
        {"kind":"end","t":4000000,"actions":1}
        """)
    let path = traceFile(buffer.text)
    #expect(try finalState(path) == #"{"$type":"Meter","count":102}"#)
    #expect(TraceValidator.validate(try TraceReader(path: path)).map(\.description) == [])
  }

  @Test func oneFilteredActionAtTheEnd() {
    let buffer = TraceBuffer()
    let recorder = recorder(buffer)
    recorder.record(action: MeterAction.reset, from: Meter(count: 0), to: Meter(count: 100))
    recorder.record(action: MeterAction.tick, from: Meter(count: 100), to: Meter(count: 101))
    recorder.close()
    #expect(
      lines(buffer) == """
        {"kind":"state","seq":0,"t":0,"state":{"$type":"Meter","count":0}}
        {"kind":"action","seq":1,"t":1000000,"duration":0,"label":"MeterAction.reset","action":{"$enum":"MeterAction","reset":{}},"patch":[{"op":"replace","path":"/count","value":100}]}
        {"kind":"note","t":2000000,"note":"info","message":"1 action after #1 was filtered out; the state after it follows"}
        {"kind":"state","seq":1,"t":3000000,"state":{"$type":"Meter","count":101}}
        {"kind":"end","t":4000000,"actions":1}
        """)
  }

  /// Filtered actions that changed nothing, or whose changes a later recorded action carries,
  /// add no line.
  @Test func filteredActionsWithoutAChangeLeftAddNothing() {
    let buffer = TraceBuffer()
    let recorder = recorder(buffer)
    recorder.record(action: MeterAction.tick, from: Meter(count: 0), to: Meter(count: 1))
    recorder.record(action: MeterAction.reset, from: Meter(count: 1), to: Meter(count: 0))
    recorder.record(action: MeterAction.tick, from: Meter(count: 0), to: Meter(count: 0))
    recorder.close()
    #expect(
      lines(buffer) == """
        {"kind":"state","seq":0,"t":0,"state":{"$type":"Meter","count":0}}
        {"kind":"action","seq":1,"t":1000000,"duration":0,"label":"MeterAction.reset","action":{"$enum":"MeterAction","reset":{}},"patch":[]}
        {"kind":"end","t":2000000,"actions":1}
        """)
  }
}
