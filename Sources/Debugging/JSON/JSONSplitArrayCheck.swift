import Foundation

/// The check of a long array's elements (`JSONTreeParser.checkWholeArray`) on two threads: this
/// one checks from the first element while a second checks from a guessed element start halfway
/// (a comma followed by the first bytes of the first element, `,{"$type":"Todo`). The guess is
/// taken only when this thread's own walk reaches an element that starts exactly there (the
/// guess was then a real element start, and the second thread did what this one would have); a
/// walk that steps over it drops the second thread's work and goes on alone. So the ranges, and
/// whether the elements pass, are those of checking them one by one on one thread.
///
/// For a 12 MB state of 100,000 todos the check takes half the time (the file's read is not
/// shortened). Only inputs of at least `smallestRest` bytes after the `[`, and one at a time in
/// the process (a reader already on every core does not start more threads).
///
/// ```text
/// [{"$type":"Todo",…},{…},…,{"$type":"Todo",…},…]
///  └ this thread ─────────→ │└ second thread, from the guess ─→]
/// ```
enum JSONSplitArrayCheck {
  /// The fewest bytes from the `[` to the end of the input for a second thread.
  static let smallestRest = 4 << 20

  /// The ranges of the elements of the array at `parser.index` (its `[`), with `parser` moved past
  /// its `]`; `nil` with `parser` unmoved when the check refuses an element or the array's syntax
  /// (the caller then reads it element by element, for the exact answer), or when the array is
  /// not one to split (`parser` unmoved too: the caller checks it on one thread).
  ///
  /// `gated`: `false` for tests, which run in parallel and must split whatever else runs.
  static func check(_ parser: inout JSONParser, checked: Bool, keys: QuickKeys, gated: Bool = true) -> Outcome {
    let open = parser.index
    guard parser.end - open >= smallestRest, !gated || Gate.enter() else { return .notSplit }
    defer { if gated { Gate.leave() } }
    var walker = parser
    walker.index += 1
    walker.depth += 1
    walker.skipWhitespace()
    let firstStart = walker.index
    guard walker.index < walker.end, walker.bytes[walker.index] != .closeBracket,
      Self.element(&walker, checked: checked, keys: keys)
    else { return .notSplit }
    let firstEnd = walker.index
    guard let guess = Self.guess(in: parser, from: open + (parser.end - open) / 2, first: firstStart..<firstEnd) else {
      return .notSplit
    }
    let second = SecondHalf(parser: walker, from: guess, checked: checked)
    second.start()
    defer { second.cancelAndWait() }
    var ranges: [Range<Int>] = [firstStart..<firstEnd]
    ranges.reserveCapacity(4096)
    var passedGuess = false
    while true {
      walker.skipWhitespace()
      guard walker.index < walker.end else { return .refused }
      let byte = walker.bytes[walker.index]
      walker.index += 1
      if byte == .closeBracket { break }
      guard byte == .comma else { return .refused }
      if !passedGuess, walker.index >= guess {
        if walker.index == guess {
          // A real element start: what the second thread found is what this one would find.
          guard let rest = second.result() else { return .refused }
          ranges += rest.ranges
          parser.index = rest.end
          return .checked(ranges, split: true)
        }
        passedGuess = true
        second.cancel()
      }
      walker.skipWhitespace()
      let start = walker.index
      guard Self.element(&walker, checked: checked, keys: keys) else { return .refused }
      ranges.append(start..<walker.index)
    }
    parser.index = walker.index
    return .checked(ranges, split: false)
  }

  enum Outcome: Equatable {
    /// Every element passed: their ranges; `split`: the second thread's half was taken.
    case checked([Range<Int>], split: Bool)
    /// An element or the syntax is not known to be fine.
    case refused
    /// Not split: check it on one thread.
    case notSplit
  }

  /// Checks (or, for text checked before, skips) the value at `parser.index`.
  @inline(__always)
  static func element(_ parser: inout JSONParser, checked: Bool, keys: QuickKeys) -> Bool {
    checked ? parser.quickSkipValue() : parser.quickCheckValue(reusing: keys)
  }

  /// Where an element seems to start at or after `from`: just after a comma followed by the first
  /// 16 bytes (or all) of the first element.
  static func guess(in parser: JSONParser, from: Int, first: Range<Int>) -> Int? {
    let count = min(16, first.count)
    guard count >= 2 else { return nil }
    let bytes = parser.bytes
    var index = from
    // Within a few elements' length of the middle, or not at all.
    let limit = min(parser.end - count - 1, from + max(64 * first.count, 1 << 16))
    while index < limit {
      if bytes[index] == .comma, memcmp(bytes + index + 1, bytes + first.lowerBound, count) == 0 { return index + 1 }
      index += 1
    }
    return nil
  }

  /// At most one second thread in the process at a time.
  private enum Gate {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var busy = false

    static func enter() -> Bool {
      lock.lock()
      defer { lock.unlock() }
      if busy { return false }
      busy = true
      return true
    }

    static func leave() {
      lock.lock()
      busy = false
      lock.unlock()
    }
  }
}

/// The second thread's walk: elements from a guessed start to the array's `]`. The input's bytes
/// outlive it: the first thread waits for it to stop before it returns.
private final class SecondHalf: @unchecked Sendable {
  struct Rest {
    var ranges: [Range<Int>]
    /// After the `]`.
    var end: Int
  }

  private var parser: JSONParser
  private let checked: Bool
  // Shared under `condition`.
  private let condition = NSCondition()
  private var done = false
  private var outcome: Rest?
  private var cancelled = false

  init(parser: JSONParser, from start: Int, checked: Bool) {
    self.parser = parser
    self.parser.index = start
    self.checked = checked
  }

  func start() {
    let thread = Thread { [self] in
      let rest = walk()
      condition.lock()
      outcome = rest
      done = true
      condition.broadcast()
      condition.unlock()
    }
    thread.stackSize = 1 << 20
    thread.start()
  }

  /// What the walk found once it ended: `nil` when it refused an element or the syntax.
  func result() -> Rest? {
    condition.lock()
    defer { condition.unlock() }
    while !done { condition.wait() }
    return outcome
  }

  func cancel() {
    condition.lock()
    cancelled = true
    condition.unlock()
  }

  func cancelAndWait() {
    cancel()
    _ = result()
  }

  private var isCancelled: Bool {
    condition.lock()
    defer { condition.unlock() }
    return cancelled
  }

  private func walk() -> Rest? {
    let keys = QuickKeys()
    var ranges: [Range<Int>] = []
    ranges.reserveCapacity(4096)
    while true {
      if ranges.count & 1023 == 1023, isCancelled { return nil }
      parser.skipWhitespace()
      let start = parser.index
      guard JSONSplitArrayCheck.element(&parser, checked: checked, keys: keys) else { return nil }
      ranges.append(start..<parser.index)
      parser.skipWhitespace()
      guard parser.index < parser.end else { return nil }
      let byte = parser.bytes[parser.index]
      parser.index += 1
      if byte == .closeBracket { return Rest(ranges: ranges, end: parser.index) }
      guard byte == .comma else { return nil }
    }
  }
}
