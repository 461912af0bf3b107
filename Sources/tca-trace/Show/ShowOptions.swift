import Debugging

/// What `tca-trace show` was asked for, read from its arguments.
///
/// ```swift
/// try ShowOptions(ArgumentParser.parse(["--label", "toggle", "--from", "3", "log.jsonl"], for: ShowCommand.self))
/// // file "log.jsonl", filter: label contains "toggle", seq ≥ 3
/// ```
package struct ShowOptions {
  package var file: String
  package var filter: ShowActionFilter
  package var labelsOnly: Bool
  package var fullState: Bool
  package var follow: Bool
  package var format: OutputFormat

  package init(_ arguments: ParsedArguments) throws(CommandLineExit) {
    file = arguments.positionals[0]
    labelsOnly = arguments.flag(ShowCommand.labelsOnly)
    fullState = arguments.flag(ShowCommand.fullState)
    follow = arguments.flag(ShowCommand.follow)
    format = try arguments.format()
    if labelsOnly && fullState {
      throw .usage("--labels-only and --full-state cannot be used together", command: ShowCommand.self)
    }
    filter = ShowActionFilter()
    if let text = arguments.value(ShowCommand.label) {
      guard !text.isEmpty else {
        throw arguments.invalid(text, ShowCommand.label, expected: "text the label contains (* matches any text)")
      }
      filter.label = LabelPattern(text)
    }
    filter.from = try arguments.integer(ShowCommand.from).map(Int64.init)
    filter.to = try arguments.integer(ShowCommand.to).map(Int64.init)
    filter.since = try arguments.nanoseconds(ShowCommand.since, expected: Self.timeExamples)
    filter.until = try arguments.nanoseconds(ShowCommand.until, expected: Self.timeExamples)
    if let from = filter.from, let to = filter.to, from > to {
      throw .usage("--from \(from) is after --to \(to)", command: ShowCommand.self)
    }
    if let since = filter.since, let until = filter.until, since > until {
      throw .usage(
        "--since \(arguments.value(ShowCommand.since) ?? "") is after --until \(arguments.value(ShowCommand.until) ?? "")",
        command: ShowCommand.self)
    }
    if let text = arguments.value(ShowCommand.path) {
      do {
        filter.path = try StatePath(parsing: text)
      } catch {
        throw arguments.invalid(
          text, ShowCommand.path, expected: "a JSON Pointer or a path such as todos[0].title (\(error.message))")
      }
    }
  }

  private static let timeExamples = "a time such as 1.5s, 200ms, 40us or 900ns"
}

/// Which actions `show` prints: all the given conditions must hold.
package struct ShowActionFilter {
  package var label: LabelPattern?
  package var from: Int64?
  package var to: Int64?
  package var since: Int64?
  package var until: Int64?
  package var path: StatePath?
  /// Where the path's `[id:]` segments found their elements last time (`StatePath.pointer(in:hints:)`):
  /// following one state from action to action, finding a row again is one comparison, not a
  /// search through 20,000 rows per action.
  private let pathHints = PathHints()

  private final class PathHints {
    var indices: [Int] = []
  }

  package init() {}

  /// Whether a state is needed to decide (a path).
  package var needsState: Bool { path != nil }

  /// Whether any filter is given: then `show` exits 1 when no action passes them.
  package var selects: Bool {
    label != nil || from != nil || to != nil || since != nil || until != nil || path != nil
  }

  /// Whether no later action can match (sequence numbers and times only grow).
  package func isPast(seq: Int64, t: Int64) -> Bool {
    if let to, seq > to { return true }
    if let until, t > until { return true }
    return false
  }

  /// Whether a note or the end line at `t` belongs in the output: only without label and path
  /// conditions, within the time range, and once the range of sequence numbers has begun.
  package func acceptsContext(t: Int64, reachedFrom: Bool) -> Bool {
    if label != nil || path != nil || !reachedFrom { return false }
    if let since, t < since { return false }
    if let until, t > until { return false }
    return true
  }

  /// Whether the action passes the sequence, time and label conditions.
  package func accepts(seq: Int64, t: Int64, label: String) -> Bool {
    if let from, seq < from { return false }
    if let to, seq > to { return false }
    if let since, t < since { return false }
    if let until, t > until { return false }
    if let pattern = self.label, !pattern.matches(label) { return false }
    return true
  }

  /// Whether the value at the path differs after the action (an element that only moved, or a
  /// change next to the path, does not count).
  package func changesPath(_ patch: JSONPatch, before: JSON?, after: JSON?) -> Bool {
    guard let path else { return true }
    guard touchesPath(patch, before: before, after: after) else { return false }
    let hints = pathHints
    return before.flatMap { path.value(in: $0, hints: &hints.indices) }
      != after.flatMap { path.value(in: $0, hints: &hints.indices) }
  }

  /// Whether the patch touched the path (at it, inside it or above it), looked up in the states
  /// before and after the action when the path finds elements by id.
  package func touchesPath(_ patch: JSONPatch, before: JSON?, after: JSON?) -> Bool {
    guard let path else { return true }
    var pointers: [JSONPointer] = []
    if let fixed = path.fixedPointer {
      pointers = [fixed]
    } else {
      for state in [before, after] {
        if let state, case let (pointer, true) = path.pointer(in: state, hints: &pathHints.indices) {
          pointers.append(pointer)
        }
      }
    }
    for operation in patch.operations {
      var touched = [operation.path]
      if case let .move(from, _) = operation { touched.append(from) }
      for changed in touched {
        for pointer in pointers
        where changed.hasPrefix(pointer) || pointer.hasPrefix(changed)
          || StatePath.passesMarker(changed, along: pointer)
        {
          return true
        }
        // An element added, removed or moved in an array the path goes through: the position
        // the path names now holds another element (`/todos/1` after an add at `/todos/0`).
        if operation.isStructural, let last = changed.tokens.last, last == "-" || Int(last) != nil {
          let parent = JSONPointer(tokens: Array(changed.tokens.dropLast()))
          for pointer in pointers where pointer.tokens.count > parent.tokens.count && pointer.hasPrefix(parent) {
            return true
          }
        }
      }
    }
    return false
  }
}
