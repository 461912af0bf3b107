import Debugging

/// Turns an action's patch into the statements of a `TestStore` assertion closure, as mutations
/// of the previous state, for `tca-trace testgen`:
///
/// ```text
/// [{"op":"replace","path":"/todos/1/isComplete","value":true}]
///   → $0.todos[id: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!]?.isComplete = true
/// [{"op":"add","path":"/todos/0","value":{…}}]
///   → $0.todos.insert(Todo.State(…), at: 0)
/// [{"op":"move","from":"/todos/2","path":"/todos/0"}]
///   → $0.todos.move(fromOffsets: [2], toOffset: 0)
/// ```
///
/// Paths are written from the state before the operation: struct fields as `.name`, array
/// elements that have an `id` field by `[id: …]` (an identified array, TCA's convention), other
/// elements by index, dictionary entries by key. Where a path goes through what Swift cannot
/// reach by assignment (an enum's payload, a set), the nearest value it can reach is assigned
/// whole. A field the trace shows `nil` anywhere is optional, reached with `?`; that is known
/// only at the end, so statements carry markers until ``render(_:)``.
struct StateMutationWriter {
  /// `Type.field` of every struct field the trace holds `nil` in.
  private(set) var nullableFields: Set<String> = []

  /// Notes the optional fields of a value (a state, a patch operation's value).
  mutating func noteNulls(in json: JSON) {
    switch json {
    case let .object(members):
      if members.first?.key == "$type", case let .string(type) = members[0].value {
        for member in members.dropFirst() where member.value == .null { nullableFields.insert("\(type).\(member.key)") }
      }
      for member in members { noteNulls(in: member.value) }
    case let .array(elements):
      for element in elements { noteNulls(in: element) }
    default:
      return
    }
  }

  /// The statements for `patch`, each applied to `state` after it is written; the error of an
  /// operation that does not apply (the test would assert a change the trace does not hold).
  ///
  /// Each operation's statement is worked out from `state` before it applies, and nothing of that
  /// state is kept while it applies: the operation changes `state` in place, without copying the
  /// arrays on its path (a sort is hundreds of moves on one array).
  ///
  /// Operations in a row that are each written as one place assigned whole (a set's members
  /// added one by one) give one assignment, after the last of them: once per action, not once
  /// per member (a select-all of 2,000 ids wrote the set 2,000 times).
  mutating func statements(for patch: JSONPatch, state: inout JSON) throws(JSONPatchError) -> [String] {
    var lines: [String] = []
    // The place assigned whole by the operations just applied, not written yet.
    var unwritten: (code: String, reached: [String])?
    for operation in patch.operations {
      noteNulls(operation, in: state)
      let pending = statements(for: operation, before: state)
      if let place = unwritten {
        if case let .whole(code, reached) = pending, code == place.code, reached == place.reached {
        } else {
          lines.append(contentsOf: whole(code: place.code, reached: place.reached, after: state))
          unwritten = nil
        }
      }
      try operation.apply(to: &state)
      switch pending {
      case let .written(statements): lines.append(contentsOf: statements)
      case let .whole(code, reached): unwritten = (code, reached)
      }
    }
    if let place = unwritten { lines.append(contentsOf: whole(code: place.code, reached: place.reached, after: state)) }
    return lines
  }

  /// An operation's statements, or the place to assign whole once it applied.
  private enum Pending {
    case written([String])
    case whole(code: String, reached: [String])
  }

  /// Statements with their optional markers resolved: `?` after a nullable field, nothing
  /// otherwise.
  func render(_ statement: String) -> String {
    guard statement.contains(Self.markerStart) else { return statement }
    var text = ""
    var rest = Substring(statement)
    while let start = rest.firstIndex(of: Self.markerStart) {
      text += rest[..<start]
      let afterStart = rest.index(after: start)
      guard let end = rest[afterStart...].firstIndex(of: Self.markerEnd) else { break }
      if nullableFields.contains(String(rest[afterStart..<end])) { text += "?" }
      rest = rest[rest.index(after: end)...]
    }
    return text + rest
  }

  private static let markerStart: Character = "\u{1}"
  private static let markerEnd: Character = "\u{2}"

  // MARK: - Operations

  private mutating func noteNulls(_ operation: JSONPatch.Operation, in before: JSON) {
    switch operation {
    case let .add(path, value), let .replace(path, value):
      noteNulls(in: value)
      guard value == .null, let parent = try? PatchLookup.value(at: Array(path.tokens.dropLast()), in: before),
        case let .object(members) = parent, members.first?.key == "$type", case let .string(type) = members[0].value,
        let field = path.tokens.last
      else { return }
      nullableFields.insert("\(type).\(field)")
    default:
      return
    }
  }

  private func statements(for operation: JSONPatch.Operation, before: JSON) -> Pending {
    // A computed `Identifiable.id` (`$id`) follows the fields it is computed from: no statement.
    if operation.path.tokens.last == Value.identityLabel { return .written([]) }
    func whole(_ target: Place) -> Pending { .whole(code: target.code, reached: target.reached) }
    if let statement = dictionaryEntryStatement(operation, before: before) { return .written([statement]) }
    switch operation {
    case let .replace(path, value):
      let target = place(path.tokens, in: before)
      guard target.complete else { return whole(target) }
      return .written([assignment(target.code, value)])
    case let .add(path, value):
      if let member = setMember(path.tokens, in: before) {
        return .written([call(member.set.chained, "insert", value, suffix: "")])
      }
      let parentTokens = Array(path.tokens.dropLast())
      let parent = place(parentTokens, in: before)
      guard parent.complete, let last = path.tokens.last else { return whole(parent) }
      switch parent.node {
      case let .array(elements):
        if last == "-" || Int(last) == elements.count {
          return .written([call(parent.chained, "append", value, suffix: "")])
        }
        return .written([call(parent.chained, "insert", value, suffix: ", at: \(last)")])
      case let .object(members) where Self.isDictionary(members):
        return .written([assignment(parent.chained + "[\(SwiftLiteral.string(last))]", value)])
      default:
        return whole(parent)
      }
    case let .remove(path):
      if let member = setMember(path.tokens, in: before), let value = member.value {
        return .written([call(member.set.chained, "remove", value, suffix: "")])
      }
      let parentTokens = Array(path.tokens.dropLast())
      let parent = place(parentTokens, in: before)
      guard parent.complete, let last = path.tokens.last else { return whole(parent) }
      switch parent.node {
      case let .array(elements):
        guard let index = Int(last), elements.indices.contains(index) else { return whole(parent) }
        if let id = Self.identity(of: elements[index]) { return .written(["\(parent.chained).remove(id: \(id))"]) }
        return .written(["\(parent.chained).remove(at: \(index))"])
      case let .object(members) where Self.isDictionary(members):
        return .written(["\(parent.chained)[\(SwiftLiteral.string(last))] = nil"])
      default:
        return whole(parent)
      }
    case let .move(from, path):
      let parentTokens = Array(path.tokens.dropLast())
      let parent = place(parentTokens, in: before)
      guard parent.complete, Array(from.tokens.dropLast()) == parentTokens, case let .array(elements) = parent.node,
        let source = from.tokens.last.flatMap({ Int($0) }), let destination = path.tokens.last.flatMap({ Int($0) }),
        elements.indices.contains(source), Self.identity(of: elements[source]) != nil
      else { return whole(place(Array(path.tokens.dropLast()), in: before)) }
      let offset = destination > source ? destination + 1 : destination
      return .written(["\(parent.chained).move(fromOffsets: [\(source)], toOffset: \(offset))"])
    case let .copy(_, path):
      return whole(place(Array(path.tokens.dropLast()), in: before))
    case .test:
      return .written([])
    }
  }

  /// For a path to a set's member (`/tags/$set/3`): the set's place, when it can be written, and
  /// the member at that place before the operation (`nil` past the end).
  private func setMember(_ tokens: [String], in state: JSON) -> (set: Place, value: JSON?)? {
    guard tokens.count >= 2, tokens[tokens.count - 2] == "$set", let index = Int(tokens[tokens.count - 1]) else {
      return nil
    }
    let set = place(Array(tokens.dropLast(2)), in: state)
    guard set.complete, case let .object(members) = set.node, members.count == 1, members[0].key == "$set",
      case let .array(elements) = members[0].value
    else { return nil }
    return (set, elements.indices.contains(index) ? elements[index] : nil)
  }

  /// For an operation on an entry of a dictionary written as pairs (`/names/$dict/2`, its value
  /// `/names/$dict/2/1`): the subscript assignment (`$0.names[2] = "two"`, `= nil` for a
  /// removal); `nil` for anything else.
  private func dictionaryEntryStatement(_ operation: JSONPatch.Operation, before: JSON) -> String? {
    let tokens = operation.path.tokens
    let valueOfEntry = tokens.count >= 4 && tokens[tokens.count - 1] == "1" && tokens[tokens.count - 3] == "$dict"
    let entry = tokens.count >= 3 && tokens[tokens.count - 2] == "$dict"
    guard valueOfEntry || entry else { return nil }
    let dictionaryTokens = Array(tokens.dropLast(valueOfEntry ? 3 : 2))
    guard let index = Int(tokens[dictionaryTokens.count + 1]) else { return nil }
    let dictionary = place(dictionaryTokens, in: before)
    guard dictionary.complete, case let .object(members) = dictionary.node, members.count == 1,
      members[0].key == "$dict", case let .array(entries) = members[0].value
    else { return nil }
    func subscripted(_ key: JSON) -> String? {
      (try? SwiftLiteral.expression(of: key, indent: "", column: 0)).map { "\(dictionary.chained)[\($0)]" }
    }
    func pair(_ json: JSON) -> (key: JSON, value: JSON)? {
      guard case let .array(pair) = json, pair.count == 2 else { return nil }
      return (pair[0], pair[1])
    }
    switch operation {
    // (A `null` value is `.some(nil)` in a `[K: V?]`: `= nil` would remove the key; the
    // dictionary is then assigned whole.)
    case let .add(_, value) where entry:
      guard let (key, value) = pair(value), value != .null, let code = subscripted(key) else { return nil }
      return assignment(code, value)
    case .remove where entry:
      guard entries.indices.contains(index), let (key, _) = pair(entries[index]), let code = subscripted(key) else {
        return nil
      }
      return "\(code) = nil"
    case let .replace(_, value) where valueOfEntry:
      guard value != .null, entries.indices.contains(index), let (key, _) = pair(entries[index]),
        let code = subscripted(key)
      else { return nil }
      return assignment(code, value)
    default:
      return nil
    }
  }

  /// `code = value`, or a comment when the value cannot be written.
  private func assignment(_ code: String, _ value: JSON) -> String {
    do {
      return "\(code) = \(try SwiftLiteral.expression(of: value, indent: "", column: 4 + code.count + 3))"
    } catch {
      return "// \(code) = …  (cannot be written in Swift: \(SwiftLiteral.commentText(error.reason)))"
    }
  }

  private func call(_ base: String, _ method: String, _ value: JSON, suffix: String) -> String {
    do {
      return
        "\(base).\(method)(\(try SwiftLiteral.expression(of: value, indent: "", column: 4 + base.count + method.count + 2))\(suffix))"
    } catch {
      return "// \(base).\(method)(…\(suffix))  (cannot be written in Swift: \(SwiftLiteral.commentText(error.reason)))"
    }
  }

  /// The value at the reachable part `reached` of a place (`code`), after the operation, assigned whole.
  private func whole(code: String, reached: [String], after: JSON) -> [String] {
    guard let value = try? PatchLookup.value(at: reached, in: after) else {
      return ["// \(code): changed in a way testgen cannot write"]
    }
    return [assignment(code, value)]
  }

  // MARK: - Paths

  /// How far a path can be written as a Swift lvalue, and where that leads.
  private struct Place {
    /// The lvalue, to assign to.
    var code: String
    /// The lvalue to call a method on or reach into: with the last step's `?` when it is optional.
    var chained: String
    /// The tokens the code reaches.
    var reached: [String]
    /// Whether it reaches every token.
    var complete: Bool
    /// The value reached, in the state before the operation.
    var node: JSON
  }

  /// `$0.todos[id: …]?.isComplete` for `/todos/1/isComplete`.
  private func place(_ tokens: [String], in state: JSON) -> Place {
    var code = "$0"
    var optional = ""
    var node = state
    var reached: [String] = []
    func stop() -> Place { Place(code: code, chained: code + optional, reached: reached, complete: false, node: node) }
    for token in tokens {
      switch node {
      case let .object(members) where members.first?.key == "$type":
        // Only names that cannot carry code are written (`SwiftLiteral.isIdentifier`); a range's
        // bounds are `let`s: the range is assigned whole (`$0.range = 5..<10`).
        guard token != "$type", SwiftLiteral.isIdentifier(token),
          let value = members.first(where: { $0.key == token })?.value,
          case let .string(type) = members[0].value, SwiftLiteral.isTypeName(type), !SwiftLiteral.isWrittenWhole(type)
        else { return stop() }
        code += optional + "." + SwiftLiteral.identifier(token)
        optional = "\(Self.markerStart)\(type).\(token)\(Self.markerEnd)"
        node = value
      case let .array(elements):
        guard let position = Int(token), elements.indices.contains(position) else { return stop() }
        if let id = Self.identity(of: elements[position]) {
          code += optional + "[id: \(id)]"
          optional = "?"
        } else {
          code += optional + "[\(position)]"
          optional = ""
        }
        node = elements[position]
      case let .object(members) where Self.isDictionary(members):
        guard let value = members.first(where: { $0.key == token })?.value else { return stop() }
        code += optional + "[\(SwiftLiteral.string(token))]"
        optional = "?"
        node = value
      default:
        return stop()
      }
      reached.append(token)
    }
    return Place(code: code, chained: code + optional, reached: reached, complete: true, node: node)
  }

  /// The `id` of an array element written as Swift, when it is a struct with an `id` field.
  private static func identity(of element: JSON) -> String? {
    guard case let .object(members) = element, members.first?.key == "$type",
      let id = members.first(where: { $0.key == "id" || $0.key == Value.identityLabel })?.value
    else { return nil }
    return try? SwiftLiteral.expression(of: id)
  }

  /// A plain object: a dictionary with `String` keys.
  private static func isDictionary(_ members: JSONMembers) -> Bool {
    members.first.map { !$0.key.hasPrefix("$") } ?? true
  }
}

/// The value at pointer tokens in a JSON document.
enum PatchLookup {
  struct Missing: Error {}

  static func value(at tokens: [String], in document: JSON) throws(Missing) -> JSON {
    var current = document
    for token in tokens {
      switch current {
      case let .object(members):
        guard let member = members.first(where: { $0.key == token }) else { throw Missing() }
        current = member.value
      case let .array(elements):
        guard let index = Int(token), elements.indices.contains(index) else { throw Missing() }
        current = elements[index]
      default:
        throw Missing()
      }
    }
    return current
  }
}
