import Foundation
import Testing

/// `show` on a trace that repeats its action values: every action prints its own whole value, and
/// a bad repeat of a good value is still an error on its own line.
@Suite struct ShowRepeatedActionTests {
  static let toggle =
    #"{"$enum":"Todos.Action","todos":{"_0":{"$enum":"IdentifiedAction<Int, Todo.Action>","element":{"id":1,"action":{"$enum":"Todo.Action","toggled":{}}}}}}"#

  static func action(_ seq: Int, _ value: String, _ done: Bool) -> String {
    #"{"kind":"action","seq":\#(seq),"t":\#(seq)000000,"duration":1000,"label":"Todos.Action.todos(.element(id:, action: .toggled))","action":\#(value),"patch":[{"op":"replace","path":"/todos/0/done","value":\#(done)}]}"#
  }

  static let trace =
    [
      SampleTraces.header,
      #"{"kind":"state","seq":0,"t":0,"state":{"$type":"Todos.State","todos":[{"$type":"Todo.State","id":1,"done":false}]}}"#,
      action(1, toggle, true), action(2, #"{"$enum":"Todos.Action","sortCompleted":{}}"#, false),
      action(3, toggle, true),
    ].joined(separator: "\n") + "\n"

  @Test func everyRepeatPrintsTheWholeValue() {
    let directory = TemporaryDirectory()
    _ = directory.file("repeats.jsonl", contents: Self.trace)
    let actionText = """
          Todos.Action.todos(
            .element(
              id: 1,
              action: .toggled
            )
          )
      """
    func change(_ from: Bool, _ to: Bool) -> String {
      """
          Todos.State(
            todos: [
              [0, id: 1]: Todo.State(
                … (1 unchanged),
        -       done: \(from)
        +       done: \(to)
              )
            ]
          )
      """
    }
    let run = tcaTrace("show", "--color", "never", "repeats.jsonl", in: directory)
    #expect(run.code == 0 && run.stderr == "")
    #expect(
      run.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().joined(separator: "\n") == """

        #1      +0.001s  1.00µs  Todos.Action.todos(.element(id:, action: .toggled))
        \(actionText)
        \(change(false, true))

        #2      +0.002s  1.00µs  Todos.Action.todos(.element(id:, action: .toggled))
            Todos.Action.sortCompleted
        \(change(true, false))

        #3      +0.003s  1.00µs  Todos.Action.todos(.element(id:, action: .toggled))
        \(actionText)
        \(change(false, true))

        """)
  }

  /// The same text as a good value before it, but with a key twice: the reader's error, located.
  @Test func aBadRepeatIsStillAnError() {
    let directory = TemporaryDirectory()
    let bad = Self.toggle.replacingOccurrences(of: #""id":1,"#, with: #""id":1,"id":1,"#)
    _ = directory.file(
      "bad.jsonl", contents: Self.trace + Self.action(4, bad, false) + "\n" + Self.action(5, Self.toggle, false) + "\n")
    let run = tcaTrace("show", "--color", "never", "bad.jsonl", in: directory)
    #expect(run.code == 2)
    #expect(run.stderr.hasPrefix(#"bad.jsonl:6:"#) && run.stderr.contains(#"duplicate key "id""#))
    #expect(run.stdout.contains("#3 ") && !run.stdout.contains("#4 "))
  }
}
