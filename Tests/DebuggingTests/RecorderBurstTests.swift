import Foundation
import Testing
import TraceTestSupport

@testable import Debugging

private struct Board: Equatable {
  var cells: [Bool]
}

private enum BoardAction: Equatable { case toggle(Int) }

/// Bursts: every action is recorded; states beyond the budget are coalesced (the trace says
/// which, and the next kept state is exact), or kept with the app waiting (`.exact`).
@Suite struct RecorderBurstTests {
  /// A recorder whose worker waits on the header until `gate` opens.
  private func blockedRecorder(_ options: TraceRecorderOptions, buffer: TraceBuffer, gate: DispatchSemaphore)
    -> TraceRecorder
  {
    var options = options
    options.timestamps = .deterministic
    let recorder = TraceRecorder(
      name: "Board",
      to: .custom { line in
        if line.contains(#""kind":"session""#) { gate.wait() }
        buffer.append(line)
      }, options: options)
    while recorder.queuedEventCount != 0 {}
    return recorder
  }

  @Test func statesBeyondTheBudgetAreCoalescedAndSaidSo() throws {
    let buffer = TraceBuffer()
    let gate = DispatchSemaphore(value: 0)
    var options = TraceRecorderOptions()
    // A 4-cell board is guessed at 64 + 32 + 4 × 64 = 352 bytes before the worker measures it:
    // a 16-state budget holds 5632 bytes, so the 17th to 20th states are coalesced.
    options.stateBudget = 16 * 352
    let recorder = blockedRecorder(options, buffer: buffer, gate: gate)
    var board = Board(cells: Array(repeating: false, count: 4))
    for n in 1...20 {
      let old = board
      board.cells[n % 4].toggle()
      #expect(recorder.record(action: BoardAction.toggle(n % 4), from: old, to: board))
    }
    gate.signal()
    recorder.flush()
    let old = board
    board.cells[0].toggle()
    recorder.record(action: BoardAction.toggle(0), from: old, to: board)
    recorder.close()
    let lines = buffer.lines
    let actions = lines.filter { $0.hasPrefix(#"{"kind":"action""#) }
    #expect(actions.count == 21)
    #expect(actions.filter { $0.contains(#""coalesced":true"#) }.count == 4)
    #expect(actions[16].contains(#""seq":17,"t":17000000,"duration":0,"label":"BoardAction.toggle","coalesced":true,"#))
    #expect(actions[16].hasSuffix(#""patch":[]}"#))
    let note = try #require(lines.first { $0.hasPrefix(#"{"kind":"note""#) })
    #expect(
      note
        == #"{"kind":"note","t":21000000,"note":"info","message":"writer busy: the states of 4 actions (#17–#20) were not captured; #21 carries their changes","coalesced":4}"#
    )
    // The next kept state is exact: its patch takes the state from #16's (all false) to #21's.
    let last = try #require(actions.last)
    #expect(
      last.hasSuffix(
        #""patch":[{"op":"replace","path":"/cells/1","value":true},{"op":"replace","path":"/cells/2","value":true},{"op":"replace","path":"/cells/3","value":true}]}"#
      ))
    let path = traceTemporaryPath()
    try buffer.text.write(toFile: path, atomically: false, encoding: .utf8)
    #expect(TraceValidator.validate(try TraceReader(path: path)).map(\.description) == [])
  }

  /// Closed right after a burst, before another state was kept: the state after the last action
  /// is still in the trace (QA-16), as a `state` line after the note.
  @Test func theFinalStateIsWrittenWhenTheRecorderClosesAfterCoalescedStates() throws {
    let buffer = TraceBuffer()
    let gate = DispatchSemaphore(value: 0)
    var options = TraceRecorderOptions()
    options.stateBudget = 16 * 352
    let recorder = blockedRecorder(options, buffer: buffer, gate: gate)
    var board = Board(cells: Array(repeating: false, count: 4))
    for n in 1...20 {
      let old = board
      board.cells[n % 4].toggle()
      #expect(recorder.record(action: BoardAction.toggle(n % 4), from: old, to: board))
    }
    gate.signal()
    recorder.close()
    let tail = buffer.lines.suffix(4)
    #expect(
      Array(tail) == [
        #"{"kind":"action","seq":20,"t":20000000,"duration":0,"label":"BoardAction.toggle","coalesced":true,"action":{"$enum":"BoardAction","toggle":{"_0":0}},"patch":[]}"#,
        #"{"kind":"note","t":21000000,"note":"info","message":"writer busy: the states of 4 actions (#17–#20) were not captured; the state after #20 follows","coalesced":4}"#,
        #"{"kind":"state","seq":20,"t":22000000,"state":{"$type":"Board","cells":[true,true,true,true]}}"#,
        #"{"kind":"end","t":23000000,"actions":20}"#,
      ])
    let path = traceTemporaryPath()
    try buffer.text.write(toFile: path, atomically: false, encoding: .utf8)
    #expect(TraceValidator.validate(try TraceReader(path: path)).map(\.description) == [])
    #expect(
      JSONWriter.string(try StateReplayer.state(after: 20, in: TraceReader(path: path)).get())
        == #"{"$type":"Board","cells":[true,true,true,true]}"#)
  }

  @Test func exactModeKeepsEveryStateAndTheAppWaits() throws {
    let buffer = TraceBuffer()
    let gate = DispatchSemaphore(value: 0)
    var options = TraceRecorderOptions()
    options.stateCapture = .exact
    let recorder = blockedRecorder(options, buffer: buffer, gate: gate)
    var board = Board(cells: Array(repeating: false, count: 4))
    DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) { gate.signal() }
    for n in 1...40 {
      let old = board
      board.cells[n % 4].toggle()
      #expect(recorder.record(action: BoardAction.toggle(n % 4), from: old, to: board))
    }
    recorder.close()
    let actions = buffer.lines.filter { $0.hasPrefix(#"{"kind":"action""#) }
    #expect(actions.count == 40)
    #expect(!buffer.text.contains("coalesced"))
  }

  /// 2,000 in-place toggles on a 20,000-cell state as fast as the thread can send them: every
  /// action is in the trace, and the trace validates (each kept state's patch is exact).
  @Test func aBurstOnALargeStateKeepsEveryAction() throws {
    let path = traceTemporaryPath()
    let recorder = TraceRecorder(name: "Board", to: .file(path))
    var board = Board(cells: Array(repeating: false, count: 20_000))
    var accepted = 0
    for n in 1...2_000 {
      let old = recorder.needsInitialState ? board : Board(cells: [])
      board.cells[(n * 7919) % 20_000].toggle()
      if recorder.record(action: BoardAction.toggle(n), from: old, to: board) { accepted += 1 }
    }
    recorder.close()
    #expect(accepted == 2_000)
    var actions = 0, coalesced = 0, noted: Int64 = 0
    for case let .success(line) in try TraceReader(path: path) {
      if case let .action(action) = line.record {
        actions += 1
        if action.coalesced { coalesced += 1 }
      }
      if case let .note(note) = line.record { noted += note.coalesced ?? 0 }
    }
    #expect(actions == 2_000)
    #expect(Int64(coalesced) == noted)
    #expect(TraceValidator.validate(try TraceReader(path: path)).map(\.description) == [])
  }
}
