import ExampleFeatures
import Foundation
import RuntimeTesting
import Testing

/// Every way a state assertion fails, with its exact message.
@MainActor
@Suite struct TestStoreStateFailureTests {
  @Test func stateChangeDoesNotMatchExpectation() async {
    let log = FailureLog()
    let store = TestStore(initialState: Counter.State(), reducer: Counter(), failureReporter: log.reporter)

    let line: UInt = #line + 1
    await store.send(.incrementButtonTapped) { $0.count = 2 }

    #expect(
      log.messages == [
        """
        A state change does not match expectation: …

            Counter.State(
          -   count: 2
          +   count: 1
            )

        (Expected: -, Actual: +)
        """
      ])
    #expect(log.failures.map(\.location.line) == [line])
    #expect(log.failures.map(\.location.column) == [21])
    #expect(log.failures.map { "\($0.location.fileID)" } == ["RuntimeTestingTests/TestStoreStateFailureTests.swift"])
    #expect(store.state == Counter.State(count: 1))
  }

  @Test func stateChangedWithoutAClosure() async {
    let log = FailureLog()
    let store = TestStore(initialState: EffectsBasics.State(count: 3), failureReporter: log.reporter) {
      EffectsBasics()
    }

    await store.send(.incrementButtonTapped)

    #expect(
      log.messages == [
        """
        State was not expected to change, but a change occurred: …

            EffectsBasics.State(
          -   count: 3,
          +   count: 4,
              … (2 unchanged)
            )

        (Expected: -, Actual: +)
        """
      ])
  }

  @Test func closureThatChangesNothing() async {
    let log = FailureLog()
    let store = TestStore(initialState: Counter.State(count: 1), failureReporter: log.reporter) {
      Reduce<Counter.State, Counter.Action> { _, _ in .none }
    }

    await store.send(.incrementButtonTapped) { $0.count = 1 }

    #expect(
      log.messages == [
        """
        Expected state to change, but no change occurred.

        The trailing closure made no observable modifications to state. If no change to state is \
        expected, omit the trailing closure.
        """
      ])
  }

  @Test func closureThatThrows() async {
    struct Oops: Error {}
    let log = FailureLog()
    let store = TestStore(initialState: Counter.State(), reducer: Counter(), failureReporter: log.reporter)

    await store.send(.incrementButtonTapped) { _ in throw Oops() }

    #expect(log.messages == ["Threw error: Oops()"])
  }

  @Test func nestedChangeInAnIdentifiedArray() async {
    let log = FailureLog()
    let store = TestStore(
      initialState: Todos.State(todos: [
        Todo.State(description: "Milk", id: UUID(0)),
        Todo.State(description: "Eggs", id: UUID(1)),
      ]),
      failureReporter: log.reporter
    ) {
      Todos(clock: TestClock(), uuid: .incrementing())
    }

    await store.send(.todos(.element(id: UUID(1), action: .textFieldChanged("Bread")))) {
      $0.todos[id: UUID(1)]?.description = "Butter"
    }

    #expect(
      log.messages == [
        """
        A state change does not match expectation: …

            Todos.State(
              … (1 unchanged),
              todos: [
                … (1 unchanged),
                [1, id: UUID(00000000-0000-0000-0000-000000000001)]: Todo.State(
          -       description: "Butter",
          +       description: "Bread",
                  … (2 unchanged)
                )
              ]
            )

        (Expected: -, Actual: +)
        """
      ])
  }

  @Test func receivedStateDoesNotMatchExpectation() async {
    let log = FailureLog()
    let store = TestStore(initialState: EffectsBasics.State(), failureReporter: log.reporter) {
      EffectsBasics(factClient: .good)
    }

    await store.send(.numberFactButtonTapped) { $0.isNumberFactRequestInFlight = true }
    await store.receive(.numberFactResponse(.success("0 is a good number."))) {
      $0.numberFact = "0 is a good number."
    }

    #expect(
      log.messages == [
        """
        A state change does not match expectation: …

            EffectsBasics.State(
              … (1 unchanged),
          -   isNumberFactRequestInFlight: true,
          +   isNumberFactRequestInFlight: false,
              … (1 unchanged)
            )

        (Expected: -, Actual: +)
        """
      ])
  }

  @Test func statesTheDiffEngineCannotTellApart() async {
    let log = FailureLog()
    let store = TestStore(initialState: Unequal(), failureReporter: log.reporter) {
      Reduce<Unequal, Counter.Action> { _, _ in .none }
    }

    await store.send(.incrementButtonTapped)

    #expect(
      log.messages == [
        """
        State was not expected to change, but a change occurred: …

        Expected:
          Unequal(0)

        Actual:
          Unequal(0)
        """
      ])
  }
}
