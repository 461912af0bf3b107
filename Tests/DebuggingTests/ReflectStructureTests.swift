import Foundation
import Testing

@testable import Debugging

private struct Todo {
  var id: UUID
  var description: String
  var isComplete: Bool
}

private struct Todos {
  struct State {
    var todos: [Todo] = []
    var filter: Filter = .all
    var editing: Todo? = nil
    var limits = (min: 0, max: 10)
  }
  enum Filter { case all, active, completed }
}

private class Animal {
  var name: String
  init(name: String) { self.name = name }
}

private final class Dog: Animal {
  var barks = true
}

private struct Empty {}

/// A custom scalar: cents shown as a decimal string.
private struct Money: CustomTraceRepresentable {
  var cents: Int
  var traceValue: Value { .string("\(cents / 100).\(cents % 100 < 10 ? "0" : "")\(cents % 100)") }
}

private struct Order {
  var total = Money(cents: 1205)
  var lines = [Money(cents: 5), Money(cents: 1200)]
}

private protocol Shape {}
private struct Circle: Shape { var radius = 2.0 }
private final class Owner { var name = "ada" }

/// Fields of every storage kind, read in place.
private struct Mixed<T> {
  var generic: T
  var nested: Int?? = .some(nil)
  var optional: String? = "x"
  var shape: any Shape = Circle()
  var anything: Any = 3
  var owner = Owner()
  var tuple = (1, "one")
  var filter = Todos.Filter.active
  var empty = Empty()
  var list: [Int?] = [1, nil]
  var matrix: ContiguousArray<[Int]> = [[1], []]
  var counts: [String: Int] = ["b": 2, "a": 1]
  var unit: Void = ()
}

/// A struct with weak and unowned references: reflected through `Mirror`.
private struct Links {
  weak var weakOwner: Owner?
  unowned var owner: Owner
  var count = 1
}

private let todoID = UUID(uuidString: "00000000-0000-0000-0000-000000000001")!

@Suite struct ReflectStructureTests {
  @Test func structFieldsInDeclarationOrder() {
    #expect(
      Value(reflecting: Todo(id: todoID, description: "Milk", isComplete: false))
        == .structure(
          type: "Todo",
          fields: [
            .init("id", .uuid(todoID)),
            .init("description", .string("Milk")),
            .init("isComplete", .bool(false)),
          ]
        ))
  }

  @Test func nestedTypesOptionalsAndTuples() {
    var state = Todos.State(todos: [Todo(id: todoID, description: "Milk", isComplete: true)])
    state.editing = state.todos[0]
    #expect(
      reflectedTree(of: state) == """
        Todos.State(
          todos: [
            Todo(
              id: UUID(00000000-0000-0000-0000-000000000001),
              description: "Milk",
              isComplete: true
            )
          ],
          filter: Todos.Filter.all,
          editing: Todo(
            id: UUID(00000000-0000-0000-0000-000000000001),
            description: "Milk",
            isComplete: true
          ),
          limits: (
            min: 0,
            max: 10
          )
        )
        """)
  }

  @Test func optionals() {
    #expect(Value(reflecting: Int?.none as Any) == .null)
    #expect(Value(reflecting: Int?.some(3) as Any) == .int(3))
    #expect(Value(reflecting: Int??.some(.some(3)) as Any) == .int(3))
    // A nested optional holding `nil` is its case, not the outer `nil`.
    #expect(
      Value(reflecting: Int??.some(.none) as Any)
        == .enumCase(type: "Int??", name: "some", values: [.init(nil, .null)]))
    #expect(Value(reflecting: Int??.none as Any) == .null)
    #expect(Value(reflecting: [1, nil, 3] as [Int?]) == .array([.int(1), .null, .int(3)]))
  }

  @Test func tuplesKeepLabelsAndDropPositions() {
    #expect(
      Value(reflecting: (x: 1, "two", z: 3.0))
        == .tuple([.init("x", .int(1)), .init(nil, .string("two")), .init("z", .double(3))]))
    #expect(Value(reflecting: ()) == .tuple([]))
  }

  @Test func classesIncludeInheritedFieldsFirst() {
    #expect(
      reflectedTree(of: Dog(name: "Rex")) == """
        Dog(
          name: "Rex",
          barks: true
        )
        """)
  }

  @Test func emptyStructAndClosure() {
    #expect(Value(reflecting: Empty()) == .structure(type: "Empty", fields: []))
    let closure: (Int) -> String = { "\($0)" }
    #expect(Value(reflecting: closure) == .structure(type: "(Int) -> String", fields: []))
  }

  @Test func fieldsOfEveryStorageKind() {
    #expect(
      reflectedTree(of: Mixed(generic: [UInt8(1)])) == """
        Mixed<[UInt8]>(
          generic: [
            1
          ],
          nested: Int??.some(
            nil
          ),
          optional: "x",
          shape: Circle(
            radius: Double(2.0)
          ),
          anything: 3,
          owner: Owner(
            name: "ada"
          ),
          tuple: (
            1,
            "one"
          ),
          filter: Todos.Filter.active,
          empty: Empty(),
          list: [
            1,
            nil
          ],
          matrix: [
            [
              1
            ],
            []
          ],
          counts: [
            "a": 1,
            "b": 2
          ],
          unit: ()
        )
        """)
  }

  @Test func weakAndUnownedFieldsGoThroughMirror() {
    let owner = Owner()
    let links = Links(weakOwner: owner, owner: owner)
    #expect(
      reflectedTree(of: links) == """
        Links(
          weakOwner: Owner(
            name: "ada"
          ),
          owner: Owner(
            name: "ada"
          ),
          count: 1
        )
        """)
    #expect(Value(reflecting: Links(weakOwner: nil, owner: owner))["weakOwner"] == .null)
    withExtendedLifetime(owner) {}
  }

  @Test func reflectingFromManyTasksAtOnce() async {
    let state = Todos.State(todos: (0..<100).map { Todo(id: todoID, description: "\($0)", isComplete: false) })
    let expected = Value(reflecting: state)
    await withTaskGroup(of: Value.self) { group in
      for _ in 0..<8 { group.addTask { Value(reflecting: Mixed(generic: state)).self["generic"]! } }
      for await value in group { #expect(value == expected) }
    }
  }

  @Test func customTraceRepresentableReplacesTheFields() {
    #expect(
      reflectedTree(of: Order()) == """
        Order(
          total: "12.05",
          lines: [
            "0.05",
            "12.00"
          ]
        )
        """)
  }

  @Test func aTreeReflectsAsItself() {
    let value = Value(reflecting: Order())
    #expect(Value(reflecting: value) == value)
    #expect(Value(reflecting: [value]) == .array([value]))
  }

  @Test func readingInPlaceAgreesWithMirror() {
    let todo = Todo(id: todoID, description: "Milk", isComplete: true)
    let owner = Owner()
    let values: [Any] = [
      Mixed(generic: Todos.State(todos: [todo, todo], editing: todo)),
      Mixed(generic: (a: 1, (b: "x", c: [Empty()]))),
      Links(weakOwner: owner, owner: owner),
      [Order(), Order()],
      (1, [todo], Optional(todo)),
      [Todos.Filter.all, .active, .all, .completed],
    ]
    for options in [ReflectionOptions(), ReflectionOptions(maximumDepth: 2, redactedFieldNames: ["description", "a"])] {
      for value in values {
        var inPlace = Reflector(options: options)
        var mirror = Reflector(options: options)
        mirror.readsInPlace = false
        #expect(inPlace.reflect(value, depth: 0) == mirror.reflect(value, depth: 0))
      }
    }
    withExtendedLifetime(owner) {}
  }
}
