/// Why a patch could not be read or applied: `path /todos/7 does not exist`.
public struct JSONPatchError: Error, Equatable, Sendable, CustomStringConvertible {
  public var message: String
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}

/// An RFC 6902 JSON Patch: the operations that turn one state into the next.
///
/// ```swift
/// var state = try JSONReader.parse(#"{"todos":[{"done":false}]}"#)
/// try JSONPatch([.replace(path: JSONPointer("/todos/0/done"), value: .bool(true))]).apply(to: &state)
/// JSONWriter.string(state)  // {"todos":[{"done":true}]}
/// ```
public struct JSONPatch: Sendable, Hashable {
  public var operations: [Operation]

  public init(_ operations: [Operation] = []) { self.operations = operations }

  public enum Operation: Sendable, Hashable {
    case add(path: JSONPointer, value: JSON)
    case remove(path: JSONPointer)
    case replace(path: JSONPointer, value: JSON)
    case move(from: JSONPointer, path: JSONPointer)
    case copy(from: JSONPointer, path: JSONPointer)
    case test(path: JSONPointer, value: JSON)

    /// The location this operation changes (or tests).
    public var path: JSONPointer {
      switch self {
      case let .add(path, _), let .remove(path), let .replace(path, _), let .move(_, path),
        let .copy(_, path), let .test(path, _):
        return path
      }
    }
  }

  /// Applies every operation in order. On error `document` may hold the operations before the
  /// failing one.
  public func apply(to document: inout JSON) throws(JSONPatchError) {
    for operation in operations {
      try operation.apply(to: &document)
    }
  }
}

// MARK: - JSON form

extension JSONPatch {
  /// Reads `[{"op":"replace","path":"/x","value":1}, …]` with exact errors
  /// (`patch[1]: unknown op "frob"`).
  public init(json: JSON) throws(JSONPatchError) {
    guard case let .array(elements) = json else {
      throw JSONPatchError("\"patch\" must be an array, found \(json.typeDescription)")
    }
    var operations: [Operation] = []
    operations.reserveCapacity(elements.count)
    for (index, element) in elements.enumerated() {
      do {
        operations.append(try Operation(json: element))
      } catch {
        throw JSONPatchError("patch[\(index)]: \(error.message)")
      }
    }
    self.operations = operations
  }

  public var json: JSON { .array(operations.map(\.json)) }
}

extension JSONPatch.Operation {
  init(json: JSON) throws(JSONPatchError) {
    guard case let .object(members) = json else {
      throw JSONPatchError("an operation must be an object, found \(json.typeDescription)")
    }
    func member(_ key: String) throws(JSONPatchError) -> JSON {
      for m in members where m.key == key { return m.value }
      throw JSONPatchError("missing key \"\(key)\"")
    }
    func pointer(_ key: String) throws(JSONPatchError) -> JSONPointer {
      let value = try member(key)
      guard case let .string(text) = value else {
        throw JSONPatchError("\"\(key)\" must be a string, found \(value.typeDescription)")
      }
      return try JSONPointer(text)
    }
    let op = try member("op")
    guard case let .string(name) = op else {
      throw JSONPatchError("\"op\" must be a string, found \(op.typeDescription)")
    }
    switch name {
    case "add": self = .add(path: try pointer("path"), value: try member("value"))
    case "remove": self = .remove(path: try pointer("path"))
    case "replace": self = .replace(path: try pointer("path"), value: try member("value"))
    case "move": self = .move(from: try pointer("from"), path: try pointer("path"))
    case "copy": self = .copy(from: try pointer("from"), path: try pointer("path"))
    case "test": self = .test(path: try pointer("path"), value: try member("value"))
    default: throw JSONPatchError("unknown op \"\(name)\"")
    }
  }

  public var json: JSON {
    func op(_ name: String, _ rest: [JSON.Member]) -> JSON { .object([.init("op", .string(name))] + rest) }
    switch self {
    case let .add(path, value): return op("add", [.init("path", .string(path.description)), .init("value", value)])
    case let .remove(path): return op("remove", [.init("path", .string(path.description))])
    case let .replace(path, value):
      return op("replace", [.init("path", .string(path.description)), .init("value", value)])
    case let .move(from, path):
      return op("move", [.init("from", .string(from.description)), .init("path", .string(path.description))])
    case let .copy(from, path):
      return op("copy", [.init("from", .string(from.description)), .init("path", .string(path.description))])
    case let .test(path, value): return op("test", [.init("path", .string(path.description)), .init("value", value)])
    }
  }
}
