import Debugging

/// A `--label` pattern: text the label must contain, where `*` matches any run of characters.
///
/// ```swift
/// LabelPattern("toggle").matches("Todos.Action.todos(.element(id:, action: .toggle))")  // true
/// LabelPattern("Todos.*.toggle").matches("Todos.Action.todos(.element(id:, action: .toggle))")  // true
/// LabelPattern("Search").matches("Todos.Action.addButtonTapped")  // false
/// ```
package struct LabelPattern: Sendable {
  private let pieces: [[UInt8]]

  package init(_ pattern: String) {
    pieces = pattern.utf8.split(separator: UInt8(ascii: "*"), omittingEmptySubsequences: true).map(Array.init)
  }

  /// Whether `label` contains the pieces of the pattern in order.
  package func matches(_ label: String) -> Bool {
    var label = label
    return label.withUTF8 { matches(UnsafeRawBufferPointer($0)) }
  }

  package func matches(_ label: UnsafeRawBufferPointer) -> Bool {
    var start = 0
    for piece in pieces {
      guard let found = find(piece, in: label, from: start) else { return false }
      start = found + piece.count
    }
    return true
  }

  private func find(_ piece: [UInt8], in haystack: UnsafeRawBufferPointer, from start: Int) -> Int? {
    guard let first = piece.first, haystack.count - start >= piece.count else { return nil }
    var index = start
    let last = haystack.count - piece.count
    while index <= last {
      if haystack[index] == first {
        var offset = 1
        while offset < piece.count && haystack[index + offset] == piece[offset] { offset += 1 }
        if offset == piece.count { return index }
      }
      index += 1
    }
    return nil
  }
}
