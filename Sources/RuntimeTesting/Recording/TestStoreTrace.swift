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

/// The times a `TestStore` trace carries.
///
/// ```text
/// .real           {"kind":"action","seq":1,"t":11773481,"duration":4877,…}
/// .deterministic  {"kind":"action","seq":1,"t":1000000,"duration":0,…}
/// ```
public enum TraceTimestamps: Sendable {
  /// Monotonic times, the wall-clock start and the process id, as `.debug()` writes them.
  case real
  /// The same bytes on every run of the same test: every line after the initial state is 1 ms
  /// after the one before it, reducer durations are 0, the session starts at
  /// `1970-01-01T00:00:00.000Z` with process id 0. Golden traces are made of these; give the
  /// store the feature's `TestClock` (`clock:`) too, so that effects end at the same point of
  /// the test on every run.
  case deterministic
}
