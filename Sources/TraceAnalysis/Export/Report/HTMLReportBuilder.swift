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
  private var details = ReportActionDetails()
  private var session: TraceSession?
  /// The open chunk's actions as JSON text, comma-separated, and how many there are.
  private var chunk: [UInt8] = []
  private var chunkActions = 0
  private var chunkCount = 0
  private var started = false

  public init(chunkSize: Int = 256) {
    self.chunkSize = max(1, chunkSize)
  }

  /// Whether every action's detail comes with it (`add(_:precomputed:into:)`), made on other
  /// threads: the builder then does not follow the state itself.
  public var detailsMadeElsewhere = false

  /// The number of actions read so far.
  public var actionCount: Int { index.seq.count }

  /// Takes one trace line; a completed chunk of actions is appended to `output`.
  public mutating func add(_ line: TraceLine, into output: inout [UInt8]) {
    add(line, precomputed: nil, into: &output)
  }

  /// `add(_:into:)` of a line whose action detail was made elsewhere (`ReportActionDetails` on
  /// another thread, from the keyframe before it): `precomputed` is its bytes and the problem its
  /// patch had; other lines have none. With `detailsMadeElsewhere`, every action comes with one.
  public mutating func add(
    _ line: TraceLine, precomputed: (bytes: UnsafeRawBufferPointer, problem: TraceStateProblem?)?,
    into output: inout [UInt8]
  ) {
    if !started { begin(into: &output) }
    timing.add(line.record, line: line.line)
    switch line.record {
    case let .session(header):
      session = header
    case .state:
      if !detailsMadeElsewhere { details.add(line, into: &chunk) }
    case let .action(action):
      index.add(action)
      if chunkActions > 0 { chunk.append(UInt8(ascii: ",")) }
      let problem: TraceStateProblem?
      if let precomputed {
        chunk.append(contentsOf: precomputed.bytes)
        problem = precomputed.problem
      } else {
        problem = details.add(line, into: &chunk)
      }
      if let problem { index.problems.append("line \(problem.line): \(problem.message)") }
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
    // The timing statistics (sorting every duration) are made on another thread meanwhile.
    let timing = ReportTimingWork(timing)
    output.append(contentsOf: Array(#"<script type="application/json" id="report-index">"#.utf8))
    index.writeActions(session: session, into: &output)
    let (end, timingJSON) = timing.result()
    index.end = max(index.end, end)
    index.writeRest(chunkSize: chunkSize, timingJSON: timingJSON, into: &output)
    output.append(contentsOf: Array("</script>\n".utf8))
    output.append(contentsOf: ReportPage.tail)
  }

  private mutating func begin(into output: inout [UInt8]) {
    started = true
    output.append(contentsOf: ReportPage.head)
  }

  private mutating func flushChunk(into output: inout [UInt8]) {
    output.append(contentsOf: Array(#"<script type="application/json" id="chunk-\#(chunkCount)">"#.utf8))
    // The brackets need no escape: written around the chunk, not inserted into it (a copy).
    output.append(UInt8(ascii: "["))
    ScriptData.escape(chunk, into: &output)
    output.append(UInt8(ascii: "]"))
    output.append(contentsOf: Array("</script>\n".utf8))
    chunk.removeAll(keepingCapacity: true)
    chunkActions = 0
    chunkCount += 1
  }
}
