import Foundation

/// `Value(json:)`: the inverse of `Value.json`. An object is read by its first key: a `$` marker
/// (`$type`, `$enum`, `$tuple`, `$set`, `$dict`, `$double`, `$uuid`, `$date`, `$url`, `$data`,
/// `$redacted`, `$ref`) or, without one, a dictionary with `String` keys. A shape that does not
/// match is an error naming the JSON Pointer of the value (line and column are 0).
///
/// ```swift
/// try Value(json: JSONReader.parse(#"{"$uuid":"nope"}"#))
/// ```
/// ```text
/// line 0, column 0: at /: invalid UUID "nope"
/// ```
extension Value {
  /// Decodes the JSON form back into a value; the inverse of `json`.
  public init(json: JSON) throws(JSONError) {
    var path: [JSONPathComponent] = []
    self = try Value.decode(json, path: &path)
  }

  static func decode(_ json: JSON, path: inout [JSONPathComponent]) throws(JSONError) -> Value {
    switch json {
    case .null: return .null
    case let .bool(b): return .bool(b)
    case let .int(i): return .int(i)
    case let .uint(u): return .uint(u)
    case let .double(d): return .double(d)
    case let .string(s): return .string(s)
    case let .array(elements): return .array(try decodeElements(elements.array, path: &path))
    case let .object(members): return try decodeObject(members.array, path: &path)
    }
  }

  private static func decodeElements(_ elements: [JSON], path: inout [JSONPathComponent]) throws(JSONError) -> [Value] {
    var values: [Value] = []
    values.reserveCapacity(elements.count)
    for (i, element) in elements.enumerated() {
      path.append(.index(i))
      values.append(try decode(element, path: &path))
      path.removeLast()
    }
    return values
  }

  private static func decodeObject(_ members: [JSON.Member], path: inout [JSONPathComponent]) throws(JSONError) -> Value
  {
    guard let first = members.first, first.key.utf8.first == 0x24 else {
      var entries: [Entry] = []
      entries.reserveCapacity(members.count)
      for member in members {
        if member.key.utf8.first == 0x24 {
          throw shapeError("a \"$\" key must come first, found \(quoted(member.key))", path)
        }
        path.append(.key(member.key))
        entries.append(Entry(.string(member.key), try decode(member.value, path: &path)))
        path.removeLast()
      }
      return .dictionary(entries)
    }
    let marker = first.key
    switch marker {
    case "$type":
      let type = try markerString(first, path)
      return .structure(type: type, fields: try decodeFields(members.dropFirst(), labelled: true, path: &path))
    case "$enum":
      let type = try markerString(first, path)
      guard members.count == 2 else { throw shapeError("\"$enum\" needs exactly one case key", path) }
      let name = members[1].key
      if name.utf8.first == 0x24 { throw shapeError("unexpected key \(quoted(name)) in a \"$enum\" object", path) }
      guard case let .object(values) = members[1].value else {
        throw shapeError("associated values of case \(quoted(name)) must be an object", path)
      }
      path.append(.key(name))
      defer { path.removeLast() }
      return .enumCase(type: type, name: name, values: try decodeFields(values[...], labelled: false, path: &path))
    case "$date":
      let text = try markerString(first, path)
      guard members.count == 2, members[1].key == "$t" else {
        throw shapeError("\"$date\" needs \"$t\" (seconds since 2001) after it", path)
      }
      let t: Double
      switch members[1].value {
      case let .double(d): t = d
      case let .int(i): t = Double(i)
      case .object:
        guard case let .double(d) = try decode(members[1].value, path: &path) else { fallthrough }
        t = d
      default: throw shapeError("\"$t\" of \(quoted(text)) must be a number", path)
      }
      return .date(Date(timeIntervalSinceReferenceDate: t))
    default:
      guard members.count == 1 else {
        throw shapeError("unexpected key \(quoted(members[1].key)) in a \(quoted(marker)) object", path)
      }
      return try decodeMarker(first, path: &path)
    }
  }

  /// The one-key markers.
  private static func decodeMarker(_ member: JSON.Member, path: inout [JSONPathComponent]) throws(JSONError) -> Value {
    switch member.key {
    case "$tuple":
      guard case let .object(fields) = member.value else { throw shapeError("\"$tuple\" must be an object", path) }
      return .tuple(try decodeFields(fields[...], labelled: false, path: &path))
    case "$set":
      guard case let .array(elements) = member.value else { throw shapeError("\"$set\" must be an array", path) }
      return .set(try decodeElements(elements.array, path: &path))
    case "$dict":
      guard case let .array(pairs) = member.value else { throw shapeError("\"$dict\" must be an array", path) }
      var entries: [Entry] = []
      entries.reserveCapacity(pairs.count)
      for (i, pair) in pairs.enumerated() {
        guard case let .array(kv) = pair, kv.count == 2 else {
          throw shapeError("\"$dict\" entries must be [key, value] pairs", path)
        }
        path.append(.index(i))
        path.append(.index(0))
        let key = try decode(kv[0], path: &path)
        path[path.count - 1] = .index(1)
        let value = try decode(kv[1], path: &path)
        path.removeLast(2)
        entries.append(Entry(key, value))
      }
      return .dictionary(entries)
    case "$double":
      switch try markerString(member, path) {
      case "nan": return .double(.nan)
      case "inf": return .double(.infinity)
      case "-inf": return .double(-.infinity)
      case let other:
        throw shapeError("invalid \"$double\" \(quoted(other)), expected \"nan\", \"inf\" or \"-inf\"", path)
      }
    case "$uuid":
      let text = try markerString(member, path)
      guard let uuid = parseUUID(text) else { throw shapeError("invalid UUID \(quoted(text))", path) }
      return .uuid(uuid)
    case "$url":
      let text = try markerString(member, path)
      guard let url = URL(string: text) else { throw shapeError("invalid URL \(quoted(text))", path) }
      return .url(url)
    case "$data":
      let text = try markerString(member, path)
      guard let data = Data(base64Encoded: text) else { throw shapeError("invalid base64 in \"$data\"", path) }
      return .data(data)
    case "$redacted": return .redacted(type: try markerString(member, path))
    case "$ref": return .reference(type: try markerString(member, path))
    default: throw shapeError("unknown marker \(quoted(member.key))", path)
    }
  }

  /// Fields of a structure (`labelled`: every key is a label) or of an enum case or tuple (`_N`
  /// at position N is unlabelled). Labels may start with `$`: `Mirror` names a lazy property's
  /// storage `$__lazy_storage_$_name`, and inside these objects no key is a marker.
  private static func decodeFields(_ members: ArraySlice<JSON.Member>, labelled: Bool, path: inout [JSONPathComponent])
    throws(JSONError) -> [Field]
  {
    var fields: [Field] = []
    fields.reserveCapacity(members.count)
    for (i, member) in members.enumerated() {
      path.append(.key(member.key))
      let value = try decode(member.value, path: &path)
      path.removeLast()
      let unlabelled = !labelled && member.key == "_\(i)"
      fields.append(Field(unlabelled ? nil : member.key, value))
    }
    return fields
  }

  private static func markerString(_ member: JSON.Member, _ path: [JSONPathComponent]) throws(JSONError) -> String {
    guard case let .string(s) = member.value else { throw shapeError("\(quoted(member.key)) must be a string", path) }
    return s
  }

  private static func quoted(_ s: String) -> String {
    JSONOutput.quoted(s)
  }

  /// `at /todos/0/id: invalid UUID "x"` — the path is a JSON Pointer (RFC 6901).
  private static func shapeError(_ message: String, _ path: [JSONPathComponent]) -> JSONError {
    let pointer =
      path.map { component in
        switch component {
        case let .index(i): return "/\(i)"
        case let .key(key):
          return "/" + key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
        }
      }.joined()
    return JSONError(at: pointer, message)
  }
}

/// One step of the JSON Pointer kept while decoding, rendered only for an error.
enum JSONPathComponent {
  case index(Int)
  case key(String)
}
