import Testing

@testable import TraceAnalysis

/// `DecimalList` (DecimalList.swift): numbers as `"\(n)"` writes them, commas between.
@Suite struct DecimalListTests {
  @Test func writesNumbersAsStringsDo() {
    let values: [Int64] = [0, 7, 10, 42, -7, 1_000, 99_999, Int64.max, Int64.min, -1]
    #expect(String(decoding: DecimalList.bytes(values), as: UTF8.self) == values.map { "\($0)" }.joined(separator: ","))
    #expect(
      String(decoding: DecimalList.bytes([0, 42, -7, 1_000]), as: UTF8.self) == "0,42,-7,1000")
    #expect(DecimalList.bytes([]).isEmpty)
  }
}
