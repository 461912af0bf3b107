import Foundation

// CONTRACT STUB — owned by the JSON work (branch `json`). Signatures are fixed.

/// Writes JSON as compact UTF-8 bytes (no spaces), keys in their given order.
public enum JSONWriter {
  /// Appends the compact JSON text of `json` to `output`.
  public static func write(_ json: JSON, into output: inout [UInt8]) {
    output.append(contentsOf: Array(string(json).utf8))
  }

  /// The compact JSON text of `json`.
  public static func string(_ json: JSON) -> String {
    switch json {
    case .null: return "null"
    case let .bool(b): return b ? "true" : "false"
    case let .int(i): return String(i)
    case let .uint(u): return String(u)
    case let .double(d): return d == d.rounded() && abs(d) < 1e15 ? "\(d)" : "\(d)"
    case let .string(s): return "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(of: "\n", with: "\\n") + "\""
    case let .array(a): return "[" + a.map(string).joined(separator: ",") + "]"
    case let .object(m): return "{" + m.map { string(.string($0.key)) + ":" + string($0.value) }.joined(separator: ",") + "}"
    }
  }
}
