import Foundation
import Runtime
import Testing

// A `.debug()` on a child inside `body`: one session for every `forEach` row, every `ifLet`
// presentation and whatever the parent changes in between. Each action's diff is its own change.

struct StarRow: Reducer {
  struct State: Equatable, Identifiable, Sendable {
    var repo: StarredRepo
    var isStarred = false
    var id: Int { repo.id }
  }
  enum Action: Equatable, Sendable { case starTapped }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.isStarred.toggle()
    return .none
  }
}

struct StarEditor: Reducer {
  struct State: Equatable, Sendable {
    var title: String
    var isSaved = false
  }
  enum Action: Equatable, Sendable { case saveTapped }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.isSaved = true
    return .none
  }
}

struct StarRepos: Reducer {
  struct State: Equatable, Sendable {
    var rows: IdentifiedArrayOf<StarRow.State>
    var editor: StarEditor.State?
  }
  enum Action: Equatable, Sendable {
    case rows(IdentifiedActionOf<StarRow>)
    case editor(StarEditor.Action)
    case editTapped(String)
    case renameFirstTapped

    static let rowsCase = AnyCasePath<Self, IdentifiedActionOf<StarRow>>(embed: Self.rows) { action in
      if case let .rows(rowAction) = action { rowAction } else { nil }
    }
    static let editorCase = AnyCasePath<Self, StarEditor.Action>(embed: Self.editor) { action in
      if case let .editor(editorAction) = action { editorAction } else { nil }
    }
  }

  let path: String
  let options: TraceRecorderOptions

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .editTapped(title): state.editor = StarEditor.State(title: title)
      case .editor(.saveTapped): state.editor = nil
      case .renameFirstTapped: state.rows[id: 3]?.repo.name = "renamed"
      case .rows: break
      }
      return .none
    }
    .forEach(\.rows, action: Action.rowsCase) { StarRow().debug("row", to: .file(path), options: options) }
    .ifLet(\.editor, action: Action.editorCase) { StarEditor().debug("editor", to: .file(path), options: options) }
  }
}

@MainActor
private func recordRepos(in directory: TemporaryDirectory) -> String {
  let path = directory.path("rows.jsonl")
  var options = TraceRecorderOptions()
  options.timestamps = .deterministic
  do {
    let store = Store(
      initialState: StarRepos.State(rows: [
        StarRow.State(repo: StarredRepo(id: 3, name: "swift", stars: 10)),
        StarRow.State(repo: StarredRepo(id: 5, name: "tca", stars: 20)),
        StarRow.State(repo: StarredRepo(id: 7, name: "dump", stars: 30)),
      ])
    ) { StarRepos(path: path, options: options) }
    store.send(.rows(.element(id: 5, action: .starTapped)))
    store.send(.rows(.element(id: 7, action: .starTapped)))
    store.send(.rows(.element(id: 5, action: .starTapped)))
    store.send(.renameFirstTapped)
    store.send(.rows(.element(id: 3, action: .starTapped)))
    store.send(.editTapped("first"))
    store.send(.editor(.saveTapped))
    store.send(.editTapped("second"))
    store.send(.editor(.saveTapped))
  }
  return path
}

@MainActor
@Suite struct ChildSessionDiffTests {
  @Test func eachForEachRowActionShowsItsOwnRowsChange() {
    let directory = TemporaryDirectory()
    let path = recordRepos(in: directory)
    #expect(
      tcaTrace("show", path, "--prefix", "row", "--color", "never")
        == ToolRun(
          stdout: """
            StarRow (row) — recorded 1970-01-01T00:00:00.000Z on Linux x86_64, pid 0 (trace format 2)

            #1      +0.001s     0ns  StarRow.Action.starTapped
                StarRow.Action.starTapped
                StarRow.State(
                  … (1 unchanged),
              -   isStarred: false
              +   isStarred: true
                )
              (State changed outside the reducer after #1)

            #2      +0.003s     0ns  StarRow.Action.starTapped
                StarRow.Action.starTapped
                StarRow.State(
                  … (1 unchanged),
              -   isStarred: false
              +   isStarred: true
                )
              (State changed outside the reducer after #2)

            #3      +0.005s     0ns  StarRow.Action.starTapped
                StarRow.Action.starTapped
                StarRow.State(
                  … (1 unchanged),
              -   isStarred: true
              +   isStarred: false
                )
              (State changed outside the reducer after #3)

            #4      +0.007s     0ns  StarRow.Action.starTapped
                StarRow.Action.starTapped
                StarRow.State(
                  … (1 unchanged),
              -   isStarred: false
              +   isStarred: true
                )
            end +0.008s: 4 actions

            """))
  }

  @Test func anIfLetChildPresentedAgainShowsItsOwnChange() {
    let directory = TemporaryDirectory()
    let path = recordRepos(in: directory)
    #expect(
      tcaTrace("show", path, "--prefix", "editor", "--color", "never")
        == ToolRun(
          stdout: """
            StarEditor (editor) — recorded 1970-01-01T00:00:00.000Z on Linux x86_64, pid 0 (trace format 2)

            #1      +0.001s     0ns  StarEditor.Action.saveTapped
                StarEditor.Action.saveTapped
                StarEditor.State(
                  … (1 unchanged),
              -   isSaved: false
              +   isSaved: true
                )
              (State changed outside the reducer after #1)

            #2      +0.003s     0ns  StarEditor.Action.saveTapped
                StarEditor.Action.saveTapped
                StarEditor.State(
                  … (1 unchanged),
              -   isSaved: false
              +   isSaved: true
                )
            end +0.004s: 2 actions

            """))
  }

  /// The state each action started from is a `state` line before it, carrying the last `seq`.
  @Test func theStateAnActionStartedFromIsWrittenBeforeIt() throws {
    let directory = TemporaryDirectory()
    let path = recordRepos(in: directory)
    let editor = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
      .filter { $0.contains(#""reducer":"editor""#) }
    #expect(
      editor.joined(separator: "\n") == """
        {"kind":"session","format":2,"reducer":"editor","name":"StarEditor","prefix":"editor","start":"1970-01-01T00:00:00.000Z","clock":"monotonic","platform":"Linux x86_64","pid":0,"keyframeInterval":0,"redacted":[],"redaction":"default"}
        {"kind":"state","reducer":"editor","seq":0,"t":0,"state":{"$type":"StarEditor.State","title":"first","isSaved":false}}
        {"kind":"action","reducer":"editor","seq":1,"t":1000000,"duration":0,"label":"StarEditor.Action.saveTapped","action":{"$enum":"StarEditor.Action","saveTapped":{}},"patch":[{"op":"replace","path":"/isSaved","value":true}]}
        {"kind":"state","reducer":"editor","seq":1,"changedOutside":true,"t":2000000,"state":{"$type":"StarEditor.State","title":"second","isSaved":false}}
        {"kind":"action","reducer":"editor","seq":2,"t":3000000,"duration":0,"label":"StarEditor.Action.saveTapped","action":{"$enum":"StarEditor.Action","saveTapped":{}},"patch":[{"op":"replace","path":"/isSaved","value":true}]}
        {"kind":"end","reducer":"editor","t":4000000,"actions":2}
        """)
    #expect(tcaTrace("validate", path, "--prefix", "row") == ToolRun(stdout: "\(path): valid\n"))
    #expect(tcaTrace("validate", path, "--prefix", "editor") == ToolRun(stdout: "\(path): valid\n"))
  }

  /// `state --at N` is the state after action N, not the next row's state written after it.
  @Test func stateAtAnActionIsThatRowsStateAfterIt() {
    let directory = TemporaryDirectory()
    let path = recordRepos(in: directory)
    #expect(
      tcaTrace("state", path, "--prefix", "row", "--at", "1", "--format", "json")
        == ToolRun(
          stdout:
            #"{"$type":"StarRow.State","$id":5,"repo":{"$type":"StarredRepo","id":5,"name":"tca","stars":20},"isStarred":true}"#
            + "\n"))
    #expect(
      tcaTrace("state", path, "--prefix", "row", "--at", "4", "--format", "json")
        == ToolRun(
          stdout:
            #"{"$type":"StarRow.State","$id":3,"repo":{"$type":"StarredRepo","id":3,"name":"renamed","stars":10},"isStarred":true}"#
            + "\n"))
  }

  @Test func testgenStopsWhereTheStateChangedOutsideTheReducer() {
    let directory = TemporaryDirectory()
    // The row reducer's lines only: the editor's interleave with them as the two workers go.
    let rows = (try? String(contentsOfFile: recordRepos(in: directory), encoding: .utf8)) ?? ""
    let path = directory.file(
      "row.jsonl",
      contents: rows.split(separator: "\n").filter { !$0.contains(#""reducer":"editor""#) }
        .joined(separator: "\n") + "\n")
    let run = tcaTrace("testgen", path)
    #expect(
      run
        == ToolRun(
          stderr: """
            Error: row.jsonl:4: the state changed outside the reducer before #2 (another forEach element, an ifLet child \
            presented again, or a change by its parent), which a test of this reducer cannot reproduce; generate up to \
            it (--to 1) or from it (--from 2)

            """, code: 2))
    #expect(tcaTrace("testgen", path, "--to", "1").code == 0)
  }
}
