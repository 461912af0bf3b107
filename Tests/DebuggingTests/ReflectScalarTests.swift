import CoreFoundation
import Foundation
import Testing

@testable import Debugging

@Suite struct ReflectScalarTests {
  @Test func stringsAndCharacters() {
    #expect(Value(reflecting: "Milk") == .string("Milk"))
    #expect(Value(reflecting: "Milk and eggs".dropFirst(5)) == .string("and eggs"))
    #expect(Value(reflecting: Character("é")) == .string("é"))
    #expect(Value(reflecting: Unicode.Scalar(UInt8(65))) == .string("A"))
  }

  @Test(
    arguments: [
      (42 as any Sendable, Value.int(42)),
      (Int8(-8), .int(-8)),
      (Int16(-16), .int(-16)),
      (Int32(-32), .int(-32)),
      (Int64.min, .int(Int64.min)),
      (UInt8(8), .int(8)),
      (UInt16(16), .int(16)),
      (UInt32.max, .int(4_294_967_295)),
      (UInt(7), .int(7)),
      (UInt64(Int64.max), .int(Int64.max)),
      (UInt64(Int64.max) + 1, .uint(9_223_372_036_854_775_808)),
      (UInt64.max, .uint(UInt64.max)),
      (UInt.max, .uint(UInt64.max)),
    ] as [(any Sendable, Value)])
  func integersAreNormalised(value: any Sendable, expected: Value) {
    #expect(Value(reflecting: value) == expected)
  }

  @Test func integersWiderThan64BitsBecomeText() {
    #expect(Value(reflecting: Int128(Int64.min)) == .int(Int64.min))
    #expect(Value(reflecting: UInt128(UInt64.max)) == .uint(UInt64.max))
    #expect(Value(reflecting: Int128(UInt64.max) * 4) == .string("73786976294838206460"))
    #expect(Value(reflecting: Int128(Int64.min) * 2) == .string("-18446744073709551616"))
  }

  @Test func floatingPointBecomesDouble() {
    #expect(Value(reflecting: 2.5) == .double(2.5))
    #expect(Value(reflecting: Float(0.1)) == .double(0.1))
    #expect(Value(reflecting: Float(-1.5e-7)) == .double(-1.5e-7))
    #expect(Value(reflecting: CGFloat(0.25)) == .double(0.25))
    #expect(Value(reflecting: Double.infinity) == .double(.infinity))
    #expect(Value(reflecting: -Float.infinity) == .double(-.infinity))
    #expect(reflectedTree(of: Float.nan) == "Double(nan)")
    #expect(reflectedTree(of: Double.nan) == "Double(nan)")
  }

  @Test func boolAndFoundationValues() throws {
    let uuid = try #require(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
    let url = try #require(URL(string: "https://example.com/a?b=1"))
    #expect(Value(reflecting: true) == .bool(true))
    #expect(Value(reflecting: uuid) == .uuid(uuid))
    #expect(
      Value(reflecting: Date(timeIntervalSinceReferenceDate: 785_446_387.123))
        == .date(Date(timeIntervalSinceReferenceDate: 785_446_387.123)))
    #expect(Value(reflecting: url) == .url(url))
    #expect(Value(reflecting: Data([1, 2, 255])) == .data(Data([1, 2, 255])))
  }

  @Test func decimalIsItsExactText() throws {
    let price = try #require(Decimal(string: "12.30"))
    #expect(Value(reflecting: price) == .string("12.3"))
    #expect(Value(reflecting: Decimal(string: "0.1")!) == .string("0.1"))
    #expect(
      Value(reflecting: Decimal(string: "-123456789012345678901234567890")!)
        == .string("-123456789012345678901234567890"))
  }

  @Test func foundationObjectsAreTheirValues() {
    #expect(Value(reflecting: NSString(string: "Milk")) == .string("Milk"))
    #expect(Value(reflecting: NSNumber(value: 42)) == .int(42))
    #expect(Value(reflecting: NSNumber(value: -2.5)) == .double(-2.5))
    #expect(Value(reflecting: NSNumber(value: UInt64.max)) == .uint(UInt64.max))
  }

  @Test func foundationStructsUseTheirMirrors() {
    #expect(Value(reflecting: IndexPath(indexes: [1, 2])) == .array([.int(1), .int(2)]))
    #expect(
      reflectedTree(of: DateComponents(year: 2020)) == """
        DateComponents(
          year: 2020
        )
        """)
    #expect(
      reflectedTree(of: 1..<3) == """
        Range<Int>(
          lowerBound: 1,
          upperBound: 3
        )
        """)
  }
}
