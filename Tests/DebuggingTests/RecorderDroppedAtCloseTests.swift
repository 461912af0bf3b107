import Foundation
import Testing

@testable import Debugging

private struct Tally: Equatable {
  var count = 0
}

private enum TallyAction: Equatable {
  case increment
}

/// Actions dropped after the last recorded one are never lost silently: `close()` (and the
/// recorder's release) writes their `gap` note before the `end` line.
@Suite struct RecorderDroppedAtCloseTests {
  /// A recorder whose worker waits on the header until `gate` opens, with deterministic times.
  private func blockedRecorder(capacity: Int, buffer: TraceBuffer, gate: DispatchSemaphore) -> TraceRecorder {
    var options = TraceRecorderOptions()
    options.queueCapacity = capacity
    options.timestamps = .deterministic
    let recorder = TraceRecorder(
      name: "Tally",
      to: .custom { line in
        if line.contains(#""kind":"session""#) { gate.wait() }
        buffer.append(line)
      }, options: options)
    while recorder.queuedEventCount != 0 {}
    return recorder
  }

  private func send(_ count: Int, to recorder: TraceRecorder) -> [Bool] {
    (1...count).map { n in
      recorder.record(action: TallyAction.increment, from: Tally(count: n - 1), to: Tally(count: n))
    }
  }

  @Test func actionsDroppedAfterTheLastRecordedOneGetAGapNoteBeforeTheEnd() {
    let buffer = TraceBuffer()
    let gate = DispatchSemaphore(value: 0)
    let recorder = blockedRecorder(capacity: 2, buffer: buffer, gate: gate)
    let accepted = send(10, to: recorder)
    gate.signal()
    recorder.close()
    #expect(accepted == [true, true, false, false, false, false, false, false, false, false])
    #expect(
      buffer.lines.dropFirst().joined(separator: "\n") == """
        {"kind":"state","seq":0,"t":0,"state":{"$type":"Tally","count":0}}
        {"kind":"action","seq":1,"t":1000000,"duration":0,"label":"TallyAction.increment","action":{"$enum":"TallyAction","increment":{}},"patch":[{"op":"replace","path":"/count","value":1}]}
        {"kind":"action","seq":2,"t":2000000,"duration":0,"label":"TallyAction.increment","action":{"$enum":"TallyAction","increment":{}},"patch":[{"op":"replace","path":"/count","value":2}]}
        {"kind":"note","t":3000000,"note":"gap","message":"writer fell behind: 8 actions dropped","dropped":8}
        {"kind":"end","t":4000000,"actions":2}
        """)
  }

  @Test func aQueueCapacityBelowOneStillRecordsTheFirstAction() {
    let buffer = TraceBuffer()
    let gate = DispatchSemaphore(value: 0)
    let recorder = blockedRecorder(capacity: 0, buffer: buffer, gate: gate)
    let accepted = send(3, to: recorder)
    gate.signal()
    recorder.close()
    #expect(accepted == [true, false, false])
    #expect(
      buffer.lines.dropFirst().joined(separator: "\n") == """
        {"kind":"state","seq":0,"t":0,"state":{"$type":"Tally","count":0}}
        {"kind":"action","seq":1,"t":1000000,"duration":0,"label":"TallyAction.increment","action":{"$enum":"TallyAction","increment":{}},"patch":[{"op":"replace","path":"/count","value":1}]}
        {"kind":"note","t":2000000,"note":"gap","message":"writer fell behind: 2 actions dropped","dropped":2}
        {"kind":"end","t":3000000,"actions":1}
        """)
  }
}
