import Debugging

/// `--color always|never|auto`.
package enum ColorChoice: String, Sendable, CaseIterable {
  case always, never, auto

  /// Whether to colour: `auto` colours only a terminal, and only when `NO_COLOR` is unset or
  /// empty (https://no-color.org).
  package func resolve(isTerminal: Bool, noColor: String?) -> Bool {
    switch self {
    case .always: true
    case .never: false
    case .auto: isTerminal && (noColor ?? "").isEmpty
    }
  }
}

/// `--format text|json`.
package enum OutputFormat: String, Sendable, CaseIterable {
  case text, json
}
