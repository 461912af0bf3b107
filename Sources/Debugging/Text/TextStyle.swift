/// ANSI colours, applied only when colour is on: the one palette of the package (diffs, dumps,
/// `show`, `diff`, `timings`).
///
/// ```swift
/// TextStyle(colored: true).paint("- false", .removed)   // "\u{1B}[31m- false\u{1B}[0m"
/// TextStyle(colored: false).paint("- false", .removed)  // "- false"
/// ```
package struct TextStyle: Sendable {
  package var colored: Bool

  package init(colored: Bool) {
    self.colored = colored
  }

  package enum Role: Sendable {
    case removed, inserted, moved, heading, dim, sequence, label, warning, error

    var code: String {
      switch self {
      case .removed: "31"
      case .inserted: "32"
      case .moved: "36"
      case .heading: "1"
      case .dim: "2"
      case .sequence: "33"
      case .label: "1;36"
      case .warning: "33"
      case .error: "1;31"
      }
    }
  }

  package func paint(_ text: String, _ role: Role) -> String {
    colored ? Self.start(role) + text + Self.end : text
  }

  /// The escape sequence that starts `role` (`ESC[33m`).
  package func prefix(_ role: Role) -> [UInt8] {
    Array(Self.start(role).utf8)
  }

  /// The escape sequence that starts `role` (`ESC[33m`), as text.
  package static func start(_ role: Role) -> String {
    "\u{1B}[\(role.code)m"
  }

  /// The escape sequence that ends a style (`ESC[0m`), as text.
  package static let end = "\u{1B}[0m"

  /// The escape sequence that ends a style (`ESC[0m`).
  package static let reset: [UInt8] = Array(end.utf8)
}
