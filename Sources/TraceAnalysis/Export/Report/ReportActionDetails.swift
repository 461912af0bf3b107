import Debugging

/// The part of the report that follows the state: each action's detail for the page — its value
/// as text and the diff model of its state change (`{"a":…,"d":…}`, `ReportDiffEncoder`) — from
/// the state the trace's `state` lines, keyframes and patches give, in order.
///
/// `HTMLReportBuilder` runs one while it reads a trace; `report` on a large file runs one per
/// stretch of the trace between keyframes, on as many threads (`ReportSegments`), each starting
/// from the keyframe before its stretch (`start(from:)`).
///
/// ```swift
/// var details = ReportActionDetails()
/// var bytes: [UInt8] = []
/// for case let .success(line) in try TraceReader(path: "run.jsonl") {
///   let problem = details.add(line, into: &bytes)  // an action's detail, or nothing
/// }
/// ```
public struct ReportActionDetails {
  private var tracker = TraceStateTracker()
  private var encoder = ReportDiffEncoder()

  public init() {}

  /// Starts from a line that holds a whole state (a `state` line or a keyframe), as the state
  /// after it, without a detail: the first line of a stretch read on its own.
  public mutating func start(from line: TraceLine) {
    tracker.consume(line.record, line: line.line)
  }

  /// Follows `line`; for an action, appends its detail to `bytes` and returns the problem its
  /// patch had (a patch that does not apply), if any. After a keyframe, the state is the
  /// keyframe's (`TraceStateTracker`).
  @discardableResult
  public mutating func add(_ line: TraceLine, into bytes: inout [UInt8]) -> TraceStateProblem? {
    switch line.record {
    case .state:
      tracker.consume(line.record, line: line.line)
      return nil
    case let .action(action):
      // What the diff needs of the state before is taken before the patch applies in place; only
      // a patch that may change an object's shape keeps the whole state before it.
      let change = ActionChange(patch: action.patch, before: tracker.state)
      let problem = tracker.consume(line.record, line: line.line)
      writeDetail(action, change: change, after: tracker.state, into: &bytes)
      return problem
    case .session, .effect, .note, .end:
      return nil
    }
  }

  /// `{"a": action text, "d": diff model}`; `"x"` says why there is no diff.
  private mutating func writeDetail(
    _ action: TraceAction, change: ActionChange, after: JSON?, into bytes: inout [UInt8]
  ) {
    bytes.append(contentsOf: #"{"a":"#.utf8)
    if encoder.writeText(json: action.action, into: &bytes) {
      // Written from the JSON: the common shapes.
    } else if let value = try? Value(json: action.action) {
      encoder.writeText(value, into: &bytes)
    } else {
      JSONWriter.writeString(JSONWriter.string(action.action), into: &bytes)
    }
    func why(_ reason: String) {
      bytes.append(contentsOf: #","x":"#.utf8)
      JSONWriter.writeString(reason, into: &bytes)
    }
    if action.coalesced && action.patch.operations.isEmpty {
      why(
        "the state after this action was not captured (coalesced while the writer was busy); the next recorded change includes this one"
      )
    } else if action.patch.operations.isEmpty {
      bytes.append(contentsOf: #","d":{"u":1}"#.utf8)
    } else {
      do throws(JSONError) {
        if let after, let spine = try change.spine(after: after) {
          bytes.append(contentsOf: #","d":"#.utf8)
          encoder.write(spine, into: &bytes)
        } else if let after, let diff = try change.diff(after: after) {
          bytes.append(contentsOf: #","d":"#.utf8)
          encoder.write(diff, into: &bytes)
        } else {
          why("the state before this action is unknown (see the problems above)")
        }
      } catch {
        why("the state is not in the trace's value form: \(error.message)")
      }
    }
    bytes.append(UInt8(ascii: "}"))
  }
}
