import Testing

@testable import Debugging

/// Trees built in code can be deeper than the 512 levels a reader accepts: writing and comparing
/// them must not overflow the stack (the writer and `==` switch to a work list past 256 levels).
@Suite struct DeepTreeInCodeTests {
  /// `depth` levels, alternately an array and an object `{"k":…}`, around `leaf`; and its text.
  private func nested(_ depth: Int, leaf: JSON, leafText: String) -> (json: JSON, text: String) {
    var json = leaf
    var open = "", close = ""
    for level in 0..<depth {
      if level.isMultiple(of: 2) {
        json = .array([json])
        open = "[" + open
        close += "]"
      } else {
        json = .object([JSON.Member("k", json)])
        open = #"{"k":"# + open
        close += "}"
      }
    }
    return (json, open + leafText + close)
  }

  @Test func aTreeOf100000LevelsIsWrittenAndCompared() {
    let deep = nested(100_000, leaf: .int(1), leafText: "1")
    let written = JSONWriter.string(deep.json) == deep.text
    #expect(written)
    let equal = deep.json == nested(100_000, leaf: .int(1), leafText: "1").json
    #expect(equal)
    let otherLeaf = deep.json == nested(100_000, leaf: .int(2), leafText: "2").json
    #expect(!otherLeaf)
    let otherDepth = deep.json == nested(99_999, leaf: .int(1), leafText: "1").json
    #expect(!otherDepth)
  }

  @Test func treesAroundTheSwitchAreWrittenAsTheyNest() {
    for depth in [0, 1, 255, 256, 257, 600] {
      let tree = nested(
        depth, leaf: .object([JSON.Member("a", .array([.null, .string("x")]))]), leafText: #"{"a":[null,"x"]}"#)
      #expect(JSONWriter.string(tree.json) == tree.text, "depth \(depth)")
    }
  }
}
