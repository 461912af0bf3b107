/// Parses JSON text into a `JSON` tree: byte-level, no Foundation, objects keep their key order,
/// integers stay exact.
///
/// ```swift
/// try JSONReader.parse(#"{"seq":1,"label":"increment","big":18446744073709551615}"#)
/// ```
/// ```text
/// .object([seq: .int(1), label: .string("increment"), big: .uint(18446744073709551615)])
/// ```
///
/// Rules (docs/log-format.md, "Duplicate keys and other reader rules"): one value with optional
/// whitespace around it; a duplicate key in one object, nesting deeper than `maximumDepth`, invalid
/// UTF-8, an unpaired surrogate escape, an integer outside 64 bits and a number beyond `Double` are
/// errors with line and column.
public enum JSONReader {
  /// The deepest nesting accepted; deeper input is an error, never a stack overflow.
  public static let maximumDepth = 512

  public static func parse(_ text: String) throws(JSONError) -> JSON {
    var text = text
    return try text.withUTF8 { buffer in Result { () throws(JSONError) in try parse(UnsafeRawBufferPointer(buffer)) } }
      .get()
  }

  public static func parse(_ bytes: [UInt8]) throws(JSONError) -> JSON {
    try bytes.withUnsafeBytes { buffer in Result { () throws(JSONError) in try parse(buffer) } }.get()
  }

  public static func parse(_ bytes: UnsafeRawBufferPointer) throws(JSONError) -> JSON {
    guard let base = bytes.baseAddress, bytes.count > 0 else {
      throw JSONError("empty input", line: 1, column: 1)
    }
    var parser = JSONTreeParser(JSONParser(base.assumingMemoryBound(to: UInt8.self), count: bytes.count))
    return try parser.parseDocument()
  }
}
