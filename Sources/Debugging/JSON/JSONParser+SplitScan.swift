import Foundation

/// A large array's elements scanned on two cores: the second half on a thread of its own, from
/// a place that looks like the start of an element (a comma, then the first element's first
/// member, as `,{"$type":"Todo.State",`), while this thread scans from the `[` and stops at the
/// first element at or after that place. When it stops exactly there, the guess was an element
/// of this array, at level 1: the second half's ranges are the rest, as a scan from the start
/// would have found them. Else (the place was inside an element, or after the array) the other
/// half's work is dropped and this thread scans on. The result, ranges and refusals, is the
/// one-thread scan's.
///
/// ```text
/// [{"$type":"Todo.State",…},{"$type":"Todo.State",…},…,{"$type":"Todo.State",…},…]
///  ^ this thread from here, to             here ^ ,{"$type":"Todo.State",  the other from here
/// ```
///
/// A 100,000-row state (12 MB) is scanned in about half the time on two cores.
extension JSONParser {
  /// Arrays (with what follows them on the line) shorter than this are scanned on one thread:
  /// a thread costs tens of microseconds to start.
  static let splitSmallest = 1 << 20
  /// How far from the middle an element start is looked for.
  static let splitSearched = 1 << 18
  /// How many scans used a second thread's half (for tests).
  static let splitScansJoined = JoinedScans()

  /// `quickSkipValue(recording:)` (`checked`) or `quickCheckValue(recording:reusing: keys)` of the
  /// array at `index`, on two threads when it is large (see above).
  mutating func quickScanElements(
    checked: Bool, keys: QuickKeys, recording ranges: inout JSONElementRanges
  ) -> Bool {
    guard Platform.coreCount > 1, end - index >= Self.splitSmallest, !keys.checksForms,
      let split = splitCandidate()
    else {
      return checked ? quickSkipValue(recording: &ranges) : quickCheckValue(recording: &ranges, reusing: keys)
    }
    let open = index
    let other = ElementScanHalf(parser: JSONParser(bytes, count: end, from: split), depth: depth, checked: checked)
    ranges.stopOffset = split - open
    let scanned = checked ? quickSkipValue(recording: &ranges) : quickCheckValue(recording: &ranges, reusing: keys)
    let stop = ranges.stoppedAt.map { open + $0 }
    ranges.clearStop()
    // The other thread's result, unless it has not started yet (it then never does).
    let otherAfter = other.finish()
    // Refused before the split, or the array ended before it.
    guard scanned, let stop else { return scanned }
    if stop == split, let otherAfter {
      guard let after = otherAfter else {
        index = open
        return false
      }
      ranges.append(other.ranges)
      Self.splitScansJoined.add()
      index = after
      return true
    }
    // The guess was not an element of this array, or the other thread did not start: the rest
    // on this one.
    index = stop
    ranges.continue(at: stop)
    guard scanRest(checked: checked, keys: keys, recording: &ranges) else {
      index = open
      return false
    }
    return true
  }

  /// The rest of an array from its element at `index`, through its `]`.
  fileprivate mutating func scanRest(checked: Bool, keys: QuickKeys?, recording ranges: inout JSONElementRanges)
    -> Bool
  {
    let after =
      checked
      ? quickScanEnd(JSONSyntaxRules.self, keys: nil, recording: &ranges, inArray: true)
      : quickScanEnd(JSONReaderRules.self, keys: keys, recording: &ranges, inArray: true)
    guard let after else { return false }
    index = after
    return true
  }

  /// The offset, in the `splitSearched` bytes after the middle of the rest of the input, of the first place where the first
  /// element's first member (its bytes up to its first comma, 4 to 64 bytes) follows a comma;
  /// `nil` when the array's first element is not an object that begins so, or there is none.
  private func splitCandidate() -> Int? {
    var first = index + 1
    while first < end, bytes[first] <= .space { first += 1 }
    guard first < end, bytes[first] == .openBrace else { return nil }
    // The probe: the first element up to its first comma.
    var probeEnd = first + 1
    while probeEnd < end, probeEnd - first < 64, bytes[probeEnd] != .comma { probeEnd += 1 }
    guard probeEnd < end, bytes[probeEnd] == .comma, probeEnd - first >= 4 else { return nil }
    let probe = UnsafeBufferPointer(start: bytes + first, count: probeEnd + 1 - first)
    // Looked for in `splitSearched` bytes: rows are smaller, and the search costs no more.
    var p = index + (end - index) / 2
    let last = min(end, p + Self.splitSearched) - probe.count
    while p <= last {
      if bytes[p] == probe[0], memcmp(bytes + p, probe.baseAddress!, probe.count) == 0 {
        // After a comma, with whitespace between or not.
        var before = p - 1
        while before > index, bytes[before] <= .space { before -= 1 }
        if bytes[before] == .comma { return p }
      }
      p += 1
    }
    return nil
  }
}

/// A count under a lock (`Atomic` needs macOS 15; the package builds for 13).
final class JoinedScans: @unchecked Sendable {
  private let lock = NSLock()
  private var value = 0
  func add() { lock.withLock { value += 1 } }
  var count: Int { lock.withLock { value } }
}

/// The second half of a split scan (`quickScanElements`), on a thread of its own that starts at
/// once: its parser, ranges and result are read by the other thread only after `finish()`.
private final class ElementScanHalf: @unchecked Sendable {
  private let condition = NSCondition()
  /// Under `condition`: whether the thread began the scan, or was told not to, and whether it ended.
  private var started = false
  private var cancelled = false
  private var done = false
  private var parser: JSONParser
  private let checked: Bool
  /// The element ranges of the second half.
  private(set) var ranges: JSONElementRanges
  /// Where the array ends (after its `]`) when the second half was accepted.
  private var after: Int?

  init(parser: JSONParser, depth: Int, checked: Bool) {
    self.parser = parser
    self.parser.depth = depth
    self.checked = checked
    ranges = JSONElementRanges(base: parser.index)
    Platform.startThreadOnAnotherCore { [self] in scan() }
  }

  private func scan() {
    condition.lock()
    started = !cancelled
    condition.unlock()
    guard started else { return }
    if parser.scanRest(checked: checked, keys: checked ? nil : QuickKeys(), recording: &ranges) {
      after = parser.index
    }
    condition.lock()
    done = true
    condition.signal()
    condition.unlock()
  }

  /// `nil` when the thread had not started (it is told not to), else where the array ends when
  /// the second half was accepted (`.some(nil)` when it was refused), once the thread is done.
  func finish() -> Int?? {
    condition.lock()
    defer { condition.unlock() }
    guard started else {
      cancelled = true
      return nil
    }
    while !done { condition.wait() }
    return .some(after)
  }
}
