/// A patch that did not apply, or a keyframe that disagrees with its patch.
public struct TraceStateProblem: Equatable, Sendable, CustomStringConvertible {
  public var line: Int
  public var seq: Int64
  public var message: String
  public var description: String { "line \(line): \(message)" }
}

/// Follows a trace's records in order and keeps the current state as JSON: from `state` lines,
/// keyframe `state` members and the patches in between.
///
/// After a patch fails the state is unknown (`nil`) until the next keyframe; only the first
/// failure is reported.
///
/// ```swift
/// var tracker = TraceStateTracker()
/// for case let .success(line) in reader {
///   if let problem = tracker.consume(line.record, line: line.line) { print(problem) }
/// }
/// tracker.state  // the state after the last action
/// ```
/// ```text
/// line 9: patch of action 7 does not apply: path /todos/7 does not exist
/// ```
public struct TraceStateTracker {
  /// The state after action `seq`; `nil` before the first state or after a failed patch.
  public private(set) var state: JSON?
  public private(set) var seq: Int64?
  /// Also apply the patch of keyframe lines and compare it with their `state`.
  public var verifiesKeyframes: Bool
  /// Also check that each operation of an action's patch leaves the state in the trace's value
  /// form (`PatchFormCheck`): `validate`'s check, so that `show` reads what it accepts.
  package var checksForms = false
  private var lost = false
  /// The state of the last `state` line taken as text (`consume(stateText:seq:)`), while only
  /// patches it follows lazily came after it; `state` is `nil` meanwhile.
  private var lazy: LazyState?

  public init(verifiesKeyframes: Bool = false) {
    self.verifiesKeyframes = verifiesKeyframes
  }

  /// Takes a `state` line whose state is `text`, one JSON value that `JSONReader` reads without
  /// an error (`TraceLineRules.recordDeferringState`), without building it: the patches that
  /// follow expand only what they change (`LazyState`), and the same problems are found as with
  /// `consume(_:line:)` of the whole record. `state` stays `nil` until an operation needs the
  /// whole tree.
  ///
  /// ```swift
  /// tracker.consume(stateText: StateText(Array(#"{"todos":[]}"#.utf8)), seq: 0)
  /// tracker.consume(action, line: 3)  // patch [{"op":"add","path":"/todos/-","value":1}]: nil
  /// ```
  package mutating func consume(
    stateText text: StateText, children: JSONChildIndex = JSONChildIndex(levels: 0), seq: Int64
  ) {
    lazy = LazyState(text: text, children: children)
    state = nil
    self.seq = seq
    lost = false
  }

  /// The state, built from the text of a `state` line if it is still kept as text (for tests).
  package func builtState() -> JSON? { lazy?.json() ?? state }

  /// Takes one record into account; returns a problem when its patch does not apply.
  @discardableResult
  public mutating func consume(_ record: TraceRecord, line: Int) -> TraceStateProblem? {
    switch record {
    case let .state(snapshot):
      lazy = nil
      state = snapshot.state
      seq = snapshot.seq
      lost = false
      return nil
    case let .action(action):
      return consume(action, line: line)
    case .session, .effect, .note, .end:
      return nil
    }
  }

  /// Takes one action into account (`consume(_:line:)` of its record).
  @discardableResult
  package mutating func consume(_ action: TraceAction, line: Int) -> TraceStateProblem? {
    defer { seq = action.seq }
    // Moved out (`take()`), not copied: a copy retains each of its parts, for every action.
    if var lazyState = lazy.take() {
      if action.state == nil {
        return followLazily(&lazyState, action, line: line)
      }
      state = lazyState.json()
    }
    if let keyframe = action.state {
      defer {
        state = keyframe
        lost = false
      }
      guard verifiesKeyframes, var patched = state else { return nil }
      do {
        try action.patch.apply(to: &patched)
      } catch {
        return Self.patchProblem(action, line: line, error)
      }
      guard patched == keyframe else {
        return TraceStateProblem(
          line: line, seq: action.seq,
          message: "keyframe state of action \(action.seq) differs from the state its patch gives")
      }
      return nil
    }
    guard var current = state else {
      if lost { return nil }
      lost = true
      return TraceStateProblem(
        line: line, seq: action.seq, message: "action \(action.seq) has a patch but no state before it")
    }
    state = nil
    do {
      guard checksForms else {
        try action.patch.apply(to: &current)
        state = current
        return nil
      }
      var suspects: [Int] = []
      for (k, operation) in action.patch.operations.enumerated() where try Self.apply(operation, to: &current) {
        suspects.append(k)
      }
      state = current
      return Self.formProblem(action, line: line, suspects, { PatchFormCheck.problem(in: current, after: $0) }) {
        current
      }
    } catch {
      lost = true
      return Self.patchProblem(action, line: line, error)
    }
  }

  /// Takes a keyframe action whose `state` is `text`, one JSON value that `JSONReader` reads
  /// without an error (`TraceLineRules.recordForChecking`), without building it: the same
  /// problem as `consume(_:line:)` of the record with its state built, and the state is then
  /// the keyframe's, kept as text. A state kept as text is patched lazily and compared with the
  /// keyframe's text where both are the same bytes (`LazyState.equals(text:)`).
  ///
  /// ```swift
  /// tracker.consume(stateText: StateText(Array(#"{"n":1}"#.utf8)), seq: 0)
  /// tracker.consume(action, keyframeText: StateText(Array(#"{"n":2}"#.utf8)), line: 3)  // patch replace /n 2: nil
  /// ```
  package mutating func consume(
    _ action: TraceAction, keyframeText text: StateText, children: JSONChildIndex = JSONChildIndex(levels: 0),
    line: Int
  ) -> TraceStateProblem? {
    defer {
      seq = action.seq
      lazy = LazyState(text: text, children: children)
      state = nil
      lost = false
    }
    guard verifiesKeyframes else { return nil }
    let differs = TraceStateProblem(
      line: line, seq: action.seq,
      message: "keyframe state of action \(action.seq) differs from the state its patch gives")
    var patched: JSON
    if var lazyState = lazy.take() {
      let operations = action.patch.operations
      guard let k = operations.firstIndex(where: { !lazyState.apply($0) }) else {
        return lazyState.equals(text: text, children: children) ? nil : differs
      }
      // An operation `LazyState` leaves to `JSONPatch`: from there on the whole tree, as `consume`.
      patched = lazyState.json()
      do {
        for operation in operations[k...] { try operation.apply(to: &patched) }
      } catch {
        return Self.patchProblem(action, line: line, error)
      }
    } else {
      guard let current = state else { return nil }
      patched = current
      state = nil
      do {
        try action.patch.apply(to: &patched)
      } catch {
        return Self.patchProblem(action, line: line, error)
      }
    }
    return patched == LazyState(text: text).json() ? nil : differs
  }

  /// Applies `operation` to the tree `state`; whether it may have left the state out of the value
  /// form there (`PatchFormCheck`).
  private static func apply(_ operation: JSONPatch.Operation, to state: inout JSON) throws(JSONPatchError) -> Bool {
    var changedFirstKey: String?
    try operation.apply(to: &state, changedObjectFirstKey: &changedFirstKey)
    return PatchFormCheck.mayHaveBroken(operation, changedObjectFirstKey: changedFirstKey)
      && PatchFormCheck.problem(in: state, after: operation) != nil
  }

  /// The problem of the first operation of `action` among `suspects` (each left the state out of
  /// the form when it was applied) that the state after the whole action still has, by `check`:
  /// an operation after it may have mended it, and readers only read the state after an action.
  ///
  /// A suspect whose container looks fine again may only have been moved by a later operation (an
  /// insert before it, a `move`, an `-` that now means another element): then the whole state is
  /// read (`whole`), as readers read it. (Only after an operation broke the form: rare.)
  private static func formProblem(
    _ action: TraceAction, line: Int, _ suspects: [Int], _ check: (JSONPatch.Operation) -> JSONError?,
    whole: () -> JSON
  ) -> TraceStateProblem? {
    guard let first = suspects.first else { return nil }
    for k in suspects {
      if let error = check(action.patch.operations[k]) { return formProblem(action, line: line, error) }
    }
    guard first < action.patch.operations.count - 1 else { return nil }
    do {
      _ = try Value(json: whole())
      return nil
    } catch {
      return formProblem(action, line: line, error)
    }
  }

  /// `line 9: not a value in the trace's value form: in the state after this action, at /id: invalid UUID "zz"`.
  private static func formProblem(_ action: TraceAction, line: Int, _ error: JSONError) -> TraceStateProblem {
    TraceStateProblem(
      line: line, seq: action.seq,
      message: TraceError.valueForm(error, file: "", line: line, in: .stateAfterAction).message)
  }

  /// `line 9: patch of action 7 does not apply: path /todos/7 does not exist`.
  private static func patchProblem(_ action: TraceAction, line: Int, _ error: JSONPatchError) -> TraceStateProblem {
    TraceStateProblem(
      line: line, seq: action.seq, message: "patch of action \(action.seq) does not apply: \(error.message)")
  }

  /// The patch of `action` applied to a state kept as text: lazily while it can be, then (from
  /// the first operation `LazyState` leaves to `JSONPatch`) on the whole tree, as `consume` does.
  private mutating func followLazily(_ lazyState: inout LazyState, _ action: TraceAction, line: Int)
    -> TraceStateProblem?
  {
    let operations = action.patch.operations
    var suspects: [Int] = []
    for (k, operation) in operations.enumerated() {
      if lazyState.apply(operation) {
        if checksForms, lazyState.mayHaveBrokenForm, lazyState.formProblem(after: operation) != nil {
          suspects.append(k)
        }
        continue
      }
      var current = lazyState.json()
      do {
        for (j, operation) in operations[k...].enumerated() {
          if checksForms {
            if try Self.apply(operation, to: &current) { suspects.append(k + j) }
          } else {
            try operation.apply(to: &current)
          }
        }
        state = current
        return Self.formProblem(action, line: line, suspects, { PatchFormCheck.problem(in: current, after: $0) }) {
          current
        }
      } catch {
        lost = true
        return Self.patchProblem(action, line: line, error)
      }
    }
    lazy = lazyState
    return Self.formProblem(action, line: line, suspects, { lazyState.formProblem(after: $0) }) { lazyState.json() }
  }
}

/// Rebuilds the state after a given action.
///
/// ```swift
/// try StateReplayer.state(after: 2, in: TraceReader(path: "run.jsonl")).get()
/// ```
/// ```text
/// {"todos":[{"title":"Milk","done":true}]}
/// ```
public enum StateReplayer {
  /// The state after action `seq` (0 is the initial state). Reads until that action; a bad line
  /// before it is the result, and so is a patch that does not apply when no keyframe follows it.
  public static func state(after seq: Int64, in reader: TraceReader) -> Result<JSON, TraceError> {
    var tracker = TraceStateTracker()
    var lastSeq: Int64 = -1
    var lastProblem: TraceStateProblem?
    // Action `seq` was coalesced (its state not captured): a `state` line for it may follow
    // (written when the recorder closed); otherwise the state known before it is the answer.
    var coalescedAt: (state: JSON?, line: Int)?
    for item in reader {
      switch item {
      case let .failure(error):
        if error.severity == .error { return .failure(error) }
      case let .success(line):
        if let problem = tracker.consume(line.record, line: line.line) { lastProblem = problem }
        let recordSeq: Int64
        switch line.record {
        case let .state(s):
          if let coalesced = coalescedAt {
            if s.seq == seq, !s.changedOutside { return .success(s.state) }
            return coalesced.state.map { .success($0) }
              ?? .failure(TraceError(file: reader.file, line: coalesced.line, message: "no state before action \(seq)"))
          }
          recordSeq = s.seq
        case let .action(a):
          if let coalesced = coalescedAt {
            return coalesced.state.map { .success($0) }
              ?? .failure(TraceError(file: reader.file, line: coalesced.line, message: "no state before action \(seq)"))
          }
          recordSeq = a.seq
          if a.seq == seq, a.coalesced {
            coalescedAt = (tracker.state, line.line)
            continue
          }
        default: continue
        }
        if recordSeq == seq {
          if let state = tracker.state { return .success(state) }
          let problem =
            lastProblem ?? TraceStateProblem(line: line.line, seq: seq, message: "no state before action \(seq)")
          return .failure(TraceError(file: reader.file, line: problem.line, message: problem.message))
        }
        if recordSeq > seq, line.record.kind == .action { return notFound(seq, reader, lastSeq) }
        lastSeq = max(lastSeq, recordSeq)
      }
    }
    if let coalesced = coalescedAt, let state = coalesced.state { return .success(state) }
    return notFound(seq, reader, lastSeq)
  }

  private static func notFound(_ seq: Int64, _ reader: TraceReader, _ last: Int64) -> Result<JSON, TraceError> {
    let tail = last >= 0 ? " (last seq is \(last))" : ""
    return .failure(TraceError(file: reader.file, line: 0, message: "no action with seq \(seq) in the trace\(tail)"))
  }
}
