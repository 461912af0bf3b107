import Foundation

/// Decodes `Decodable` values straight from a trace's value tree (`Value`), the way they were
/// recorded: no detour through JSON text, so an action recorded by `.debug()` comes back as the
/// action itself.
///
/// ```swift
/// let line = #"{"$enum":"Todos.Action","todos":{"_0":{"$enum":"IdentifiedAction<UUID, Todo.Action>","#
///   + #""element":{"id":{"$uuid":"00000000-0000-0000-0000-000000000001"},"action":{"$enum":"Todo.Action","checkBoxToggled":{}}}}}}"#
/// let action = try TraceValueDecoder().decode(Todos.Action.self, from: Value(json: JSONReader.parse(line)))
/// action  // .todos(.element(id: UUID(1), action: .checkBoxToggled))
/// ```
///
/// The tree's shapes map onto Swift's synthesised `Codable` layouts:
///
/// | trace (`docs/log-format.md`) | decoded as |
/// | --- | --- |
/// | `$type` struct | a keyed container of its fields (or, for `Range`-like types, an unkeyed one of the field values) |
/// | `$enum` case | a keyed container with one key, the case, holding a keyed container of its associated values (`_0`, `_1` for unlabelled ones) — Swift's synthesised enum layout |
/// | `$enum` case of a `CaseIterable` raw-value enum | the case of that name |
/// | array, `$set` | an unkeyed container |
/// | `String`-keyed object, `$dict` | a keyed container (`String` or `Int` keys), or an unkeyed `[key, value, key, value …]` one as `Dictionary` expects for other keys |
/// | `$uuid`, `$date`, `$url`, `$data` | `UUID`, `Date`, `URL`, `Data` (also their plain forms: a string, the seconds since 2001) |
/// | `$double` (`nan`, `inf`, `-inf`) | `Double`, `Float` |
/// | `null` | `nil` of an optional; `Optional.some(x)` is `x`; `{"$enum":"Int??","some":{"_0":null}}` is `.some(nil)` |
/// | `IndexSet`'s `ranges` | `IndexSet` |
///
/// A value that does not fit is a ``TraceValueDecodingError`` naming the path inside the value,
/// never a crash:
///
/// ```text
/// at /todos/_0/element/action: Todo.Action has no case "checkBoxTapped"
/// ```
public struct TraceValueDecoder: Sendable {
  /// Passed to `init(from:)` as `decoder.userInfo`.
  public var userInfo: [CodingUserInfoKey: any Sendable]

  public init(userInfo: [CodingUserInfoKey: any Sendable] = [:]) {
    self.userInfo = userInfo
  }

  /// The `T` that `value` holds.
  public func decode<T: Decodable>(_ type: T.Type, from value: Value) throws(TraceValueDecodingError) -> T {
    let decoder = ValueTreeDecoder(value: value, codingPath: [], userInfo: userInfo)
    do {
      return try decoder.decodeValue(T.self)
    } catch let error as TraceValueDecodingError {
      throw error
    } catch let error as DecodingError {
      throw TraceValueDecodingError(error, root: value)
    } catch {
      throw TraceValueDecodingError(path: "/", message: "\(error)")
    }
  }

  /// The `T` that a trace's JSON form of a value holds (`{"$enum":"Counter.Action",…}`).
  public func decode<T: Decodable>(_ type: T.Type, fromJSON json: JSON) throws(TraceValueDecodingError) -> T {
    let value: Value
    do {
      value = try Value(json: json)
    } catch {
      throw TraceValueDecodingError(pathAndMessage: error.message)
    }
    return try decode(type, from: value)
  }
}

/// Why a value did not decode, and where inside it: `path` is a JSON Pointer into the value's
/// JSON form (`/todos/_0/element/action`, `/` for the value itself).
///
/// ```text
/// at /todos/_0/element/id: expected UUID, found "7" (string)
/// ```
public struct TraceValueDecodingError: Error, Equatable, Sendable, CustomStringConvertible {
  public var path: String
  public var message: String

  public init(path: String, message: String) {
    self.path = path
    self.message = message
  }

  public var description: String { "at \(path): \(message)" }

  /// From `Value(json:)`'s "at /x: message" text.
  init(pathAndMessage text: String) {
    if text.hasPrefix("at "), let colon = text.range(of: ": ") {
      self.init(
        path: String(text[text.index(text.startIndex, offsetBy: 3)..<colon.lowerBound]),
        message: String(text[colon.upperBound...]))
    } else {
      self.init(path: "/", message: text)
    }
  }
}

// MARK: - Paths

extension TraceValueDecodingError {
  /// `[todos, _0, element]` → `/todos/_0/element`.
  static func pointer(_ codingPath: [any CodingKey]) -> String {
    guard !codingPath.isEmpty else { return "/" }
    return codingPath.map { key in
      let component = key.intValue.map(String.init) ?? key.stringValue
      return "/" + component.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }.joined()
  }

  /// A `DecodingError` thrown by a type's `init(from:)`, in words about the trace's value.
  init(_ error: DecodingError, root: Value) {
    switch error {
    case let .keyNotFound(key, context):
      let container = TraceValueDecodingError.value(at: context.codingPath, in: root)
      let what = container.map { " in \(ValueShape.describe($0))" } ?? ""
      self.init(path: Self.pointer(context.codingPath), message: "missing \"\(key.stringValue)\"\(what)")
    case let .typeMismatch(type, context):
      let found = TraceValueDecodingError.value(at: context.codingPath, in: root)
      if let found, case let .enumCase(_, name, _) = found {
        self.init(path: Self.pointer(context.codingPath), message: "\(TypeName.of(type: type)) has no case \"\(name)\"")
      } else {
        let what = found.map(ValueShape.describe) ?? "nothing"
        self.init(path: Self.pointer(context.codingPath), message: "expected \(TypeName.of(type: type)), found \(what)")
      }
    case let .valueNotFound(type, context):
      self.init(path: Self.pointer(context.codingPath), message: "expected \(TypeName.of(type: type)), found null")
    case let .dataCorrupted(context):
      self.init(path: Self.pointer(context.codingPath), message: context.debugDescription)
    @unknown default:
      self.init(path: "/", message: "\(error)")
    }
  }

  /// The value a coding path leads to, following the decoder's own reading of the tree.
  static func value(at codingPath: [any CodingKey], in root: Value) -> Value? {
    var current = root
    for key in codingPath {
      guard let next = ValueShape.child(of: current, key: key) else { return nil }
      current = next
    }
    return current
  }
}
