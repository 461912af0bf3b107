import Debugging

/// A path pattern for `tca-trace diff --ignore`: the parts of states and actions that may differ
/// between two runs (ids, timestamps). Paths are walked in the trace's JSON form of a value
/// (docs/log-format.md): field names, enum case names, array indices; `$` keys (`$type`,
/// `$enum`, `$set`, …) are not path segments.
///
/// Two spellings:
/// - Swift-like: `todos[*].id`, `**.timestamp`, `todos[0].title`, `destination.*.title`,
///   `created*` (a `*` inside a name matches any characters).
/// - JSON Pointer: `/todos/*/id`, `/**/timestamp` (`~0` and `~1` escape `~` and `/`).
///
/// The grammar is `PathSyntax`'s, shared with `blame`'s and `show --path`'s paths; only what may
/// stand in brackets differs.
///
/// `*` (or `[*]`) matches exactly one segment, `**` any number of segments, including none.
///
/// ```swift
/// let pattern = try IgnorePattern("todos[*].id")
/// pattern.matches(["todos", "3", "id"])  // true
/// pattern.matches(["todos", "3"])        // false
/// ```
public struct IgnorePattern: Sendable, Hashable, CustomStringConvertible {
  enum Segment: Sendable, Hashable {
    case literal(String)
    /// A name with `*` wildcards inside it: its literal parts.
    case glob([Substring])
    case one
    case any
  }

  let segments: [Segment]
  /// The text as given.
  public let description: String

  public struct ParseError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
  }

  public init(_ text: String) throws(ParseError) {
    description = text
    let tokens: [String]
    do {
      tokens = try PathSyntax.segments(of: text, name: { $0 }, bracket: Self.bracket)
    } catch {
      throw ParseError(message: error.message)
    }
    guard !tokens.isEmpty else { throw ParseError(message: "empty path") }
    segments = tokens.map(Self.segment)
  }

  /// This dialect's brackets (`PathSyntax` reads the rest): `[3]`, `[*]` or `[**]`.
  private static func bracket(_ inside: Substring) -> Result<String, PathSyntax.Error> {
    guard inside == "*" || inside == "**" || (Int(inside).map { $0 >= 0 } ?? false) else {
      return .failure(PathSyntax.Error(message: "expected [index], [*] or [**]"))
    }
    return .success(String(inside))
  }

  private static func segment(_ token: String) -> Segment {
    switch token {
    case "**": return .any
    case "*": return .one
    case _ where token.contains("*"): return .glob(token.split(separator: "*", omittingEmptySubsequences: false))
    default: return .literal(token)
    }
  }

  /// Whether the path (segments from the root of the value) is matched by this pattern.
  public func matches(_ path: [String]) -> Bool {
    // Dynamic programming over (pattern prefix, path prefix): O(segments × path).
    var reachable = [Bool](repeating: false, count: path.count + 1)
    reachable[0] = true
    for segment in segments {
      var next = [Bool](repeating: false, count: path.count + 1)
      switch segment {
      case .any:
        var seen = false
        for index in 0...path.count {
          seen = seen || reachable[index]
          next[index] = seen
        }
      default:
        for index in 0..<path.count where reachable[index] && Self.matches(segment, path[index]) {
          next[index + 1] = true
        }
      }
      reachable = next
      if !reachable.contains(true) { return false }
    }
    return reachable[path.count]
  }

  private static func matches(_ segment: Segment, _ token: String) -> Bool {
    switch segment {
    case let .literal(text): return text == token
    case .one, .any: return true
    case let .glob(parts): return globMatches(parts, Substring(token))
    }
  }

  /// `created*` / `*At` / `a*b*c`: the literal parts in order, the first at the start and the
  /// last at the end.
  private static func globMatches(_ parts: [Substring], _ token: Substring) -> Bool {
    guard let first = parts.first, let last = parts.last, token.hasPrefix(first) else { return false }
    var rest = token.dropFirst(first.count)
    for part in parts.dropFirst().dropLast() {
      guard let range = rest.range(of: part) else { return false }
      rest = rest[range.upperBound...]
    }
    return parts.count == 1 ? rest.isEmpty : rest.hasSuffix(last) && rest.count >= last.count
  }
}
