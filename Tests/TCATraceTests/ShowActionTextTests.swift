import Debugging
import Testing

@testable import tca_trace

/// `ShowTextRenderer.action`: an action's value with its enum type in front, as TCA prints it.
@Suite struct ShowActionTextTests {
  let renderer = ShowTextRenderer(style: TextStyle(colored: false))

  @Test func typeBeforeTheCase() {
    let action = Value.enumCase(
      type: "Todos.Action", name: "todos",
      values: [.init(nil, .enumCase(type: "IdentifiedAction", name: "element", values: [.init("id", .int(3))]))])
    #expect(
      renderer.action(action) == """
            Todos.Action.todos(
              .element(
                id: 3
              )
            )
        """)
    #expect(
      renderer.action(.enumCase(type: "Counter.Action", name: "increment", values: []))
        == "    Counter.Action.increment")
  }

  /// Not an enum case, or no type: the value as it is.
  @Test func otherValues() {
    #expect(renderer.action(.enumCase(type: "", name: "increment", values: [])) == "    .increment")
    #expect(renderer.action(.string("tap")) == #"    "tap""#)
  }

  /// A case name starting with a combining mark makes one Character with the `.`: that Character
  /// is not a `.`, so nothing goes in front (as `String` reads it).
  @Test func combiningMarkAfterTheDot() {
    #expect(renderer.action(.enumCase(type: "A", name: "\u{301}x", values: [])) == "    .\u{301}x")
    #expect(renderer.action(.enumCase(type: "A", name: "é", values: [])) == "    A.é")
  }

  /// Each line is indented; a "\r\n" (one `Character`) inside a line does not start one, at any
  /// place (the newlines are found with `memchr`).
  @Test func indentsEachLineButNotAfterACarriageReturn() {
    let value = Value.structure(type: "A\r\nB", fields: [.init("x", .int(1)), .init("y", .string("z"))])
    #expect(renderer.value(value) == "    A\r\nB(\n      x: 1,\n      y: \"z\"\n    )")
    #expect(renderer.value(.structure(type: "\r\n", fields: [])) == "    \r\n()")
    #expect(renderer.value(.structure(type: "\n", fields: [])) == "    \n  ()")
  }
}
