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
    return masked(json, path: &path, depth: 0) ?? json
  }

  /// The value without its ignored parts but with its computed ids (`$id`): what a divergence
  /// shows, so that rows identified by a computed `id` are matched by it there as in `show`
  /// (a sort reads as moves, not as every field of every row changed). The runs are compared
  /// without the ids (`apply(to:)`).
  public func applyKeepingIDs(to json: JSON) -> JSON {
    if ignores([]) { return .null }
    if patterns.isEmpty { return json }
    var path: [String] = []
    return masked(json, path: &path, depth: 0, keepsIDs: true) ?? json
  }

  func apply(to json: JSON, at path: [String]) -> JSON {
    if ignores(path) { return .null }
    var path = path
    return masked(json, path: &path, depth: 0) ?? json
  }

  /// `json` with ignored members and elements taken out (`null` for an element) and computed ids
  /// (`$id`) removed, or `nil` when nothing is: containers are rebuilt only where something is
  /// masked, so a state with nothing to mask is read, not copied (the comparator masks the whole
  /// state after every action while two runs' states differ).
  private func masked(_ json: JSON, path: inout [String], depth: Int, keepsIDs: Bool = false) -> JSON? {
    // The reader limits nesting to 512 levels; this bound only guards hand-built values.
    guard depth < 1_024 else { return nil }
    switch json {
    case let .object(members):
      var rebuilt: [JSON.Member]?
      for index in members.indices {
        let member = members[index]
        let key = member.key
        var removed = false
        var value: JSON?
        if key == Value.identityLabel, !keepsIDs {
          removed = true
        } else if key.hasPrefix("$") {
          // Shape keys are not path segments: `{"$set":[…]}` is walked as the array.
          value = masked(member.value, path: &path, depth: depth + 1, keepsIDs: keepsIDs)
        } else {
          path.append(key)
          if ignores(path) {
            removed = true
          } else {
            value = masked(member.value, path: &path, depth: depth + 1, keepsIDs: keepsIDs)
          }
          path.removeLast()
        }
        if rebuilt == nil, removed || value != nil {
          rebuilt = Array(members[..<index])
        }
        if !removed, rebuilt != nil { rebuilt!.append(JSON.Member(key, value ?? member.value)) }
      }
      return rebuilt.map { .object(JSONMembers($0)) }
    case let .array(elements):
      var rebuilt: [JSON]?
      // Elements still held as text (a large state read lazily) stay text when no pattern could
      // match inside them and they hold no computed id: a state of 100,000 todos is compared,
      // not built, while the runs agree.
      let skipsText = patterns.isEmpty && elements.hasPendingElements
      for index in elements.indices {
        if skipsText, rebuilt == nil, elements.pendingTextLacksComputedID(at: index) { continue }
        path.append(String(index))
        let value: JSON? =
          ignores(path) ? .null : masked(elements[index], path: &path, depth: depth + 1, keepsIDs: keepsIDs)
        path.removeLast()
        if rebuilt == nil, value != nil { rebuilt = elements.elements(in: 0..<index) }
        if rebuilt != nil { rebuilt!.append(value ?? elements[index]) }
      }
      return rebuilt.map { .array(JSONElements($0)) }
    default:
      return nil
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
