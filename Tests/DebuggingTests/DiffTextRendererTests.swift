import Foundation
import Testing

@testable import Debugging

private struct Session: Equatable {
  var user = "ada"
  @Redacted var token = "s3cr3t"
  var password = "hunter2"
}

private final class Node {
  var name: String
  var next: Node?
  init(_ name: String) { self.name = name }
}

private struct Money: Equatable, CustomTraceRepresentable {
  var cents: Int
  var traceValue: Value { .string("$\(cents / 100).\(String(format: "%02d", cents % 100))") }
}

private enum Route: Equatable {
  case list
  case detail(id: Int, title: String)
}

private struct Screen: Equatable {
  var route: Route
  var price = Money(cents: 150)
}

@Suite struct DiffTextRendererTests {
  @Test func colourMarksEachLine() {
    let old = Value.structure(type: "S", fields: [.init("a", .int(1)), .init("b", .int(2))])
    let new = Value.structure(type: "S", fields: [.init("a", .int(1)), .init("b", .int(3))])
    let rendered = DiffTextRenderer(options: .init(color: true)).render(StateDiff(old, new))
    #expect(
      rendered == """
          S(
        \u{1B}[2m    … (1 unchanged),\u{1B}[0m
        \u{1B}[31m-   b: 2\u{1B}[0m
        \u{1B}[32m+   b: 3\u{1B}[0m
          )
        """)
  }

  /// The diff from a fresh `Session` to `new`, `password` redacted by name.
  private func sessionChange(to new: Session) -> String? {
    StateDiff.text(Session(), new, options: .init(), reflection: .init(redactedFieldNames: ["password"]))
  }

  @Test func redactedValuesNeverAppear() {
    var new = Session()
    new.token = "changed-token"
    new.password = "changed-password"
    new.user = "bob"
    #expect(
      sessionChange(to: new) == """
          Session(
        -   user: "ada",
        +   user: "bob",
        -   token: <redacted String>,
        +   token: <redacted String>,
        -   password: <redacted String>
        +   password: <redacted String>
          )
        """)
    // An `@Redacted` value that did not change reads as unchanged.
    var same = Session()
    same.user = "bob"
    #expect(
      sessionChange(to: same) == """
          Session(
        -   user: "ada",
        +   user: "bob",
            … (2 unchanged)
          )
        """)
    let old = Value.structure(type: "Login", fields: [.init("token", .redacted(type: "String")), .init("n", .int(1))])
    let replaced = Value.structure(type: "Login", fields: [.init("token", .int(5)), .init("n", .int(1))])
    #expect(
      diffText(old, replaced) == """
          Login(
        -   token: <redacted String>,
        +   token: 5,
            … (1 unchanged)
          )
        """)
  }

  @Test func cyclesAreReferences() {
    let a = Node("a"), b = Node("b")
    a.next = b
    b.next = a
    let c = Node("a"), d = Node("B")
    c.next = d
    d.next = c
    #expect(
      StateDiff.text(a, c) == """
          Node(
            … (1 unchanged),
            next: Node(
        -     name: "b",
        +     name: "B",
              … (1 unchanged)
            )
          )
        """)
    #expect(Value(reflecting: a)["next"]?["next"] == .reference(type: "Node"))
  }

  @Test func customTraceValuesAreLeavesAndEnumsChangeCase() {
    let old = Screen(route: .list)
    let new = Screen(route: .detail(id: 7, title: "Milk"), price: Money(cents: 275))
    #expect(
      StateDiff.text(old, new) == """
          Screen(
        -   route: .list,
        +   route: .detail(
        +     id: 7,
        +     title: "Milk"
        +   ),
        -   price: "$1.50"
        +   price: "$2.75"
          )
        """)
    let renamed = Screen(route: .detail(id: 7, title: "Eggs"))
    #expect(
      StateDiff.text(Screen(route: .detail(id: 7, title: "Milk")), renamed) == """
          Screen(
            route: .detail(
              … (1 unchanged),
        -     title: "Milk"
        +     title: "Eggs"
            ),
            … (1 unchanged)
          )
        """)
  }

  @Test func optionalsNilAndSome() {
    let some: Int? = 5, none: Int? = nil
    #expect(
      StateDiff.text(none as Any, some as Any) == """
        - nil
        + 5
        """)
    #expect(
      StateDiff.text(Optional(Route.list) as Any, Optional(Route.detail(id: 1, title: "")) as Any)?.hasPrefix("- .list")
        == true)
  }
}
