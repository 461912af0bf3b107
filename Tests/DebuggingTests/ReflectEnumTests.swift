import Foundation
import Testing

@testable import Debugging

private enum Todo {
  enum Action: Equatable { case toggle, rename(String), move(from: Int, to: Int) }
}

private enum AppAction {
  case todo(id: UUID, action: Todo.Action)
  case point((Int, Int))
  case pair(Int, String)
  case single(value: Int)
  case optional(Int?)
  case nothing
}

private indirect enum Expression {
  case number(Int)
  case add(Expression, Expression)
  case negate(Expression)
}

private enum Described: CustomStringConvertible {
  case plain, payload(Int)
  var description: String { "not the case name" }
}

private enum First { case none, some }
private enum Second { case none(Int), some }

private struct Task {
  enum Priority { case low, high, custom(level: Int) }
  var title: String
  var priority: Priority
}

private let id = UUID(uuidString: "00000000-0000-0000-0000-00000000000A")!

@Suite struct ReflectEnumTests {
  @Test func caseWithoutValues() {
    #expect(Value(reflecting: AppAction.nothing) == .enumCase(type: "AppAction", name: "nothing", values: []))
    #expect(Value(reflecting: Todo.Action.toggle) == .enumCase(type: "Todo.Action", name: "toggle", values: []))
  }

  @Test func labelledValuesKeepLabels() {
    #expect(
      reflectedTree(of: AppAction.todo(id: id, action: .move(from: 1, to: 2))) == """
        AppAction.todo(
          id: UUID(00000000-0000-0000-0000-00000000000A),
          action: Todo.Action.move(
            from: 1,
            to: 2
          )
        )
        """)
  }

  @Test func singleValues() {
    #expect(
      Value(reflecting: Todo.Action.rename("Eggs"))
        == .enumCase(type: "Todo.Action", name: "rename", values: [.init(nil, .string("Eggs"))]))
    #expect(
      Value(reflecting: AppAction.single(value: 3))
        == .enumCase(type: "AppAction", name: "single", values: [.init("value", .int(3))]))
    #expect(
      Value(reflecting: AppAction.optional(nil))
        == .enumCase(type: "AppAction", name: "optional", values: [.init(nil, .null)]))
  }

  @Test func unlabelledAndTupleValues() {
    #expect(
      Value(reflecting: AppAction.pair(1, "a"))
        == .enumCase(type: "AppAction", name: "pair", values: [.init(nil, .int(1)), .init(nil, .string("a"))]))
    // Swift cannot tell a single tuple payload from several values; both show as values.
    #expect(
      Value(reflecting: AppAction.point((3, 4)))
        == .enumCase(type: "AppAction", name: "point", values: [.init(nil, .int(3)), .init(nil, .int(4))]))
  }

  @Test func indirectEnums() {
    #expect(
      reflectedTree(of: Expression.add(.number(1), .negate(.number(2)))) == """
        Expression.add(
          Expression.number(
            1
          ),
          Expression.negate(
            Expression.number(
              2
            )
          )
        )
        """)
  }

  @Test func caseNamesIgnoreCustomDescriptions() {
    #expect(Value(reflecting: Described.plain) == .enumCase(type: "Described", name: "plain", values: []))
    #expect(
      Value(reflecting: Described.payload(1))
        == .enumCase(type: "Described", name: "payload", values: [.init(nil, .int(1))]))
    #expect(Value.caseName(of: Described.plain) == "plain")
    #expect(Value.caseName(of: 3) == nil)
  }

  @Test func casesRememberedPerCallStayExact() {
    let tasks = [
      Task(title: "a", priority: .low), Task(title: "b", priority: .custom(level: 3)),
      Task(title: "c", priority: .low), Task(title: "d", priority: .custom(level: 4)),
      Task(title: "e", priority: .high),
    ]
    #expect(
      reflectedTree(of: tasks[1]) == """
        Task(
          title: "b",
          priority: Task.Priority.custom(
            level: 3
          )
        )
        """)
    #expect(
      Value(reflecting: tasks.map(\.priority))
        == .array([
          .enumCase(type: "Task.Priority", name: "low", values: []),
          .enumCase(type: "Task.Priority", name: "custom", values: [.init("level", .int(3))]),
          .enumCase(type: "Task.Priority", name: "low", values: []),
          .enumCase(type: "Task.Priority", name: "custom", values: [.init("level", .int(4))]),
          .enumCase(type: "Task.Priority", name: "high", values: []),
        ]))
  }

  @Test func sameCaseNameInTwoEnums() {
    let values: [Any] = [First.none, Second.none(1), First.none, Second.none(2), Second.some, First.some]
    #expect(
      Value(reflecting: values)
        == .array([
          .enumCase(type: "First", name: "none", values: []),
          .enumCase(type: "Second", name: "none", values: [.init(nil, .int(1))]),
          .enumCase(type: "First", name: "none", values: []),
          .enumCase(type: "Second", name: "none", values: [.init(nil, .int(2))]),
          .enumCase(type: "Second", name: "some", values: []),
          .enumCase(type: "First", name: "some", values: []),
        ]))
  }
}
