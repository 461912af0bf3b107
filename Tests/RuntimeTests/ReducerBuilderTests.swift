import Runtime
import Testing

/// Appends a letter to the log for every action.
struct Append: Reducer {
  let letter: String
  func reduce(into state: inout [String], action: LogAction) -> Effect<LogAction> {
    state.append(letter)
    return .none
  }
}

struct Built: Reducer {
  var flag: Bool
  var optional: Bool
  var count: Int

  var body: some Reducer<[String], LogAction> {
    Append(letter: "a")
    if flag { Append(letter: "if") } else { Append(letter: "else") }
    if optional { Append(letter: "optional") }
    for i in 0..<count { Append(letter: "\(i)") }
    CombineReducers {
      Append(letter: "x")
      Append(letter: "y")
    }
    EmptyReducer()
  }
}

@MainActor
struct ReducerBuilderTests {
  @Test func runsReducersInOrderWithControlFlow() {
    var state: [String] = []
    _ = Built(flag: true, optional: true, count: 2).reduce(into: &state, action: .tap)
    #expect(state == ["a", "if", "optional", "0", "1", "x", "y"])
    state = []
    _ = Built(flag: false, optional: false, count: 0).reduce(into: &state, action: .tap)
    #expect(state == ["a", "else", "x", "y"])
  }

  @Test func mergesTheEffectsOfAllReducers() async {
    struct Both: Reducer {
      var body: some Reducer<[String], LogAction> {
        LogFeature(tapEffect: { .send(.log("one")) })
        LogFeature(tapEffect: { .send(.log("two")) })
      }
    }
    let store = Store(initialState: [String]()) { Both() }
    store.send(.tap)
    #expect(store.state == ["one", "one", "two", "two"])  // each log action runs through both
  }

  @Test func reduceClosureAndErasure() {
    var state: [String] = []
    let reducer = Reduce(Append(letter: "erased"))
    _ = reducer.reduce(into: &state, action: .tap)
    _ = Reduce<[String], LogAction> { state, _ in
      state.append("closure")
      return .none
    }.reduce(into: &state, action: .tap)
    #expect(state == ["erased", "closure"])
  }
}
