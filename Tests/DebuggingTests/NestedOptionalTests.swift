import Foundation
import Testing

@testable import Debugging

/// A nested optional holding `nil` (`Int??.some(nil)`) is not the outer `nil`: reflection writes
/// it as its case, `{"$enum":"Int??","some":{"_0":null}}`, which every reader already reads as
/// an enum case; `nil` stays `null` and `.some(x)` stays `x`.
@Suite struct NestedOptionalTests {
  struct Box: Equatable, Codable {
    var wrapped: Int??
  }

  @Test func someNilIsItsCase() {
    #expect(
      JSONWriter.string(Value(reflecting: Box(wrapped: .some(nil))).json)
        == #"{"$type":"NestedOptionalTests.Box","wrapped":{"$enum":"Int??","some":{"_0":null}}}"#)
    #expect(
      JSONWriter.string(Value(reflecting: Box(wrapped: nil)).json)
        == #"{"$type":"NestedOptionalTests.Box","wrapped":null}"#)
    #expect(
      JSONWriter.string(Value(reflecting: Box(wrapped: 3)).json) == #"{"$type":"NestedOptionalTests.Box","wrapped":3}"#)
    let deeper: Int??? = .some(.some(nil))
    #expect(JSONWriter.string(Value(reflecting: deeper).json) == #"{"$enum":"Int??","some":{"_0":null}}"#)
    let outer: Int??? = .some(nil)
    #expect(JSONWriter.string(Value(reflecting: outer).json) == #"{"$enum":"Int???","some":{"_0":null}}"#)
  }

  @Test func decodesBack() throws {
    for box in [Box(wrapped: .some(nil)), Box(wrapped: nil), Box(wrapped: 3)] {
      let json = Value(reflecting: box).json
      #expect(try TraceValueDecoder().decode(Box.self, fromJSON: json) == box)
    }
  }
}
