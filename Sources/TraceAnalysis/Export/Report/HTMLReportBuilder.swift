import Debugging

/// Builds the self-contained HTML report of a trace while it is read: the page's head first, then
/// each chunk of actions (their values and state diffs) as soon as it is complete, and at the end
/// the index (labels, times, effects, timings) and the script that shows it all.
///
/// Per action the page gets the action value as text and the diff model of its state change
/// (`ActionChange`, `ReportDiffEncoder`) — never a full state — so the file's size follows the
/// trace's changes, and memory holds the current state, the open chunk and the index.
///
/// ```swift
/// var builder = HTMLReportBuilder()
/// var html: [UInt8] = []
/// for case let .success(line) in try TraceReader(path: "run.jsonl") { builder.add(line, into: &html) }
/// builder.finish(into: &html)   // <!DOCTYPE html>…
/// ```
public struct HTMLReportBuilder {
  /// Actions per embedded chunk; the page parses a chunk when one of its actions is selected.
  public let chunkSize: Int
  private var index = ReportIndex()
  private var timing = TimingReportBuilder(slowestCount: 0)
  private var tracker = TraceStateTracker()
  private var session: TraceSession?
  /// The open chunk's actions as JSON text, comma-separated, and how many there are.
  private var chunk: [UInt8] = []
  private var chunkActions = 0
  private var chunkCount = 0
  private var started = false

  public init(chunkSize: Int = 256) {
    self.chunkSize = max(1, chunkSize)
  }

  /// The number of actions read so far.
  public var actionCount: Int { index.seq.count }

  /// Takes one trace line; a completed chunk of actions is appended to `output`.
  public mutating func add(_ line: TraceLine, into output: inout [UInt8]) {
    if !started { begin(into: &output) }
    timing.add(line.record, line: line.line)
    switch line.record {
    case let .session(header):
      session = header
    case .state:
      tracker.consume(line.record, line: line.line)
    case let .action(action):
      // What the diff needs of the state before is taken before the patch applies in place; only
      // a patch that may change an object's shape keeps the whole state before it.
      let change = ActionChange(patch: action.patch, before: tracker.state)
      if let problem = tracker.consume(line.record, line: line.line) {
        index.problems.append("line \(problem.line): \(problem.message)")
      }
      index.add(action)
      if chunkActions > 0 { chunk.append(UInt8(ascii: ",")) }
      Self.writeDetail(action, change: change, after: tracker.state, into: &chunk)
      chunkActions += 1
      if chunkActions == chunkSize { flushChunk(into: &output) }
    case let .effect(event):
      index.add(event)
    case let .note(note):
      index.add(note)
    case let .end(end):
      index.end = max(index.end, end.t)
    }
  }

  /// Writes the last chunk, the index and the script, and closes the page.
  public mutating func finish(into output: inout [UInt8]) {
    if !started { begin(into: &output) }
    if chunkActions > 0 { flushChunk(into: &output) }
    let report = timing.report()
    index.end = max(index.end, report.end)
    output.append(contentsOf: Array(#"<script type="application/json" id="report-index">"#.utf8))
    ScriptData.write(index.json(session: session, timing: report, chunkSize: chunkSize), into: &output)
    output.append(contentsOf: Array("</script>\n".utf8))
    output.append(contentsOf: ReportPage.tail)
  }

  private mutating func begin(into output: inout [UInt8]) {
    started = true
    output.append(contentsOf: ReportPage.head)
  }

  private mutating func flushChunk(into output: inout [UInt8]) {
    output.append(contentsOf: Array(#"<script type="application/json" id="chunk-\#(chunkCount)">"#.utf8))
    chunk.insert(UInt8(ascii: "["), at: 0)
    chunk.append(UInt8(ascii: "]"))
    ScriptData.escape(chunk, into: &output)
    output.append(contentsOf: Array("</script>\n".utf8))
    chunk.removeAll(keepingCapacity: true)
    chunkActions = 0
    chunkCount += 1
  }

  /// `{"a": action text, "d": diff model}`; `"x"` says why there is no diff.
  private static func writeDetail(_ action: TraceAction, change: ActionChange, after: JSON?, into bytes: inout [UInt8])
  {
    let text: String
    if let value = try? Value(json: action.action) {
      text = ReportDiffEncoder.text(value)
    } else {
      text = JSONWriter.string(action.action)
    }
    bytes.append(contentsOf: #"{"a":"#.utf8)
    JSONWriter.write(.string(text), into: &bytes)
    func why(_ reason: String) {
      bytes.append(contentsOf: #","x":"#.utf8)
      JSONWriter.write(.string(reason), into: &bytes)
    }
    if action.coalesced && action.patch.operations.isEmpty {
      why(
        "the state after this action was not captured (coalesced while the writer was busy); the next recorded change includes this one"
      )
    } else if action.patch.operations.isEmpty {
      bytes.append(contentsOf: #","d":{"u":1}"#.utf8)
    } else {
      do throws(JSONError) {
        if let after, let diff = try change.diff(after: after) {
          bytes.append(contentsOf: #","d":"#.utf8)
          ReportDiffEncoder.write(diff, into: &bytes)
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
