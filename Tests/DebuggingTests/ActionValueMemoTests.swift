import Debugging
import Foundation
import Testing
import TraceTestSupport

/// `ActionValueMemo` and the reader's `memoizesActionValues`: each distinct action value is built
/// once, a repeat is the same value, and nothing a reader reads or reports changes.
@Suite struct ActionValueMemoTests {
  static let header = sampleTrace.split(separator: "\n")[0]

  static func trace(actions values: [String]) -> String {
    let actions = values.enumerated().map { index, value in
      #"{"kind":"action","seq":\#(index + 1),"t":\#(index + 1),"duration":1,"label":"a","action":\#(value),"patch":[]}"#
    }
    return ([String(header), #"{"kind":"state","seq":0,"t":0,"state":{}}"#] + actions).joined(separator: "\n") + "\n"
  }

  /// Every line as the reader gives it: records, or errors as text.
  static func read(_ path: String, memoizing: Bool) throws -> [String] {
    let reader = try TraceReader(path: path)
    reader.memoizesActionValues = memoizing
    var lines: [String] = []
    while let item = reader.next() {
      switch item {
      case let .success(line): lines.append("\(line.line): \(line.record)")
      case let .failure(error): lines.append(error.description)
      }
    }
    return lines
  }

  static func actions(_ path: String) throws -> [JSON] {
    let reader = try TraceReader(path: path)
    reader.memoizesActionValues = true
    var values: [JSON] = []
    while let item = reader.next() {
      if case let .success(line) = item, case let .action(action) = line.record { values.append(action.action) }
    }
    return values
  }

  @Test func aRepeatedValueIsTheValueReadBefore() throws {
    let toggle = #"{"$enum":"Todo.Action","toggled":{"id":{"$uuid":"00000000-0000-0000-0000-000000000007"}}}"#
    let other = #"{"$enum":"Todo.Action","toggled":{"id":{"$uuid":"00000000-0000-0000-0000-000000000008"}}}"#
    let path = traceFile(Self.trace(actions: [toggle, other, toggle, "null", "null"]))
    #expect(try Self.read(path, memoizing: true) == Self.read(path, memoizing: false))
    let values = try Self.actions(path)
    #expect(values.count == 5)
    #expect(values[0].identity != nil && values[0].identity == values[2].identity)
    #expect(values[1].identity != values[0].identity)
    #expect(values[0] == values[2] && values[0] != values[1])
    #expect(values[3] == .null && values[4] == .null)
  }

  /// A bad value is never kept: each occurrence gets the reader's own error, on its line.
  @Test func aBadValueIsAnErrorEachTime() throws {
    let good = #"{"$enum":"A","b":{"a":1}}"#
    let bad = #"{"$enum":"A","b":{"a":1,"a":2}}"#
    let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
    let path = traceFile(Self.trace(actions: [good, bad, good, bad, deep, deep]))
    let memoized = try Self.read(path, memoizing: true)
    #expect(memoized == (try Self.read(path, memoizing: false)))
    #expect(memoized.filter { $0.contains("error") }.count == 4)
    #expect(memoized[3].hasSuffix(#"error: duplicate key "a""#))
  }

  @Test func keepsShortTextsUpToItsLimit() {
    let memo = ActionValueMemo()
    func remember(_ text: String) {
      Array(text.utf8).withUnsafeBytes { memo.remember(.string(text), forText: $0) }
    }
    func value(_ text: String) -> JSON? { Array(text.utf8).withUnsafeBytes { memo.value(forText: $0) } }
    // Texts that differ only in the last byte, or only in length, are different keys.
    remember("\"abcdefgh1\"")
    remember("\"abcdefgh\"")
    #expect(value("\"abcdefgh1\"") == .string("\"abcdefgh1\""))
    #expect(value("\"abcdefgh2\"") == nil)
    #expect(value("\"abcdefgh\"") == .string("\"abcdefgh\""))
    #expect(memo.count == 2)
    // Too long to keep.
    let long = "\"" + String(repeating: "x", count: ActionValueMemo.longestText) + "\""
    remember(long)
    #expect(value(long) == nil && memo.count == 2)
    // Full: it starts again empty.
    let text = String(repeating: "y", count: ActionValueMemo.longestText - 8)
    let fill = ActionValueMemo.byteLimit / text.utf8.count
    for index in 0..<fill { remember(String(format: "%08d", index) + text) }
    #expect(memo.count < fill + 2)
    #expect(value(String(format: "%08d", fill - 1) + text) != nil)
    #expect(value("\"abcdefgh\"") == nil)
  }
}
