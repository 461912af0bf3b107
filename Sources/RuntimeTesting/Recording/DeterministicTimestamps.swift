import Debugging
import Foundation

/// Rewrites the times of trace lines, in order, so that a test's trace is the same bytes on every
/// run (see ``TraceTimestamps/deterministic``).
///
/// ```text
/// {"kind":"session",…,"start":"2026-11-21T19:52:59.716Z",…,"pid":20569,…}
///   → {"kind":"session",…,"start":"1970-01-01T00:00:00.000Z",…,"pid":0,…}
/// {"kind":"state","seq":0,"t":0,…}                      → unchanged
/// {"kind":"action","seq":1,"t":11773481,"duration":4877,…}
///   → {"kind":"action","seq":1,"t":1000000,"duration":0,…}
/// ```
final class DeterministicTimestamps: @unchecked Sendable {
  static let start = "1970-01-01T00:00:00.000Z"
  static let step: Int64 = 1_000_000

  private let lock = NSLock()
  private var ticks: Int64 = 0

  /// `line` (with or without its `\n`) with its times replaced; a line that is not a JSON object
  /// is returned as it is.
  func rewrite(_ line: String) -> String {
    let newline = line.hasSuffix("\n")
    guard
      let json = try? JSONReader.parse(newline ? String(line.dropLast()) : line),
      case var .object(members) = json
    else { return line }
    let kind = json["kind"]?.stringValue
    let isInitialState = kind == "state" && json["seq"]?.intValue == 0
    for index in members.indices {
      switch (members[index].key, kind) {
      case ("start", "session"): members[index].value = .string(Self.start)
      case ("pid", "session"): members[index].value = .int(0)
      case ("duration", _): members[index].value = .int(0)
      case ("t", _): members[index].value = .int(isInitialState ? 0 : nextTime())
      default: break
      }
    }
    return JSONWriter.string(.object(members)) + (newline ? "\n" : "")
  }

  private func nextTime() -> Int64 {
    lock.withLock {
      ticks += 1
      return ticks * Self.step
    }
  }
}
