import Foundation
import Testing

@testable import Debugging

/// Property tests: seeded random trees survive writing and reading unchanged.
@Suite struct ValueJSONRoundTripTests {
  @Test func randomValuesRoundTrip() throws {
    var random = SeededRandom(seed: 0x7CA_7ACE)
    for round in 0..<3000 {
      let value = random.value(depth: 4)
      var bytes: [UInt8] = []
      value.writeJSON(into: &bytes)
      let json = try JSONReader.parse(bytes)
      #expect(json == value.json, "round \(round)")
      let back = try Value(json: json)
      #expect(back == value, "round \(round): \(String(decoding: bytes, as: UTF8.self))")
      if back != value { return }
    }
  }

  @Test func randomJSONRoundTrips() throws {
    var random = SeededRandom(seed: 42)
    for round in 0..<3000 {
      let json = random.json(depth: 4)
      let text = JSONWriter.string(json)
      let back = try JSONReader.parse(text)
      #expect(back == json, "round \(round): \(text)")
      if back != json { return }
    }
  }
}

/// SplitMix64: small, fast and reproducible.
struct SeededRandom: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  mutating func int(_ range: Range<Int>) -> Int { Int.random(in: range, using: &self) }

  static let pieces: [String] = [
    "a", "Milk", " ", "\"", "\\", "/", "\n", "\t", "\u{0}", "\u{1F}", "\u{7F}", "é", "e\u{301}", "名前",
    "😀", "👩‍👩‍👧", "\u{2028}", "\u{FFFF}", "\u{10FFFF}", "$", "_0", "abcdefghijklmnop",
  ]

  mutating func string() -> String {
    (0..<int(0..<6)).map { _ in Self.pieces[int(0..<Self.pieces.count)] }.joined()
  }

  /// A label that is not a `$` marker and not `_N`; unique within `used`.
  mutating func label(_ used: inout Set<String>) -> String {
    while true {
      let candidate = ["id", "title", "isComplete", "x", "名前", "a b", "q\"", "todos"][int(0..<8)] + String(int(0..<50))
      if used.insert(candidate).inserted { return candidate }
    }
  }

  mutating func double() -> Double {
    switch int(0..<8) {
    case 0: return .nan
    case 1:
      return [Double.infinity, -.infinity, -0.0, 0, .ulpOfOne, .leastNonzeroMagnitude, .greatestFiniteMagnitude][
        int(0..<7)]
    case 2: return Double(int(-1000..<1000))
    case 3: return Double(int(-100_000..<100_000)) / 100
    default:
      var d: Double
      repeat { d = Double(bitPattern: next()) } while !d.isFinite
      return d
    }
  }

  mutating func scalar() -> Value {
    switch int(0..<13) {
    case 0: return .string(string())
    case 1: return .int(Int64(bitPattern: next()) >> int(0..<64))
    case 2: return .uint(UInt64(Int64.max) + 1 + next() % UInt64(Int64.max))
    case 3: return .double(double())
    case 4: return .bool(int(0..<2) == 0)
    case 5: return .uuid(UUID())
    case 6: return .date(Date(timeIntervalSinceReferenceDate: Double(int(-4_000_000_000..<4_000_000_000)) / 1000))
    case 7: return .url(URL(string: ["https://example.com/a?b=c#d", "file:///tmp/x%20y", "mailto:a@b.c"][int(0..<3)])!)
    case 8: return .data(Data((0..<int(0..<9)).map { _ in UInt8(truncatingIfNeeded: next()) }))
    case 9: return .null
    case 10: return .redacted(type: string())
    case 11: return .reference(type: string())
    default: return .int(Int64(int(-5..<5)))
    }
  }

  mutating func value(depth: Int) -> Value {
    if depth == 0 || int(0..<3) == 0 { return scalar() }
    let count = int(0..<5)
    switch int(0..<7) {
    case 0:
      var used: Set<String> = []
      return .structure(type: string(), fields: (0..<count).map { _ in .init(label(&used), value(depth: depth - 1)) })
    case 1, 2:
      var used: Set<String> = []
      let fields: [Value.Field] = (0..<count).map { _ in
        .init(int(0..<2) == 0 ? nil : label(&used), value(depth: depth - 1))
      }
      return int(0..<2) == 0 ? .enumCase(type: string(), name: label(&used), values: fields) : .tuple(fields)
    case 3: return .array((0..<count).map { _ in value(depth: depth - 1) })
    case 4: return .set((0..<count).map { _ in value(depth: depth - 1) })
    default:
      var used: Set<String> = []
      let stringKeys = int(0..<2) == 0
      return .dictionary(
        (0..<count).map { _ in
          let key: Value = stringKeys || int(0..<2) == 0 ? .string(label(&used)) : value(depth: depth - 1)
          return .init(key, value(depth: depth - 1))
        })
    }
  }

  mutating func json(depth: Int) -> JSON {
    if depth == 0 || int(0..<3) == 0 {
      switch int(0..<6) {
      case 0: return .string(string())
      case 1: return .int(Int64(bitPattern: next()) >> int(0..<64))
      case 2: return .uint(UInt64(Int64.max) + 1 + next() % UInt64(Int64.max))
      case 3:
        let d = double()
        return .double(d.isFinite ? d : 0.5)
      case 4: return .bool(int(0..<2) == 0)
      default: return .null
      }
    }
    let count = int(0..<6)
    if int(0..<2) == 0 { return .array((0..<count).map { _ in json(depth: depth - 1) }) }
    var used: Set<String> = []
    return .object(
      (0..<count).map { _ in
        var key = string()
        while !used.insert(key).inserted { key += "x" }
        return .init(key, json(depth: depth - 1))
      })
  }
}
