/// ANSI colours, applied only when colour is on.
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
    case removed, inserted, heading, dim, sequence, label, warning, error

    var code: String {
      switch self {
      case .removed: "31"
      case .inserted: "32"
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
    colored ? "\u{1B}[\(role.code)m\(text)\u{1B}[0m" : text
  }

  /// The escape sequence that starts `role` (`ESC[33m`).
  package func prefix(_ role: Role) -> [UInt8] {
    Array("\u{1B}[\(role.code)m".utf8)
  }

  /// The escape sequence that ends a style (`ESC[0m`).
  package static let reset: [UInt8] = Array("\u{1B}[0m".utf8)
}
