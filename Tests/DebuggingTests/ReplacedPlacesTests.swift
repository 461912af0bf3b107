import Testing

@testable import Debugging

/// Where a patch replaced a value with one that reads the same (a secret by another), as places in
/// the state after the whole patch.
@Suite struct ReplacedPlacesTests {
  private let secret = JSON.object([JSON.Member("$redacted", .string("String"))])

  private func places(_ operations: [JSONPatch.Operation], after state: String) throws -> [String] {
    try ReplacedPlaces.places(in: JSONPatch(operations), after: JSONReader.parse(state)).map {
      "/" + $0.joined(separator: "/")
    }
  }

  /// Elements added, removed or moved before the element after its `replace` shift its index; a
  /// place removed later is gone, one moved follows its element; a place in an object (a
  /// dictionary's key "2") is not an index.
  @Test func laterOperationsShiftTheIndex() throws {
    let devices = #"{"devices":[1,2,3,4,5,6],"byKey":{"1":{"token":0},"2":{"token":0}}}"#
    func replace(_ path: String) throws -> JSONPatch.Operation { .replace(path: try JSONPointer(path), value: secret) }
    #expect(
      try places(
        [
          try replace("/devices/4/token"),
          .move(from: try JSONPointer("/devices/1"), path: try JSONPointer("/devices/5")),
        ],
        after: devices) == ["/devices/3/token"])
    #expect(
      try places(
        [try replace("/devices/2/token"), .add(path: try JSONPointer("/devices/0"), value: .int(0))], after: devices)
        == ["/devices/3/token"])
    #expect(
      try places(
        [try replace("/devices/2/token"), .add(path: try JSONPointer("/devices/3"), value: .int(0))], after: devices)
        == ["/devices/2/token"])
    #expect(
      try places([try replace("/devices/2/token"), .remove(path: try JSONPointer("/devices/2"))], after: devices) == [])
    #expect(
      try places(
        [
          try replace("/devices/2/token"),
          .move(from: try JSONPointer("/devices/2"), path: try JSONPointer("/devices/0")),
        ],
        after: devices) == ["/devices/0/token"])
    #expect(
      try places(
        [try replace("/byKey/2/token"), .add(path: try JSONPointer("/byKey/1"), value: .int(0))], after: devices)
        == ["/byKey/2/token"])
    // Only values that hide something.
    #expect(
      try places([.replace(path: try JSONPointer("/devices/2/token"), value: .string("plain"))], after: devices) == [])
  }
}
