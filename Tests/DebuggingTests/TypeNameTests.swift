import Foundation
import Testing

@testable import Debugging

private struct Todo {}
private enum Todos {
  struct State {}
  enum Action {}
}
private struct Pair<A, B> {
  struct Inner {}
}
private struct IdentifiedArray<ID, Element> {}
private protocol Shape {}

@Suite struct TypeNameTests {
  @Test(
    arguments: [
      (Int.self as Any.Type, "Int"),
      (String.self, "String"),
      (Todo.self, "Todo"),
      (Todos.State.self, "Todos.State"),
      (Todos.Action.self, "Todos.Action"),
      ([Todo].self, "[Todo]"),
      ([[Int]].self, "[[Int]]"),
      ([String: Int].self, "[String: Int]"),
      ([String: [Int?]].self, "[String: [Int?]]"),
      (Int?.self, "Int?"),
      (Int??.self, "Int??"),
      ([Todo]?.self, "[Todo]?"),
      (Set<Int>.self, "Set<Int>"),
      (IdentifiedArray<UUID, Todo>.self, "IdentifiedArray<UUID, Todo>"),
      (Pair<Int, Todos.State>.Inner.self, "Pair<Int, Todos.State>.Inner"),
      ((a: Int, String).self, "(a: Int, String)"),
      (Void.self, "()"),
      (((Int) -> String).self, "(Int) -> String"),
      ((@Sendable (inout Int, Int...) async throws -> Void).self, "@Sendable (inout Int, Int...) async throws -> ()"),
      (Optional<() -> Int>.self, "(() -> Int)?"),
      ((any Shape).self, "Shape"),
      ((any Shape)?.self, "Shape?"),
      (Any.self, "Any"),
      (Int.Type.self, "Int.Type"),
      ([Int].Type.self, "[Int].Type"),
      (Date.self, "Date"),
      (Result<Int, any Error>.self, "Result<Int, Error>"),
      (Dictionary<Int, String>.Index.self, "Dictionary<Int, String>.Index"),
    ] as [(Any.Type, String)])
  func readableNames(type: Any.Type, expected: String) {
    #expect(TypeName.of(type: type) == expected)
  }

  @Test func localTypesKeepTheirEnclosingType() {
    struct Local {}
    #expect(TypeName.of(type: Local.self) == "TypeNameTests.Local")
    #expect(TypeName.of([Local()]) == "[TypeNameTests.Local]")
  }

  @Test func typeNameOfValues() {
    #expect(TypeName.of(1) == "Int")
    #expect(TypeName.of(["a": [1]]) == "[String: [Int]]")
    #expect(TypeName.of(Optional(Todo()) as Any) == "Todo?")
  }

  @Test(arguments: [
    ("Main.Todo", "Todo"),
    ("Swift.Array<Main.Todo>", "[Todo]"),
    ("Main.Array<Swift.Int>", "Array<Int>"),
    ("(extension in Main):Swift.Array<Swift.Int>.Chunk", "Array<Int>.Chunk"),
    ("Main.(unknown context at $10a).(unknown context at $10b).Local", "Local"),
    ("Swift.Optional<any Main.Shape & Swift.Sendable>", "(any Shape & Sendable)?"),
    ("Swift.Optional<some Main.Shape>", "(some Shape)?"),
    ("Main.Outer.(unknown context at $55b0).P", "Outer.P"),
    ("Main.TypeName.Type", "TypeName.Type"),
    ("Main.Box<", "Box<>"),
    ("(((", "((()))"),
    ("", ""),
    ("a.b.c<d, e<f>>.g", "b.c<d, e<f>>.g"),
  ])
  func scannerOnSpellings(input: String, expected: String) {
    #expect(TypeNameScanner.readable(input) == expected)
  }

  @Test func deeplyNestedSpellingDoesNotOverflow() {
    let input =
      String(repeating: "Swift.Optional<", count: 10_000) + "Swift.Int" + String(repeating: ">", count: 10_000)
    #expect(!TypeNameScanner.readable(input).isEmpty)
  }

  @Test func cacheIsSafeAcrossThreads() async {
    await withTaskGroup(of: String.self) { group in
      for _ in 0..<8 { group.addTask { TypeName.of(type: [Pair<Int, Todo>].self) } }
      for await name in group { #expect(name == "[Pair<Int, Todo>]") }
    }
  }
}
