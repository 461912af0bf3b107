import Testing

@testable import Debugging

/// Tuples in a state are diffed element by element (`LiveDiffer`), as structures are.
@Suite struct LiveTupleDiffTests {
  struct Session {
    var pair: (user: String, token: String)
  }

  /// A tuple is diffed element by element: a secret element replaced by another is a change
  /// shown with the markers (reflected whole, both tuples read the same, and the trace lost it).
  @Test func aSecretTupleElementReplacedIsAChange() {
    let options = ReflectionOptions(redaction: .default)
    #expect(
      StateDiff(Session(pair: ("ada", "")), Session(pair: ("ada", "s3cret")), reflection: options).description
        == [
          "  LiveTupleDiffTests.Session(", "    pair: (", "      … (1 unchanged),",
          "-     token: <redacted String>", "+     token: <redacted String>", "    )", "  )",
        ].joined(separator: "\n"))
    // Other elements as the reflected diff gives them.
    let old = Session(pair: ("ada", "x")), new = Session(pair: ("grace", "x"))
    #expect(
      StateDiff(old, new, reflection: options) == LiveDictionaryDifferTests.reflectedDiff(old, new, options: options))
  }
}

/// A change below the reflection depth limit: both sides read `$ref`, and the trace said nothing
/// changed (`"patch":[]`); now it is a replace with the markers on both sides (found in QA).
@Suite struct DepthLimitChangeTests {
  indirect enum Chain: Equatable {
    case end(Int)
    case link(Chain)
  }

  struct Deep: Equatable {
    var chain: Chain
  }

  @Test func aChangeBelowTheLimitIsAReplace() {
    var options = ReflectionOptions()
    options.maximumDepth = 3
    let old = Deep(chain: .link(.link(.link(.end(1))))), new = Deep(chain: .link(.link(.link(.end(2)))))
    let diff = StateDiff(old, new, reflection: options)
    #expect(
      diff.description == """
          DepthLimitChangeTests.Deep(
            chain: .link(
              .link(
        -       <reference DepthLimitChangeTests.Chain>
        +       <reference DepthLimitChangeTests.Chain>
              )
            )
          )
        """)
  }
}
