import Testing

@testable import Debugging

/// `TouchedChildren`: a patch's children of one node, found by token in a list or, from eight on,
/// by an index — the same answers either way, in the order first touched.
@Suite struct TouchedChildrenTests {
  @Test(arguments: [1, 7, 8, 9, 100])
  func findsEveryChildInTheOrderTouched(count: Int) {
    var children = TouchedChildren()
    let nodes = (0..<count).map { _ in PatchTouches.Node() }
    for (offset, node) in nodes.enumerated() { children["\(offset)"] = node }
    #expect(children.count == count && !children.isEmpty)
    #expect(children.map(\.key) == (0..<count).map { "\($0)" })
    for (offset, node) in nodes.enumerated() { #expect(children["\(offset)"] === node) }
    #expect(children["\(count)"] == nil && children["-"] == nil)
    #expect(children.first?.key == "0" && children.first?.value === nodes[0])
  }

  @Test(arguments: [3, 20])
  func settingATokenAgainReplacesItsChild(count: Int) {
    var children = TouchedChildren()
    for offset in 0..<count { children["t\(offset)"] = PatchTouches.Node() }
    let replacement = PatchTouches.Node()
    children["t1"] = replacement
    #expect(children.count == count)
    #expect(children["t1"] === replacement)
    #expect(children.map(\.key) == (0..<count).map { "t\($0)" })
  }

  @Test func anEmptyOneHasNothing() {
    let children = TouchedChildren()
    #expect(children.isEmpty && children.count == 0 && children.first == nil && children["a"] == nil)
  }
}
