import Debugging
import Foundation
import Runtime
import Testing

/// An object a row refers to: a weak reference to it tells whether anything still holds it.
private final class Marker: Equatable, @unchecked Sendable {
  let name: String
  init(_ name: String) { self.name = name }
  static func == (a: Marker, b: Marker) -> Bool { a === b }
}

/// Whether a marker was still held when the worker wrote a given line.
private final class Sighting: @unchecked Sendable {
  private let lock = NSLock()
  weak var marker: Marker?
  private var seen: [String: Bool] = [:]

  func look(at line: String, for seq: String) {
    guard line.contains(#""kind":"action","seq":\#(seq),"#) else { return }
    lock.withLock { seen[seq] = marker != nil }
  }

  func heldWhenWriting(seq: String) -> Bool? { lock.withLock { seen[seq] } }
  var isGone: Bool { lock.withLock { marker == nil } }
}

private struct MarkedRow: Equatable, Identifiable {
  var id: Int
  var isOn = false
  var marker: Marker?
}

private struct MarkedRows: Reducer {
  struct State: Equatable {
    var rows: IdentifiedArrayOf<MarkedRow>
  }

  enum Action: Equatable {
    case toggle(id: Int)
    case dropMarker(id: Int)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .toggle(id): state.rows[id: id]?.isOn.toggle()
    case let .dropMarker(id): state.rows[id: id]?.marker = nil
    }
    return .none
  }
}

/// A `.custom` sink that keeps the lines and stops the worker at the first line written after
/// `hold()` until `release()`, so that the actions handed over meanwhile wait in its queue (a
/// backlog).
private final class HeldSink: @unchecked Sendable {
  private let lock = NSLock()
  private var holding = false
  private let gate = DispatchSemaphore(value: 0)
  private var text = ""
  /// Called with each line, on the worker thread, before it is kept.
  var onLine: @Sendable (String) -> Void = { _ in }

  var lines: [String] { lock.withLock { text.split(separator: "\n").map(String.init) } }

  func hold() { lock.withLock { holding = true } }
  func release() { gate.signal() }

  func write(_ line: String) {
    onLine(line)
    let stop = lock.withLock {
      text += line
      defer { holding = false }
      return holding
    }
    if stop { gate.wait() }
  }
}

private func address(_ state: MarkedRows.State) -> UnsafeRawPointer? {
  state.rows.elements.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
}

private func patches(_ lines: [String]) throws -> String {
  try lines.compactMap { line -> String? in
    guard case let .object(members) = try JSONReader.parse(line),
      let patch = members.first(where: { $0.key == "patch" })
    else { return nil }
    return JSONWriter.string(patch.value)
  }.joined(separator: "\n")
}

/// When the worker has caught up it gives the state it keeps storage of its own (a copy). The
/// next state replaces that copy; the copy is freed once the worker has caught up again — not in
/// the middle of a backlog — and then the new state is unshared in its turn.
@Suite struct DebugReducerRetiredCopyTests {
  @Test func theWorkersOwnCopyIsFreedOnceItHasCaughtUpAfterABacklog() throws {
    let sink = HeldSink()
    let reducer = MarkedRows().debug(to: .custom { sink.write($0) })
    var state = MarkedRows.State(
      rows: IdentifiedArrayOf(uniqueElements: (0..<64).map { MarkedRow(id: $0, marker: Marker("m\($0)")) }))
    let sighting = Sighting()
    sighting.marker = state.rows[id: 2]?.marker
    sink.onLine = { sighting.look(at: $0, for: "4") }
    _ = reducer.reduce(into: &state, action: .toggle(id: 1))
    reducer.recorder.flush()  // the worker keeps a copy of its own: it holds marker m2 too
    sink.hold()
    for action in [MarkedRows.Action.dropMarker(id: 2), .toggle(id: 3), .toggle(id: 4)] {
      _ = reducer.reduce(into: &state, action: action)
    }
    sink.release()
    reducer.recorder.flush()
    // Within the backlog the worker's old copy, the last holder of m2, was kept (freeing a large
    // copy would delay the actions behind it); caught up, it is freed, and the state the worker
    // keeps now is a copy of its own again.
    #expect(sighting.heldWhenWriting(seq: "4") == true)
    #expect(sighting.isGone)
    let before = address(state)
    _ = reducer.reduce(into: &state, action: .toggle(id: 5))
    #expect(address(state) == before, "toggle 5 copied the rows")
    reducer.recorder.close()
    #expect(
      try patches(sink.lines) == """
        [{"op":"replace","path":"/rows/1/isOn","value":true}]
        [{"op":"replace","path":"/rows/2/marker","value":null}]
        [{"op":"replace","path":"/rows/3/isOn","value":true}]
        [{"op":"replace","path":"/rows/4/isOn","value":true}]
        [{"op":"replace","path":"/rows/5/isOn","value":true}]
        """)
  }
}
