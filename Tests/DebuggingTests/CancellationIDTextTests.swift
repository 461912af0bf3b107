import Foundation
import Testing

@testable import Debugging

private enum Search {
  enum CancelID: Hashable { case request, debounce(field: Field), row(Int, section: Int) }
  enum Field: Hashable { case query, scope }
  struct TimerID: Hashable {}
}

/// A secret that reflects as `.redacted`: only its type reaches the trace.
private struct APIKey: Hashable, CustomTraceRepresentable {
  var raw: String
  var traceValue: Value { .redacted(type: "APIKey") }
}

private struct Token: Hashable {
  var value = "hunter2"
}

@Suite struct CancellationIDTextTests {
  func text(_ ids: AnyHashable..., options: ReflectionOptions = .init()) -> String? {
    CancellationIDText.text(of: ids, options: options)
  }

  @Test func anEnumCaseReadsLikeAnActionLabel() {
    #expect(text(Search.CancelID.request) == "Search.CancelID.request")
    #expect(text(Search.CancelID.debounce(field: .query)) == "Search.CancelID.debounce(.query)")
    #expect(text(Search.CancelID.row(3, section: 1)) == "Search.CancelID.row(_:, section:)")
  }

  @Test func scalarsAreTheirPlainValues() {
    #expect(text("sort") == "sort")
    #expect(text("") == "")
    #expect(text(42) == "42")
    #expect(text(-7 as Int8) == "-7")
    #expect(text(UInt64.max) == "18446744073709551615")
    #expect(text(true) == "true")
    #expect(text(UUID(uuidString: "e621e1f8-c36c-495a-93fc-0c247a3e6e5f")!) == "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
  }

  @Test func anythingElseIsItsTypeName() {
    #expect(text(Search.TimerID()) == "Search.TimerID")
    #expect(text(Token()) == "Token")
    #expect(text(1.5) == "Double")
    #expect(text(ObjectIdentifier(NSObject.self)) == "ObjectIdentifier")
  }

  @Test func redactedIDsShowOnlyTheirType() {
    #expect(text(APIKey(raw: "hunter2")) == "APIKey")
    let options = ReflectionOptions(redactedFieldNames: ["field"])
    #expect(text(Search.CancelID.debounce(field: .query), options: options) == "Search.CancelID.debounce")
  }

  @Test func severalIDsAreJoinedAndNoneIsNil() {
    #expect(text("sort", Search.CancelID.request, 7) == "sort, Search.CancelID.request, 7")
    #expect(CancellationIDText.text(of: [], options: .init()) == nil)
  }
}
