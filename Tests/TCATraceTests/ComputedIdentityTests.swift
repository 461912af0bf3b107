import Foundation
import Runtime
import Testing

// Rows identified as TCA users write them: `Identifiable` through a computed `id`.

struct StarredRepo: Equatable, Sendable {
  var id: Int
  var name: String
  var stars: Int
}

struct StarredRepoRow: Reducer {
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

struct StarredRepos: Reducer {
  struct State: Equatable, Sendable {
    var rows: IdentifiedArrayOf<StarredRepoRow.State>
  }

  enum Action: Equatable, Sendable {
    case sortByStars
    case rows(IdentifiedActionOf<StarredRepoRow>)

    static let rowsCase = AnyCasePath<Self, IdentifiedActionOf<StarredRepoRow>>(embed: Self.rows) { action in
      if case let .rows(rowAction) = action { rowAction } else { nil }
    }
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .sortByStars = action { state.rows.sort { $0.repo.stars > $1.repo.stars } }
      return .none
    }
    .forEach(\.rows, action: Action.rowsCase) { StarredRepoRow() }
  }
}

/// Three repos starred by id 7, sorted by stars (7 moves to the top), then 7 starred again.
private func recordRepos(in directory: TemporaryDirectory) -> String {
  let path = directory.path("repos.jsonl")
  var options = TraceRecorderOptions()
  options.timestamps = .deterministic
  let reducer = StarredRepos().debug(to: .file(path), options: options)
  var state = StarredRepos.State(rows: [
    StarredRepoRow.State(repo: StarredRepo(id: 3, name: "swift", stars: 10)),
    StarredRepoRow.State(repo: StarredRepo(id: 5, name: "tca", stars: 20)),
    StarredRepoRow.State(repo: StarredRepo(id: 7, name: "dump", stars: 30)),
  ])
  _ = reducer.reduce(into: &state, action: .rows(.element(id: 7, action: .starTapped)))
  _ = reducer.reduce(into: &state, action: .sortByStars)
  _ = reducer.reduce(into: &state, action: .rows(.element(id: 7, action: .starTapped)))
  reducer.recorder.close()
  return path
}

@Suite struct ComputedIdentityTests {
  @Test func aSortOfRowsWithAComputedIDShowsAsMoves() {
    let directory = TemporaryDirectory()
    let path = recordRepos(in: directory)
    #expect(
      tcaTrace("show", path, "--color", "never")
        == ToolRun(
          stdout: """
            StarredRepos — recorded 1970-01-01T00:00:00.000Z on Linux x86_64, pid 0 (trace format 2)

            #1      +0.001s     0ns  StarredRepos.Action.rows(.element(id:, action: .starTapped))
                StarredRepos.Action.rows(
                  .element(
                    id: 7,
                    action: .starTapped
                  )
                )
                StarredRepos.State(
                  rows: [
                    … (2 unchanged),
                    [2, id: 7]: StarredRepoRow.State(
                      … (1 unchanged),
              -       isStarred: false
              +       isStarred: true
                    )
                  ]
                )

            #2      +0.002s     0ns  StarredRepos.Action.sortByStars
                StarredRepos.Action.sortByStars
                StarredRepos.State(
                  rows: [
              ~     [2 → 0, id: 7],
              ~     [1 → 1, id: 5],
                    … (1 unchanged)
                  ]
                )

            #3      +0.003s     0ns  StarredRepos.Action.rows(.element(id:, action: .starTapped))
                StarredRepos.Action.rows(
                  .element(
                    id: 7,
                    action: .starTapped
                  )
                )
                StarredRepos.State(
                  rows: [
                    [0, id: 7]: StarredRepoRow.State(
                      … (1 unchanged),
              -       isStarred: true
              +       isStarred: false
                    ),
                    … (2 unchanged)
                  ]
                )
            end +0.004s: 3 actions

            """))
  }

  @Test func blameByAComputedIDFindsEveryChange() {
    let directory = TemporaryDirectory()
    let path = recordRepos(in: directory)
    #expect(
      tcaTrace("blame", path, "rows[id:7].isStarred")
        == ToolRun(
          stdout: """
            #1      +0.001s     0ns  StarredRepos.Action.rows(.element(id:, action: .starTapped))
              - false
              + true
            #3      +0.003s     0ns  StarredRepos.Action.rows(.element(id:, action: .starTapped))
              - true
              + false
            2 actions changed rows[id:7].isStarred.

            """))
  }

  /// The whole row: its text shows the fields, not the recorded `$id`.
  @Test func aRowsTextDoesNotShowItsRecordedID() {
    let directory = TemporaryDirectory()
    let path = recordRepos(in: directory)
    #expect(
      tcaTrace("blame", path, "rows[id:7]", "--color", "never")
        == ToolRun(
          stdout: """
            #1      +0.001s     0ns  StarredRepos.Action.rows(.element(id:, action: .starTapped))
              - StarredRepoRow.State(repo: StarredRepo(id: 7, name: "dump", stars: 30), isStarred: false)
              + StarredRepoRow.State(repo: StarredRepo(id: 7, name: "dump", stars: 30), isStarred: true)
            #3      +0.003s     0ns  StarredRepos.Action.rows(.element(id:, action: .starTapped))
              - StarredRepoRow.State(repo: StarredRepo(id: 7, name: "dump", stars: 30), isStarred: true)
              + StarredRepoRow.State(repo: StarredRepo(id: 7, name: "dump", stars: 30), isStarred: false)
            2 actions changed rows[id:7].

            """))
  }

  @Test func theStateCarriesTheComputedIDAsDollarID() throws {
    let directory = TemporaryDirectory()
    let path = recordRepos(in: directory)
    let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
    #expect(
      String(lines[1])
        == #"{"kind":"state","seq":0,"t":0,"state":{"$type":"StarredRepos.State","rows":[{"$type":"StarredRepoRow.State","$id":3,"repo":{"$type":"StarredRepo","id":3,"name":"swift","stars":10},"isStarred":false},{"$type":"StarredRepoRow.State","$id":5,"repo":{"$type":"StarredRepo","id":5,"name":"tca","stars":20},"isStarred":false},{"$type":"StarredRepoRow.State","$id":7,"repo":{"$type":"StarredRepo","id":7,"name":"dump","stars":30},"isStarred":false}]}}"#
    )
    // The sort is recorded as moves of whole rows.
    #expect(
      lines[3].hasSuffix(
        #""patch":[{"op":"move","from":"/rows/2","path":"/rows/0"},{"op":"move","from":"/rows/2","path":"/rows/1"}]}"#))
  }
}
