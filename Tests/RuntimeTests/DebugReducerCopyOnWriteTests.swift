import Debugging
import Foundation
import Runtime
import Testing

private struct Row: Equatable, Identifiable {
  var id: Int
  var isOn: Bool
}

private struct Rows: Reducer {
  struct State: Equatable {
    var rows: IdentifiedArrayOf<Row>
  }

  enum Action: Equatable {
    case toggle(id: Int)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .toggle(id):
      state.rows[id: id]?.isOn.toggle()
      return .none
    }
  }
}

/// Where the rows live: the same address means the reducer mutated them in place.
private func address(_ state: Rows.State) -> UnsafeRawPointer? {
  state.rows.elements.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
}

/// `.debug()` must not make the reducer copy large collections it mutates in place: once the
/// recorder has caught up, the state it keeps has storage of its own.
@Suite struct DebugReducerCopyOnWriteTests {
  @Test func aRecordedReducerMutatesLargeArraysInPlaceOnceTheRecorderHasCaughtUp() throws {
    let buffer = TraceBuffer()
    let reducer = Rows().debug(to: .memory(buffer))
    var state = Rows.State(rows: IdentifiedArrayOf(uniqueElements: (0..<1_000).map { Row(id: $0, isOn: false) }))
    for id in [3, 4, 5] {
      _ = reducer.reduce(into: &state, action: .toggle(id: id))
      reducer.recorder.flush()
      let before = address(state)
      _ = reducer.reduce(into: &state, action: .toggle(id: id))
      #expect(address(state) == before, "toggle \(id) copied the rows")
      reducer.recorder.flush()
    }
    reducer.recorder.close()
    let patches = try recordedPatches(buffer)
    #expect(
      patches.joined(separator: "\n") == """
        [{"op":"replace","path":"/rows/3/isOn","value":true}]
        [{"op":"replace","path":"/rows/3/isOn","value":false}]
        [{"op":"replace","path":"/rows/4/isOn","value":true}]
        [{"op":"replace","path":"/rows/4/isOn","value":false}]
        [{"op":"replace","path":"/rows/5/isOn","value":true}]
        [{"op":"replace","path":"/rows/5/isOn","value":false}]
        """)
  }
}
