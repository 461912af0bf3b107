import Testing

@testable import Debugging

/// Mutated JSON (truncated, bytes replaced or inserted) never crashes the reader or the scanner,
/// errors point inside the input, and both agree on what is valid.
@Suite struct JSONFuzzTests {
  static let interesting: [UInt8] =
    Array(#"{}[],:"\ 0123456789.eE-+tfnu"#.utf8) + [
      0x00, 0x0A, 0x1F, 0x7F, 0x80, 0xBF, 0xC3, 0xE2, 0xED, 0xF0, 0xF4, 0xFF,
    ]

  @Test func mutatedInputIsAnErrorOrAValueNeverACrash() {
    var random = SeededRandom(seed: 0xF0221)
    var accepted = 0
    var rejected = 0
    for _ in 0..<4000 {
      var bytes = Array(JSONWriter.string(.object([.init("k", random.json(depth: 4)), .init("z", .int(1))])).utf8)
      switch random.int(0..<3) {
      case 0: bytes.removeLast(random.int(1..<bytes.count))
      case 1: bytes[random.int(0..<bytes.count)] = Self.interesting[random.int(0..<Self.interesting.count)]
      default:
        bytes.insert(Self.interesting[random.int(0..<Self.interesting.count)], at: random.int(0..<bytes.count + 1))
      }
      let parsed = Result { () throws(JSONError) in try JSONReader.parse(bytes) }
      let scanned = scan(bytes)
      switch parsed {
      case let .success(json):
        accepted += 1
        #expect(scanned == .success(json), "\(String(decoding: bytes, as: UTF8.self))")
      case let .failure(error):
        rejected += 1
        let newlines = bytes.filter { $0 == 0x0A }.count
        #expect(error.line >= 1 && error.line <= newlines + 1)
        #expect(error.column >= 1 && error.column <= bytes.count + 1)
        if case let .success(json) = scanned, !error.message.hasPrefix("duplicate key") {
          Issue.record(
            "scanner accepted \(json) but the reader said \(error): \(String(decoding: bytes, as: UTF8.self))")
        }
      }
    }
    #expect(accepted > 100 && rejected > 1000)
  }

  /// The object rebuilt from the scanner's members, each decoded with `value(_:)`.
  func scan(_ bytes: [UInt8]) -> Result<JSON, JSONError> {
    bytes.withUnsafeBytes { buffer in
      Result { () throws(JSONError) in
        var scanner = try JSONObjectScanner(buffer)
        var members: [JSON.Member] = []
        while let member = try scanner.next() {
          members.append(.init(scanner.key(of: member), try scanner.value(member)))
        }
        return .object(members)
      }
    }
  }
}
