import Debugging

/// Removes the ignored parts of a value (in its trace JSON form) before two runs are compared:
/// a matched object member is dropped, a matched array element becomes `null` (so that indices
/// stay put), a matched root becomes `null`.
///
/// ```swift
/// let mask = IgnoreMask([try IgnorePattern("**.id")])
/// JSONWriter.string(mask.apply(to: try JSONReader.parse(#"{"todos":[{"id":7,"title":"Milk"}]}"#)))
/// // {"todos":[{"title":"Milk"}]}
/// ```
///
/// Patches are masked too (`apply(to: JSONPatch)`): operations on ignored paths are dropped and
/// the values they carry are masked from their own path, so that two patches that differ only in
/// ignored parts compare equal.
public struct IgnoreMask: Sendable {
  public let patterns: [IgnorePattern]

  public init(_ patterns: [IgnorePattern]) {
    self.patterns = patterns
  }

  public var isEmpty: Bool { patterns.isEmpty }

  func ignores(_ path: [String]) -> Bool {
    patterns.contains { $0.matches(path) }
  }

  /// The value without its ignored parts, and without the computed `Identifiable.id`s (`$id`) the
  /// recorder adds: derived from the fields, they are not compared (a trace recorded before the
  /// recorder wrote them compares equal to one recorded after).
  public func apply(to json: JSON) -> JSON {
    if ignores([]) { return .null }
    var path: [String] = []
    return mask(json, path: &path, depth: 0)
  }

  /// `json` found at `path`, masked.
  func apply(to json: JSON, at path: [String]) -> JSON {
    if ignores(path) { return .null }
    var path = path
    return mask(json, path: &path, depth: 0)
  }

  private func mask(_ json: JSON, path: inout [String], depth: Int) -> JSON {
    // The reader limits nesting to 512 levels; this bound only guards hand-built values.
    guard depth < 1_024 else { return json }
    switch json {
    case var .object(members):
      var index = 0
      while index < members.count {
        let key = members[index].key
        if key == Value.identityLabel {
          members.remove(at: index)
          continue
        }
        if key.hasPrefix("$") {
          // Shape keys are not path segments: `{"$set":[…]}` is walked as the array.
          members[index].value = mask(members[index].value, path: &path, depth: depth + 1)
          index += 1
          continue
        }
        path.append(key)
        defer { path.removeLast() }
        if ignores(path) {
          members.remove(at: index)
          continue
        }
        members[index].value = mask(members[index].value, path: &path, depth: depth + 1)
        index += 1
      }
      return .object(members)
    case var .array(elements):
      for index in elements.indices {
        path.append(String(index))
        defer { path.removeLast() }
        elements[index] = ignores(path) ? .null : mask(elements[index], path: &path, depth: depth + 1)
      }
      return .array(elements)
    default:
      return json
    }
  }

  /// The patch without operations on ignored paths, and with the values it carries masked.
  public func apply(to patch: JSONPatch) -> JSONPatch {
    guard !patterns.isEmpty else { return patch }
    var operations: [JSONPatch.Operation] = []
    for operation in patch.operations {
      let path = Self.segments(operation.path)
      if ignores(path) { continue }
      switch operation {
      case let .add(pointer, value): operations.append(.add(path: pointer, value: apply(to: value, at: path)))
      case let .replace(pointer, value): operations.append(.replace(path: pointer, value: apply(to: value, at: path)))
      case let .test(pointer, value): operations.append(.test(path: pointer, value: apply(to: value, at: path)))
      case .remove, .move, .copy: operations.append(operation)
      }
    }
    return JSONPatch(operations)
  }

  /// A pointer's tokens as path segments: `$` tokens (inside `$tuple`, `$set`) are left out.
  static func segments(_ pointer: JSONPointer) -> [String] {
    pointer.tokens.filter { !$0.hasPrefix("$") }
  }
}
