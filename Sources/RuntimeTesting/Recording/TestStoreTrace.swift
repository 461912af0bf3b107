import Foundation

/// Where a `TestStore` records its run: a trace in the format `.debug()` writes
/// (`docs/log-format.md`), one session per store, closed (with its `end` line) when the store goes
/// away.
///
/// ```swift
/// let store = TestStore(
///   initialState: Counter.State(), reducer: Counter(),
///   trace: .file("Traces/counter.jsonl"), timestamps: .deterministic
/// )
/// ```
public struct TestStoreTrace: Sendable {
  enum Destination: Sendable {
    case file(String)
    case lines(@Sendable (String) -> Void)
  }

  let destination: Destination

  /// A new file at `path` (replaced if it exists), owner-only permissions (0600).
  public static func file(_ path: String) -> Self { Self(destination: .file(path)) }

  /// Every line, with its `\n`, handed to `write` in order (on the recorder's worker thread).
  public static func lines(_ write: @escaping @Sendable (String) -> Void) -> Self {
    Self(destination: .lines(write))
  }
}
