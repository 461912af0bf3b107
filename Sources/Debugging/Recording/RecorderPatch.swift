/// The recorder's JSON Patch for a diff, as typed operations: walks only the changed nodes of
/// structures, enum payloads, tuples and arrays whose elements kept their places, and hands every
/// other change (array insertions, removals and moves, dictionaries, sets) to `DiffJSONPatch`
/// with its path as prefix. The operations are the ones `JSONPatch(diff, new:)` gives; the cost
/// follows the change instead of the length of the arrays it is in. No JSON is built and parsed
/// back on the way.
///
/// ```swift
/// try RecorderPatch.patch(diff, new: newValue)  // one toggle in 10,000 todos
/// ```
/// ```text
/// [{"op":"replace","path":"/todos/4711/isComplete","value":true}]
/// ```
///
/// A diff that does not fit `new` (a field the new value does not have) is a `Failure`, never a
/// patch with the change left out: the worker then writes a note and a patch that replaces the
/// whole state.
enum RecorderPatch {
  /// Why the patch could not be built: `field done (position 3) of Todo is not in the new value,
  /// which has 2 fields, at /todos/0`.
  struct Failure: Error, Equatable {
    var message: String
  }

  static func patch(_ diff: StateDiff, new: Value) throws(Failure) -> JSONPatch {
    var ops: [JSONPatch.Operation] = []
    try change(diff.root.change, path: [], new: new, into: &ops)
    return JSONPatch(ops)
  }

  /// The patch that replaces the whole state with `new`: what the worker writes when `patch`
  /// fails.
  static func wholeState(_ new: Value) -> JSONPatch {
    JSONPatch([.replace(path: JSONPointer(tokens: []), value: new.json)])
  }

  private static func change(
    _ change: StateDiff.Change, path: [String], new: Value, into ops: inout [JSONPatch.Operation]
  ) throws(Failure) {
    switch (change, new) {
    case (.unchanged, _):
      return
    case let (.nested(.structure(type), children), .structure(_, fields)):
      try self.fields(children, of: type, path: path, new: fields, into: &ops)
    case let (.nested(.enumCase(type, name), children), .enumCase(_, newName, values)) where name == newName:
      try self.fields(children, of: "\(type).\(name)", path: path + [name], new: values, into: &ops)
    case let (.nested(.tuple, children), .tuple(fields)):
      try self.fields(children, of: "a tuple", path: path + ["$tuple"], new: fields, into: &ops)
    case let (.nested(.array, children), .array(elements)) where children.allSatisfy(keptItsPlace):
      var index = 0
      for child in children {
        if case let .unchanged(count) = child.change {
          index += count
          continue
        }
        guard elements.indices.contains(index) else {
          throw Failure(
            message: "element \(index) is not in the new array, which has \(elements.count), at \(place(path))")
        }
        try self.change(child.change, path: path + [String(index)], new: elements[index], into: &ops)
        index += 1
      }
    default:
      // Reflected values: sets' members and dictionaries' entries in canonical order.
      var patch = DiffJSONPatch(encode: { $0.json })
      patch.membersInCanonicalOrder = true
      patch.change(change, path: path, new: new, into: &ops)
    }
  }

  private static func fields(
    _ children: [StateDiff.Node], of type: String, path: [String], new: [Value.Field],
    into ops: inout [JSONPatch.Operation]
  ) throws(Failure) {
    for child in children where !child.change.isUnchanged {
      guard case let .field(label, position) = child.key else {
        throw Failure(message: "the diff of \(type) has a child that is not a field, at \(place(path))")
      }
      guard new.indices.contains(position) else {
        let name = label ?? "_\(position)"
        let count = new.count == 1 ? "1 field" : "\(new.count) fields"
        throw Failure(
          message:
            "field \(name) (position \(position)) of \(type) is not in the new value, which has \(count), at \(place(path))"
        )
      }
      try change(child.change, path: path + [label ?? "_\(position)"], new: new[position].value, into: &ops)
    }
  }

  /// `/todos/3`, or `the root`.
  private static func place(_ path: [String]) -> String {
    path.isEmpty ? "the root" : JSONPointer(tokens: path).description
  }

  /// An array element that is neither inserted, removed nor moved.
  private static func keptItsPlace(_ node: StateDiff.Node) -> Bool {
    switch node.change {
    case .inserted, .removed, .moved: return false
    default: return true
    }
  }
}
