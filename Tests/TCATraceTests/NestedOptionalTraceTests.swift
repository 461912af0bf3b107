import Foundation
import Runtime
import Testing

/// A state field of a nested optional type (`Int??`): `.some(nil)` is recorded as its case, not
/// as `nil`, so setting it and clearing it are both changes that `show` and `state` print and
/// `validate` accepts.
struct NestedOptionalFeature: Reducer {
  struct State: Equatable, Sendable {
    var selection: Int?? = 1
  }
  enum Action: Equatable, Sendable { case clearInner, clearOuter }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .clearInner: state.selection = .some(nil)
    case .clearOuter: state.selection = nil
    }
    return .none
  }
}

@MainActor
@Suite struct NestedOptionalTraceTests {
  private func record(in directory: TemporaryDirectory) -> String {
    let path = directory.path("optional.jsonl")
    var options = TraceRecorderOptions()
    options.timestamps = .deterministic
    do {
      let store = Store(initialState: NestedOptionalFeature.State()) {
        NestedOptionalFeature().debug(to: .file(path), options: options)
      }
      store.send(.clearInner)
      store.send(.clearOuter)
    }
    return path
  }

  @Test func someNilIsRecordedApartFromNil() throws {
    let directory = TemporaryDirectory()
    let path = record(in: directory)
    let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
    #expect(
      lines[2].hasSuffix(
        #""patch":[{"op":"replace","path":"/selection","value":{"$enum":"Int??","some":{"_0":null}}}]}"#))
    #expect(lines[3].hasSuffix(#""patch":[{"op":"replace","path":"/selection","value":null}]}"#))
    #expect(
      tcaTrace("show", path, "--color", "never")
        == ToolRun(
          stdout: """
            NestedOptionalFeature — recorded 1970-01-01T00:00:00.000Z on Linux x86_64, pid 0 (trace format 2)

            #1      +0.001s     0ns  NestedOptionalFeature.Action.clearInner
                NestedOptionalFeature.Action.clearInner
                NestedOptionalFeature.State(
              -   selection: 1
              +   selection: .some(nil)
                )

            #2      +0.002s     0ns  NestedOptionalFeature.Action.clearOuter
                NestedOptionalFeature.Action.clearOuter
                NestedOptionalFeature.State(
              -   selection: .some(nil)
              +   selection: nil
                )
            end +0.003s: 2 actions

            """))
    #expect(tcaTrace("validate", path).code == 0)
    #expect(
      tcaTrace("state", path, "--at", "1")
        == ToolRun(
          stdout: """
            NestedOptionalFeature.State(
              selection: .some(nil)
            )

            """))
  }
}
