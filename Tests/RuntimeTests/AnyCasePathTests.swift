import ExampleFeatures
import Foundation
import Runtime
import Testing

struct AnyCasePathTests {
  @Test func reflectiveCasePathExtractsOnlyItsCase() {
    let counter1 = AnyCasePath(TwoCounters.Action.counter1)
    #expect(counter1.extract(from: .counter1(.incrementButtonTapped)) == .incrementButtonTapped)
    #expect(counter1.extract(from: .counter2(.incrementButtonTapped)) == nil)
    #expect(counter1.embed(.decrementButtonTapped) == .counter1(.decrementButtonTapped))
  }

  @Test func reflectiveCasePathRejectsOtherCasesOnFirstUse() {
    let counter1 = AnyCasePath(TwoCounters.Action.counter1)
    #expect(counter1.extract(from: .counter2(.incrementButtonTapped)) == nil)
    #expect(counter1.extract(from: .counter1(.decrementButtonTapped)) == .decrementButtonTapped)
  }

  @Test func explicitCasePath() {
    let counter2 = AnyCasePath<TwoCounters.Action, Counter.Action>(embed: TwoCounters.Action.counter2) {
      if case let .counter2(action) = $0 { action } else { nil }
    }
    #expect(counter2.extract(from: .counter2(.incrementButtonTapped)) == .incrementButtonTapped)
    #expect(counter2.extract(from: .counter1(.incrementButtonTapped)) == nil)
  }

  @Test func reflectiveCasePathHandlesLabeledPayloads() {
    let element = AnyCasePath(IdentifiedAction<Int, String>.element)
    #expect(element.extract(from: .element(id: 3, action: "go"))! == (id: 3, action: "go"))
  }

  @Test func someExtractsWrappedValues() {
    #expect(AnyCasePath<Int?, Int>.some.extract(from: 4) == 4)
    #expect(AnyCasePath<Int?, Int>.some.extract(from: nil) == nil)
  }
}
