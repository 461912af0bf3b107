import Debugging

/// Whether an action changed the value at `show --path`, decided from its patch: taken before
/// the patch applies, it keeps only the old values it will compare (so applying the patch copies
/// nothing more), and compares only what the patch touched. The answer is exactly
/// `ShowActionFilter.changesPath`'s: the patch touched the path (at it, inside it or above it)
/// and the value there differs afterwards; an operation that writes the same value changes nothing.
///
/// ```swift
/// // --path todos, patch: replace /todos/18/isComplete with true
/// let change = ShowPathCheck(path: path, patch: action.patch, isKeyframe: false, before: tracker.state)
/// try tracker.apply(line, file: file)
/// change.changed(after: tracker.state)  // compares two Bools, not two arrays of 200 todos
/// ```
package struct ShowPathCheck {
  private enum Check {
    /// No operation touched the path.
    case untouched
    /// An element was added to or removed from an array at or inside the path.
    case changed
    /// Only these places (inside the path) changed; their old values.
    case places([(pointer: JSONPointer, old: JSON?)])
    /// The old value at the path, compared whole (a parent replaced, indices shifted, a keyframe).
    case whole(JSON?)
    /// A path with `[id:]`: the whole state before, as `changesPath` takes it.
    case byID(JSONPatch, ShowActionFilter, JSON?)
  }

  private let check: Check
  private let pointer: JSONPointer?

  package init(filter: ShowActionFilter, patch: JSONPatch, isKeyframe: Bool, before: JSON?) {
    guard let path = filter.path, let pointer = path.fixedPointer else {
      self.pointer = nil
      check = .byID(patch, filter, before)
      return
    }
    self.pointer = pointer
    guard filter.touchesPath(patch, before: nil, after: nil) else {
      check = .untouched
      return
    }
    check = Self.check(patch, pointer, isKeyframe: isKeyframe, before: before)
  }

  private static func check(_ patch: JSONPatch, _ pointer: JSONPointer, isKeyframe: Bool, before: JSON?) -> Check {
    // Looked up as `changesPath` does (through a `$set`'s elements too).
    func whole() -> Check { .whole(before.flatMap { StatePath.value(at: pointer, in: $0) }) }
    if isKeyframe { return whole() }
    var inside: [JSONPatch.Operation] = []
    for operation in patch.operations {
      var places = [operation.path]
      if case let .move(from, _) = operation { places.append(from) }
      for place in places {
        // At or above the path, or inside a set, a tuple or a dictionary on the way to it (whose
        // tokens are not the path's): the value there may be anything now.
        if pointer.hasPrefix(place) || StatePath.passesMarker(place, along: pointer) { return whole() }
        // A sibling of a parent added, removed or moved: the indices of an array above it shift.
        if !place.hasPrefix(pointer), operation.isStructural,
          pointer.hasPrefix(JSONPointer(tokens: place.tokens.dropLast()))
        {
          return whole()
        }
      }
      if operation.path.hasPrefix(pointer) || operation.from?.hasPrefix(pointer) == true { inside.append(operation) }
    }
    if inside.count == 1, let operation = inside.first {
      switch operation {
      case .remove: return .changed
      case let .add(path, _), let .copy(_, path):
        let parent = JSONPointer(tokens: path.tokens.dropLast())
        if case .array? = before.flatMap({ try? PatchEngine.value(at: parent, in: $0) }) { return .changed }
        return .places([(path, before.flatMap { try? PatchEngine.value(at: path, in: $0) })])
      case let .move(from, path):
        // Out of the path (a removal) or into it from outside (an addition into an array or a
        // new member: moving a value onto an equal one is rare enough to compare whole).
        if from == path { return .places([]) }
        if !path.hasPrefix(pointer) { return .changed }
        return whole()
      case .replace, .test:
        break
      }
    }
    var places: [(pointer: JSONPointer, old: JSON?)] = []
    for operation in inside {
      switch operation {
      case let .replace(path, _):
        places.append((path, before.flatMap { try? PatchEngine.value(at: path, in: $0) }))
      case .test:
        continue
      default:
        return whole()
      }
    }
    return .places(places)
  }

  /// Whether the value at the path differs in `after`, the state once the patch applied.
  /// Whether the patch cannot change the value at the path (`changed(after:)` is `false`
  /// whatever the state after): the action is not shown, and nothing is prepared for its text.
  package var cannotChange: Bool {
    if case .untouched = check { return true }
    return false
  }

  package func changed(after: JSON?) -> Bool {
    switch check {
    case .untouched:
      return false
    case .changed:
      return true
    case let .places(places):
      return places.contains { place in place.old != after.flatMap { try? PatchEngine.value(at: place.pointer, in: $0) }
      }
    case let .whole(old):
      guard let pointer else { return true }
      return old != after.flatMap { StatePath.value(at: pointer, in: $0) }
    case let .byID(patch, filter, before):
      return filter.changesPath(patch, before: before, after: after)
    }
  }
}

extension JSONPatch.Operation {
  /// Adds, removes or moves a member or an element (and so may shift the indices of an array).
  var isStructural: Bool {
    switch self {
    case .add, .remove, .move, .copy: return true
    case .replace, .test: return false
    }
  }

  fileprivate var from: JSONPointer? {
    if case let .move(from, _) = self { return from }
    return nil
  }
}
