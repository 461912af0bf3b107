import Foundation

// CONTRACT STUB — owned by the JSON work (branch `json`). Signatures are fixed; the body is a
// temporary stand-in over JSONSerialization (does not keep key order).

/// Why a JSON text could not be read, and where (1-based line and column).
public struct JSONError: Error, Equatable, Sendable, CustomStringConvertible {
  public var message: String
  public var line: Int
  public var column: Int
  public init(_ message: String, line: Int, column: Int) {
    self.message = message
    self.line = line
    self.column = column
  }
  /// `line 1, column 7: unterminated string`
  public var description: String { "line \(line), column \(column): \(message)" }
}

/// Parses JSON from bytes.
public enum JSONReader {
  /// The deepest nesting accepted; deeper input is an error, never a stack overflow.
  public static let maximumDepth = 512

  public static func parse(_ text: String) throws(JSONError) -> JSON {
    try parse(Array(text.utf8))
  }

  public static func parse(_ bytes: [UInt8]) throws(JSONError) -> JSON {
    try bytes.withUnsafeBufferPointer { buffer throws(JSONError) in try parse(UnsafeRawBufferPointer(buffer)) }
  }

  public static func parse(_ bytes: UnsafeRawBufferPointer) throws(JSONError) -> JSON {
    let data = Data(bytes)
    guard let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else {
      throw JSONError("invalid JSON", line: 1, column: 1)
    }
    return convert(object)
  }

  private static func convert(_ object: Any) -> JSON {
    switch object {
    case let d as [String: Any]: return .object(d.map { JSON.Member($0.key, convert($0.value)) })
    case let a as [Any]: return .array(a.map(convert))
    case let s as String: return .string(s)
    case let n as NSNumber:
      if String(cString: n.objCType) == "c" { return .bool(n.boolValue) }
      if let i = Int64(exactly: n.doubleValue), !"\(n)".contains(".") { return .int(i) }
      return .double(n.doubleValue)
    default: return .null
    }
  }
}
