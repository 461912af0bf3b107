/// Small traces written by hand after docs/log-format.md, until the recorder's Fixtures/ exist.
enum SampleTraces {
  static let header =
    #"{"kind":"session","format":1,"name":"Todos","prefix":"","start":"2026-11-21T19:33:07.123Z","clock":"monotonic","platform":"Linux x86_64","pid":4242,"keyframeInterval":5,"redacted":[]}"#

  /// A Todos session: add, rename, toggle (which starts a sort effect that sends an action),
  /// add another at the front (a keyframe), clear completed (cancelling a save effect).
  static let todos = """
    \(header)
    {"kind":"state","seq":0,"t":0,"state":{"$type":"Todos.State","filter":{"$enum":"Filter","all":{}},"todos":[]}}
    {"kind":"action","seq":1,"t":18200000,"duration":5100,"label":"Todos.Action.addButtonTapped","action":{"$enum":"Todos.Action","addButtonTapped":{}},"patch":[{"op":"add","path":"/todos/0","value":{"$type":"Todo","id":1,"title":"","isComplete":false}}]}
    {"kind":"action","seq":2,"t":250000000,"duration":12300,"label":"Todos.Action.todos(.element(id:, action: .titleChanged))","action":{"$enum":"Todos.Action","todos":{"_0":{"$enum":"IdentifiedAction","element":{"id":1,"action":{"$enum":"Todo.Action","titleChanged":{"_0":"Milk"}}}}}},"patch":[{"op":"replace","path":"/todos/0/title","value":"Milk"}]}
    {"kind":"action","seq":3,"t":1100000000,"duration":4200,"label":"Todos.Action.todos(.element(id:, action: .toggle))","action":{"$enum":"Todos.Action","todos":{"_0":{"$enum":"IdentifiedAction","element":{"id":1,"action":{"$enum":"Todo.Action","toggle":{}}}}}},"patch":[{"op":"replace","path":"/todos/0/isComplete","value":true}]}
    {"kind":"effect","event":"started","effect":1,"t":1100010000,"seq":3,"label":"Todos.Action.todos(.element(id:, action: .toggle))","id":"sort"}
    {"kind":"effect","event":"output","effect":1,"t":2100000000,"seq":4,"label":"Todos.Action.sortCompletedTodos"}
    {"kind":"action","seq":4,"t":2100000000,"duration":2500,"label":"Todos.Action.sortCompletedTodos","action":{"$enum":"Todos.Action","sortCompletedTodos":{}},"effect":1,"patch":[]}
    {"kind":"effect","event":"finished","effect":1,"t":2100050000}
    {"kind":"action","seq":5,"t":3000000000,"duration":6100,"label":"Todos.Action.addButtonTapped","action":{"$enum":"Todos.Action","addButtonTapped":{}},"patch":[{"op":"add","path":"/todos/0","value":{"$type":"Todo","id":2,"title":"","isComplete":false}}],"state":{"$type":"Todos.State","filter":{"$enum":"Filter","all":{}},"todos":[{"$type":"Todo","id":2,"title":"","isComplete":false},{"$type":"Todo","id":1,"title":"Milk","isComplete":true}]}}
    {"kind":"effect","event":"started","effect":2,"t":3000020000,"seq":5,"label":"Todos.Action.addButtonTapped","id":"save"}
    {"kind":"note","t":3100000000,"note":"info","message":"app moved to the background"}
    {"kind":"action","seq":6,"t":3500000000,"duration":250000,"label":"Todos.Action.clearCompletedButtonTapped","action":{"$enum":"Todos.Action","clearCompletedButtonTapped":{}},"patch":[{"op":"remove","path":"/todos/1"}]}
    {"kind":"effect","event":"cancelled","effect":2,"t":3500300000}
    {"kind":"end","t":4000000000,"actions":6}

    """
}

extension TemporaryDirectory {
  /// A directory holding `todos.jsonl` (`SampleTraces.todos`).
  static func withTodos() -> TemporaryDirectory {
    let directory = TemporaryDirectory()
    _ = directory.file("todos.jsonl", contents: SampleTraces.todos)
    return directory
  }
}
