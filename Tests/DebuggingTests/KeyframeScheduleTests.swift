import Foundation
import Testing
import TraceTestSupport

@testable import Debugging

private struct Board: Equatable {
  var count = 0
  var note = String(repeating: "x", count: 100)
}

private enum BoardAction { case increment }

/// The `seq` of every action line that carries a full `state`.
private func keyframes(_ buffer: TraceBuffer) throws -> [Int64] {
  try buffer.lines.compactMap { line in
    guard case let .action(action) = try TraceRecord(json: JSONReader.parse(line)), action.state != nil else {
      return nil
    }
    return action.seq
  }
}

/// Records `count` increments of a `Board` and returns the trace.
private func recordIncrements(_ count: Int, options: TraceRecorderOptions) -> TraceBuffer {
  let buffer = TraceBuffer()
  let recorder = TraceRecorder(name: "Board", to: .memory(buffer), options: options)
  var state = Board()
  for _ in 0..<count {
    let old = state
    state.count += 1
    recorder.record(action: BoardAction.increment, from: old, to: state)
  }
  recorder.close()
  return buffer
}

@Suite struct KeyframeScheduleTests {
  /// The state `{"$type":"Board","count":0,"note":"xx…x"}` is 137 bytes; each patch
  /// `[{"op":"replace","path":"/count","value":1}]` is 44 bytes (45 from 10 on). A keyframe comes
  /// on the action whose patch brings the patches since the last full state to 137 bytes or more.
  @Test func aKeyframeComesWhenThePatchesAddUpToTheStatesSize() throws {
    var options = TraceRecorderOptions()
    options.keyframeMinimumPatchBytes = 0
    let buffer = recordIncrements(13, options: options)
    #expect(try keyframes(buffer) == [4, 8, 12])
    #expect(buffer.lines[0].contains(#""keyframeInterval":0,"#))
    #expect(TraceValidator.validate(try TraceReader(path: traceFile(buffer.text))).map(\.description) == [])
  }

  /// Half the state's size: twice as many keyframes.
  @Test func theRatioSetsTheSpacing() throws {
    var options = TraceRecorderOptions()
    options.keyframeMinimumPatchBytes = 0
    options.keyframePatchRatio = 0.5
    #expect(try keyframes(recordIncrements(13, options: options)) == [2, 4, 6, 8, 10, 12])
  }

  /// By default a small state gets no keyframe until 64 KiB of patches: 1,200 patches of 45 bytes
  /// are 54,000 bytes. (With the former default, a keyframe every 1,000 actions, action 1,000 had one.)
  @Test func aSmallStateIsNotKeyframedEveryFewActions() throws {
    #expect(try keyframes(recordIncrements(1_200, options: TraceRecorderOptions())) == [])
  }

  /// `keyframeInterval` still adds a keyframe on every Nth action, and the header says N.
  @Test func anIntervalAddsKeyframesOnEveryNthAction() throws {
    var options = TraceRecorderOptions()
    options.keyframeInterval = 5
    let buffer = recordIncrements(12, options: options)
    #expect(try keyframes(buffer) == [5, 10])
    #expect(buffer.lines[0].contains(#""keyframeInterval":5,"#))
  }

  @Test func theScheduleCountsPatchBytesFromTheLastFullState() {
    var schedule = KeyframeSchedule(ratio: 1, minimumBytes: 0, interval: nil)
    schedule.wroteState(bytes: 100)
    #expect(schedule.isDue(seq: 1, patchBytes: 60) == false)
    #expect(schedule.isDue(seq: 2, patchBytes: 0) == false)
    #expect(schedule.isDue(seq: 3, patchBytes: 60) == true)
    schedule.wroteState(bytes: 1_000)
    #expect(schedule.isDue(seq: 4, patchBytes: 600) == false)
    #expect(schedule.isDue(seq: 5, patchBytes: 400) == true)
    var never = KeyframeSchedule(ratio: .infinity, minimumBytes: 0, interval: nil)
    never.wroteState(bytes: 1)
    #expect(never.isDue(seq: 1, patchBytes: 1 << 30) == false)
  }
}
