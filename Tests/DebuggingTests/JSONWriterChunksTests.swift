import Testing

@testable import Debugging

/// `JSONWriter.write(_:chunksOf:to:)`: the text of a large state in pieces, cut after an element
/// or a member, that add up to exactly what `JSONWriter.string` writes.
@Suite struct JSONWriterChunksTests {
  static let text =
    #"{"todos":["# + (0..<3_000).map { #"{"id":\#($0),"title":"Todo \#($0)","done":false}"# }.joined(separator: ",")
    + #"],"filter":"all"}"#

  static func pieces(_ json: JSON, _ size: Int) -> [String] {
    var pieces: [String] = []
    JSONWriter.write(json, chunksOf: size) {
      pieces.append(String(decoding: $0, as: UTF8.self))
      return true
    }
    return pieces
  }

  @Test func piecesAddUpToTheWholeText() throws {
    let tree = try JSONReader.parse(Self.text)
    let lazy = try Array(Self.text.utf8).withUnsafeBytes { try JSONReader.parseKeepingArraysAsText($0, fromDepth: 1) }
    for json in [tree, lazy] {
      let pieces = Self.pieces(json, 4_096)
      #expect(pieces.joined() == Self.text)
      #expect(pieces.count == Self.text.utf8.count / 4_096 || pieces.count == Self.text.utf8.count / 4_096 + 1)
      // Each piece but the last is cut at the first element or member end past 4,096 bytes.
      #expect(pieces.dropLast().allSatisfy { (4_096..<4_096 + 50).contains($0.utf8.count) })
    }
  }

  /// The writer stops when told to: the pieces after the first are never written.
  @Test func stopsWhenTheReceiverSaysSo() throws {
    var pieces = 0
    JSONWriter.write(try JSONReader.parse(Self.text), chunksOf: 4_096) { _ in
      pieces += 1
      return false
    }
    #expect(pieces == 1)
  }

  @Test func aSmallValueIsOnePiece() {
    #expect(Self.pieces(.array([.int(1), .string("a")]), 4_096) == [#"[1,"a"]"#])
    #expect(Self.pieces(.null, 1) == ["null"])
  }
}
