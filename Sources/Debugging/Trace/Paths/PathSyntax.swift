/// The one grammar for paths into a trace's values, as people type them on the command line.
/// Two spellings:
/// - a JSON Pointer, `/todos/0/title` (`~1` and `~0` escape `/` and `~`, read by `JSONPointer`);
/// - a Swift-like path, `todos[0].title`, `\.todos[0]`, `.destination.edit.title`: names joined by
///   `.`, and `[…]` after a name or another `[…]`.
///
/// What may stand inside `[…]` is the dialect's: `blame` and `show --path` take `[3]` and
/// `[id:42]` (`StatePath`), `diff --ignore` takes `[3]`, `[*]` and `[**]` (`IgnorePattern`).
///
/// ```swift
/// try PathSyntax.segments(of: "todos[0].title", name: { $0 }, bracket: { .success(String($0)) })
/// // ["todos", "0", "title"]
/// try PathSyntax.segments(of: "a..b", name: { $0 }, bracket: { .success(String($0)) })
/// // throws PathSyntax.Error(message: "empty name at column 3")
/// ```
package enum PathSyntax {
  /// Why a path cannot be read: `unclosed [ at column 6`.
  package struct Error: Swift.Error, Equatable, Sendable {
    package var message: String
    package init(message: String) { self.message = message }
  }

  /// The segments of `text`: each name (or pointer token) made by `name`, each `[…]` read by
  /// `bracket` from what stands inside it (a failure's message gets the bracket's column).
  package static func segments<Segment>(
    of text: String, name: (String) -> Segment, bracket: (Substring) -> Result<Segment, Error>
  ) throws(Error) -> [Segment] {
    if text.hasPrefix("/") {
      do {
        return try JSONPointer(text).tokens.map(name)
      } catch {
        throw Error(message: error.message)
      }
    }
    var rest = Substring(text)
    if rest.hasPrefix("\\") { rest = rest.dropFirst() }
    if rest.hasPrefix(".") { rest = rest.dropFirst() }
    var segments: [Segment] = []
    var current = ""
    var afterBracket = false
    func fail(_ message: String) -> Error { Error(message: "\(message) at column \(text.count - rest.count + 1)") }
    while let character = rest.first {
      switch character {
      case ".":
        if current.isEmpty && !afterBracket { throw fail("empty name") }
        if !current.isEmpty { segments.append(name(current)) }
        current = ""
        afterBracket = false
        rest = rest.dropFirst()
        if rest.isEmpty || rest.first == "." || rest.first == "[" { throw fail("empty name") }
      case "[":
        if !current.isEmpty { segments.append(name(current)) }
        current = ""
        guard let close = Self.closingBracket(in: rest) else { throw fail("unclosed [") }
        switch bracket(rest[rest.index(after: rest.startIndex)..<close]) {
        case let .success(segment): segments.append(segment)
        case let .failure(error): throw fail(error.message)
        }
        rest = rest[rest.index(after: close)...]
        afterBracket = true
        if let next = rest.first, next != ".", next != "[" { throw fail("expected . or [") }
      default:
        current.append(character)
        rest = rest.dropFirst()
      }
    }
    if !current.isEmpty { segments.append(name(current)) }
    return segments
  }

  /// The `]` that closes the bracket `text` starts with: the first one, or, when what stands
  /// inside is quoted (`["a]b"]`, `[id:"a]b"]`), the first one after the closing quote.
  ///
  /// ```text
  /// [id:"a]b"].title   the ] after "a]b"
  /// ```
  static func closingBracket(in text: Substring) -> Substring.Index? {
    let inside = text.dropFirst()
    var body = inside.drop { $0 == " " }
    if body.hasPrefix("id:") { body = body.dropFirst(3).drop { $0 == " " } }
    if body.first == "\"", let quote = body.dropFirst().firstIndex(of: "\""),
      let close = text[text.index(after: quote)...].firstIndex(of: "]"),
      text[text.index(after: quote)..<close].allSatisfy({ $0 == " " })
    {
      return close
    }
    return inside.firstIndex(of: "]")
  }
}
