import Debugging

/// Removes the ignored parts of a value (in its trace JSON form) before two runs are compared:
/// a matched object member is dropped, a matched dictionary entry (a `$dict` pair, matched by its
/// key) is dropped, a matched array element becomes `null` (so that indices stay put), a matched
/// root becomes `null`.
///
/// ```swift
/// let mask = IgnoreMask([try IgnorePattern("**.id")])
/// JSONWriter.string(mask.apply(to: try JSONReader.parse(#"{"todos":[{"id":7,"title":"Milk"}]}"#)))
/// // {"todos":[{"title":"Milk"}]}
/// ```
///
/// Patches are masked too (`apply(to: JSONPatch)`): operations on ignored paths are dropped and
/// the values they carry are masked from their own path, so that two patches that differ only in
/// ignored parts compare equal. An operation inside a `$dict` names its pair by place, not by
/// key, so it is kept as written: its patch then compares equal only when written the same.
public struct IgnoreMask: Sendable {
  public let patterns: [IgnorePattern]

  public init(_ patterns: [IgnorePattern]) {
    self.patterns = patterns
  }

  public var isEmpty: Bool { patterns.isEmpty }

  func ignores(_ path: [IgnorePattern.Step]) -> Bool {
    patterns.contains { $0.matches(path) }
  }

  /// The value without its ignored parts, and without the computed `Identifiable.id`s (`$id`) the
  /// recorder adds: derived from the fields, they are not compared (a trace recorded before the
  /// recorder wrote them compares equal to one recorded after).
  public func apply(to json: JSON) -> JSON {
    if ignores([]) { return .null }
    var path: [IgnorePattern.Step] = []
    return masked(json, path: &path, depth: 0) ?? json
  }

  /// The value without its ignored parts but with its computed ids (`$id`): what a divergence
  /// shows, so that rows identified by a computed `id` are matched by it there as in `show`
  /// (a sort reads as moves, not as every field of every row changed). The runs are compared
  /// without the ids (`apply(to:)`).
  public func applyKeepingIDs(to json: JSON) -> JSON {
    if ignores([]) { return .null }
    if patterns.isEmpty { return json }
    var path: [IgnorePattern.Step] = []
    return masked(json, path: &path, depth: 0, keepsIDs: true) ?? json
  }

  func apply(to json: JSON, at path: [IgnorePattern.Step]) -> JSON {
    if ignores(path) { return .null }
    var path = path
    return masked(json, path: &path, depth: 0) ?? json
  }

  /// `json` with ignored members and elements taken out (`null` for an element) and computed ids
  /// (`$id`) removed, or `nil` when nothing is: containers are rebuilt only where something is
  /// masked, so a state with nothing to mask is read, not copied (the comparator masks the whole
  /// state after every action while two runs' states differ).
  private func masked(_ json: JSON, path: inout [IgnorePattern.Step], depth: Int, keepsIDs: Bool = false) -> JSON? {
    // The reader limits nesting to 512 levels; this bound only guards hand-built values.
    guard depth < 1_024 else { return nil }
    switch json {
    case let .object(members):
      if members.count == 1, members[0].key == "$dict", case let .array(pairs) = members[0].value {
        return maskedDictionary(pairs, path: &path, depth: depth, keepsIDs: keepsIDs)
      }
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
          path.append(.name(key))
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
      func visit(_ index: Int) {
        path.append(.name(String(index)))
        let value: JSON? =
          ignores(path) ? .null : masked(elements[index], path: &path, depth: depth + 1, keepsIDs: keepsIDs)
        path.removeLast()
        if rebuilt == nil, value != nil { rebuilt = elements.elements(in: 0..<index) }
        if rebuilt != nil { rebuilt!.append(value ?? elements[index]) }
      }
      var rest = elements.indices
      if skipsText, let parsed = elements.parsedIndicesWhenTextLacksComputedIDs() {
        // Every element still text is skipped: only the parsed ones are visited, until one is
        // masked (then every element after it is taken, as below).
        for index in parsed {
          visit(index)
          if rebuilt != nil {
            rest = index + 1..<elements.endIndex
            break
          }
        }
        if rebuilt == nil { return nil }
      }
      for index in rest {
        if skipsText, rebuilt == nil, elements.pendingTextLacksComputedID(at: index) { continue }
        visit(index)
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
      // Into a dictionary's pair, by its place: which key it is, only the state knows.
      if Self.entersDictionary(operation) {
        operations.append(operation)
        continue
      }
      let path = Self.segments(operation.path).map(IgnorePattern.Step.name)
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

  /// Whether the operation's paths go into a `$dict`'s pairs (`/scores/$dict/1/1`).
  private static func entersDictionary(_ operation: JSONPatch.Operation) -> Bool {
    func enters(_ pointer: JSONPointer) -> Bool { pointer.tokens.contains("$dict") }
    switch operation {
    case let .move(from, path), let .copy(from, path): return enters(from) || enters(path)
    default: return enters(operation.path)
    }
  }

  /// A dictionary's pairs without the ignored entries, each matched by its key (`scores[5]`), and
  /// with the rest masked from the entry's path, key and value alike; `nil` when nothing is.
  private func maskedDictionary(_ pairs: JSONElements, path: inout [IgnorePattern.Step], depth: Int, keepsIDs: Bool)
    -> JSON?
  {
    var rebuilt: [JSON]?
    for index in pairs.indices {
      let pair = pairs[index]
      guard case let .array(entry) = pair, entry.count == 2 else {
        rebuilt?.append(pair)
        continue
      }
      path.append(.key(entry[0]))
      let removed = ignores(path)
      let key = removed ? nil : masked(entry[0], path: &path, depth: depth + 2, keepsIDs: keepsIDs)
      let value = removed ? nil : masked(entry[1], path: &path, depth: depth + 2, keepsIDs: keepsIDs)
      path.removeLast()
      if rebuilt == nil, removed || key != nil || value != nil { rebuilt = pairs.elements(in: 0..<index) }
      if !removed, rebuilt != nil {
        rebuilt!.append(key == nil && value == nil ? pair : .array([key ?? entry[0], value ?? entry[1]]))
      }
    }
    return rebuilt.map { .object([JSON.Member("$dict", .array(JSONElements($0)))]) }
  }
}
