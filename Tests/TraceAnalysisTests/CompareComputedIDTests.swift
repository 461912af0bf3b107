import Testing
import TraceTestSupport

@testable import Debugging
@testable import TraceAnalysis

/// `diff` on rows whose `Identifiable.id` is computed (`var id: Repo.ID { repo.id }`, recorded as
/// `$id`): the runs are compared without the ids, and a divergence shows the rows matched by them,
/// as `show` does — a sort reads as moves, not as every field of every row changed.
@Suite struct CompareComputedIDTests {
  static func row(_ id: String, stars: Int) -> String {
    #"{"$type":"RepoRow.State","$id":"\#(id)","repo":{"$type":"Repo","id":"\#(id)","stars":\#(stars)}}"#
  }

  /// A run that sorts its three rows one way or the other.
  static func trace(sortedBy order: [Int]) -> String {
    let rows = [("org/a", 1), ("org/b", 3), ("org/c", 2)]
    let before = rows.map { row($0.0, stars: $0.1) }
    let after = order.map { rows[$0] }.map { row($0.0, stars: $0.1) }
    let header =
      #"{"kind":"session","format":1,"name":"App","prefix":"","start":"2026-11-21T19:33:07.123Z","clock":"monotonic","platform":"Linux x86_64","pid":1,"keyframeInterval":100,"redacted":[]}"#
    return [
      header,
      #"{"kind":"state","seq":0,"t":0,"state":{"$type":"App.State","repos":["# + before.joined(separator: ",") + "]}}",
      #"{"kind":"action","seq":1,"t":10,"duration":5,"label":"App.Action.sortByStars","action":{"$enum":"App.Action","sortByStars":{}},"patch":[{"op":"replace","path":"/repos","value":["#
        + after.joined(separator: ",") + "]}]}",
      #"{"kind":"end","t":20,"actions":1}"#,
    ].joined(separator: "\n") + "\n"
  }

  @Test func aDifferentSortShowsAsMovesByID() throws {
    let golden = traceFile(Self.trace(sortedBy: [1, 2, 0]), name: "golden.jsonl")
    let current = traceFile(Self.trace(sortedBy: [0, 2, 1]), name: "current.jsonl")
    let comparison = try TraceComparator.compare(golden: golden, current: current, options: CompareOptions())
    let text = ComparisonTextRenderer().render(comparison)
      .replacingOccurrences(of: golden, with: "golden.jsonl").replacingOccurrences(of: current, with: "current.jsonl")
    #expect(
      text == """
        golden.jsonl and current.jsonl differ.

        First divergence: golden seq 1 (line 3), current seq 1 (line 3): App.Action.sortByStars
          state after the action differs:
              App.State(
                repos: [
            ~     [2 → 0, id: "org/a"],
            ~     [1 → 1, id: "org/c"],
                  … (1 unchanged)
                ]
              )

        Summary: 1 action in golden.jsonl, 1 in current.jsonl: 1 aligned, 1 state difference.
        """)
  }
}
