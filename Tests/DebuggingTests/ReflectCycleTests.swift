import Foundation
import Testing

@testable import Debugging

private final class Node {
  var name: String
  var next: Node?
  var children: [Node] = []
  init(_ name: String, next: Node? = nil) {
    self.name = name
    self.next = next
  }
}

private indirect enum List {
  case end
  case cons(Int, List)
}

private struct Wrapper { var inner: Inner }
private struct Inner { var leaf: Leaf; var count = 1 }
private struct Leaf { var value = 1 }

@Suite struct ReflectCycleTests {
  @Test func cycleBecomesAReference() {
    let a = Node("a")
    let b = Node("b", next: a)
    a.next = b
    #expect(
      reflectedTree(of: a) == """
        Node(
          name: "a",
          next: Node(
            name: "b",
            next: <reference Node>,
            children: []
          ),
          children: []
        )
        """)
  }

  @Test func selfReference() {
    let a = Node("a")
    a.next = a
    a.children = [a]
    #expect(
      reflectedTree(of: a) == """
        Node(
          name: "a",
          next: <reference Node>,
          children: [
            <reference Node>
          ]
        )
        """)
  }

  @Test func sharedInstanceIsShownInEveryBranch() {
    let shared = Node("shared")
    let root = Node("root", next: shared)
    root.children = [shared, shared]
    let expectedShared = """
      Node(
          name: "shared",
          next: nil,
          children: []
        )
      """
    #expect(
      reflectedTree(of: root) == """
        Node(
          name: "root",
          next: \(expectedShared),
          children: [
            Node(
              name: "shared",
              next: nil,
              children: []
            ),
            Node(
              name: "shared",
              next: nil,
              children: []
            )
          ]
        )
        """)
  }

  @Test func depthLimitCutsContainers() {
    let value = Wrapper(inner: Inner(leaf: Leaf()))
    #expect(
      reflectedTree(of: value, options: ReflectionOptions(maximumDepth: 1)) == """
        Wrapper(
          inner: <reference Inner>
        )
        """)
    #expect(
      reflectedTree(of: value, options: ReflectionOptions(maximumDepth: 2)) == """
        Wrapper(
          inner: Inner(
            leaf: <reference Leaf>,
            count: 1
          )
        )
        """)
    #expect(Value(reflecting: value, options: ReflectionOptions(maximumDepth: 0)) == .reference(type: "Wrapper"))
    #expect(
      Value(reflecting: [[1]], options: ReflectionOptions(maximumDepth: 1)) == .array([.reference(type: "[Int]")]))
  }

  @Test func deepValuesStopAtTheDefaultLimit() {
    var list = List.end
    for index in 0..<10_000 { list = .cons(index, list) }
    var depth = 0
    var value = Value(reflecting: list)
    while case let .enumCase(_, "cons", values) = value {
      depth += 1
      value = values[1].value
    }
    #expect(depth == 64)
    #expect(value == .reference(type: "List"))
  }

  @Test func deepLinkedClassesStopAtTheLimit() {
    var head = Node("0")
    for index in 1..<5_000 { head = Node("\(index)", next: head) }
    var depth = 0
    var value = Value(reflecting: head, options: ReflectionOptions(maximumDepth: 200))
    while case let .structure(_, fields) = value, let next = fields.first(where: { $0.label == "next" }) {
      depth += 1
      value = next.value
    }
    #expect(depth == 200)
    #expect(value == .reference(type: "Node"))
  }
}
