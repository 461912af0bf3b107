import Debugging

/// Where two JSON values differ, as JSON Pointers, without building a diff: objects are compared
/// key by key, arrays index by index. The comparison uses it to recognise a state difference that
/// merely persists (the same places differ) cheaply, before (or instead of) a structural diff.
///
/// ```swift
/// JSONDifferencePaths.paths(try JSONReader.parse(#"{"a":1,"b":[1,2]}"#), try JSONReader.parse(#"{"a":2,"b":[1]}"#))
/// // ["/a", "/b/1"]
/// ```
enum JSONDifferencePaths {
  /// At most `limit` paths (the rest are not looked for).
  static func paths(_ old: JSON, _ new: JSON, limit: Int = 1_000) -> [String] {
    var result: [String] = []
    if old != new { collect(old, new, path: "", depth: 0, limit: limit, into: &result) }
    return result
  }

  /// `old` and `new` differ.
  private static func collect(
    _ old: JSON, _ new: JSON, path: String, depth: Int, limit: Int, into result: inout [String]
  ) {
    guard result.count < limit else { return }
    guard depth < 1_024 else {
      result.append(path)
      return
    }
    switch (old, new) {
    case let (.object(a), .object(b)):
      var remaining = b
      for member in a {
        if let index = remaining.firstIndex(where: { $0.key == member.key }) {
          if member.value != remaining[index].value {
            collect(
              member.value, remaining[index].value, path: child(path, member.key), depth: depth + 1, limit: limit,
              into: &result)
          }
          remaining.remove(at: index)
        } else if result.count < limit {
          result.append(child(path, member.key))
        }
      }
      for member in remaining where result.count < limit { result.append(child(path, member.key)) }
    case let (.array(a), .array(b)):
      for index in 0..<max(a.count, b.count) where result.count < limit {
        if index < a.count, index < b.count {
          // Elements still text are compared as text (reading them would build the whole state).
          if !JSONElements.sameText(a, b, at: index), a[index] != b[index] {
            collect(a[index], b[index], path: path + "/" + String(index), depth: depth + 1, limit: limit, into: &result)
          }
        } else {
          result.append(path + "/" + String(index))
        }
      }
    default:
      result.append(path)
    }
  }

  /// `path` with one more JSON Pointer token (`~` and `/` escaped as `~0` and `~1`).
  private static func child(_ path: String, _ key: String) -> String {
    guard key.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else {
      return path + "/" + key
    }
    var token = ""
    for character in key {
      switch character {
      case "~": token += "~0"
      case "/": token += "~1"
      default: token.append(character)
      }
    }
    return path + "/" + token
  }
}
