import Foundation
import Testing

@testable import Debugging

private enum RowAction: Equatable {
  case checkBoxToggled
  case textFieldChanged(String)
}

private enum ListAction: Equatable {
  case element(id: Int, action: RowAction)
}

private enum AppAction: Equatable {
  case addButtonTapped
  case rows(ListAction)
  case move(IndexSet, Int)
  case response(Result<String, LabelTestError>)
  case picked(Filter?)
  case login(user: String, remember: Bool)
}

private enum Filter: Equatable { case all, active }
private struct LabelTestError: Error, Equatable {}

@Suite struct ActionLabelTests {
  private func label(_ action: AppAction) -> String {
    ActionLabel.text(of: Value(reflecting: action))
  }

  @Test func caseWithoutValues() {
    #expect(label(.addButtonTapped) == "AppAction.addButtonTapped")
  }

  @Test func nestedEnumCasesAreShownAndOtherValuesAreLeftOut() {
    #expect(
      label(.rows(.element(id: 3, action: .checkBoxToggled)))
        == "AppAction.rows(.element(id:, action: .checkBoxToggled))")
    #expect(
      label(.rows(.element(id: 3, action: .textFieldChanged("Milk"))))
        == "AppAction.rows(.element(id:, action: .textFieldChanged))")
  }

  @Test func unlabelledValuesAreUnderscores() {
    #expect(label(.move(IndexSet(integer: 1), 0)) == "AppAction.move(_:, _:)")
  }

  @Test func labelledValuesKeepTheirLabels() {
    #expect(label(.login(user: "ada", remember: true)) == "AppAction.login(user:, remember:)")
  }

  @Test func resultsAndOptionals() {
    #expect(label(.response(.success("fact"))) == "AppAction.response(.success)")
    #expect(label(.response(.failure(LabelTestError()))) == "AppAction.response(.failure)")
    #expect(label(.picked(.active)) == "AppAction.picked(.active)")
    #expect(label(.picked(nil)) == "AppAction.picked")
  }

  @Test func valuesThatAreNotEnumCasesAreTheirTypeName() {
    #expect(ActionLabel.text(of: .string("tick")) == "String")
    #expect(ActionLabel.text(of: .structure(type: "Tick", fields: [])) == "Tick")
  }

  @Test func deepNestingIsCutOff() {
    var value = Value.enumCase(type: "A", name: "leaf", values: [])
    for _ in 0..<100 { value = .enumCase(type: "A", name: "wrap", values: [.init(nil, value)]) }
    let text = ActionLabel.text(of: value)
    #expect(text.hasPrefix("A.wrap(.wrap(.wrap("))
    #expect(text.contains("(…)"))
    #expect(!text.contains("leaf"))
  }
}
