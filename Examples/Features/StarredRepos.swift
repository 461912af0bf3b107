import Foundation
import Runtime

/// A repository in the starred list.
public struct Repo: Codable, Equatable, Sendable {
  public var id: Int
  public var name: String
  public var stars: Int

  public init(id: Int, name: String, stars: Int) {
    self.id = id
    self.name = name
    self.stars = stars
  }
}

/// One row of the starred list, identified as TCA users often write it: through a computed `id`.
public struct RepoRow: Reducer {
  public struct State: Codable, Equatable, Identifiable, Sendable {
    public var repo: Repo
    public var isStarred: Bool
    public var id: Int { repo.id }

    public init(repo: Repo, isStarred: Bool = false) {
      self.repo = repo
      self.isStarred = isStarred
    }
  }

  public enum Action: Codable, Equatable, Sendable {
    case starTapped
  }

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.isStarred.toggle()
    state.repo.stars += state.isStarred ? 1 : -1
    return .none
  }
}

/// A list of repositories: star them, sort them by stars.
public struct StarredRepos: Reducer {
  public struct State: Codable, Equatable, Sendable {
    public var rows: IdentifiedArrayOf<RepoRow.State>

    public init(rows: IdentifiedArrayOf<RepoRow.State> = []) {
      self.rows = rows
    }
  }

  public enum Action: Codable, Equatable, Sendable {
    case sortByStarsTapped
    case rows(IdentifiedActionOf<RepoRow>)
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .sortByStarsTapped = action { state.rows.sort { $0.repo.stars > $1.repo.stars } }
      return .none
    }
    .forEach(\.rows, action: Action.rowsCase) { RepoRow() }
  }
}

extension StarredRepos.Action {
  static let rowsCase = AnyCasePath<Self, IdentifiedActionOf<RepoRow>>(embed: Self.rows) { action in
    if case let .rows(rowAction) = action { rowAction } else { nil }
  }
}
