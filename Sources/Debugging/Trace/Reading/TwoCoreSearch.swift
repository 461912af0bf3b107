import Foundation

/// Searches of a long line's bytes on two cores: the second half on a thread of its own
/// (`Platform.startThreadOnAnotherCore`), in steps of `step` bytes so that it stops soon once
/// the first half answered; the first half on the caller's. Each answers as the one-thread
/// search does. A 12 MB state line is mapped and searched in about half the time: its pages
/// are first touched here, so the faults are shared too.
///
/// ```swift
/// TwoCoreSearch.firstNewline(base, count: 12_400_000)   // as memchr(base, 0x0A, count)
/// TwoCoreSearch.contains(line, #""reducer":"#)          // as ByteSearch.contains(line, …)
/// ```
enum TwoCoreSearch {
  /// Shorter stretches are searched on one thread (a thread costs tens of microseconds to start).
  static let smallest = 4 << 20
  /// How many bytes the second half searches between two looks at whether to stop.
  static let step = 1 << 18

  /// The first newline in the `count` bytes at `start`, as `memchr` finds it. `expected`: how
  /// far it probably is (the length of the last long line), to split where both halves have
  /// work; `nil`: anywhere.
  static func firstNewline(_ start: UnsafeRawPointer, count: Int, expected: Int? = nil) -> UnsafeRawPointer? {
    let likely = min(count, expected.map { $0 + $0 / 8 } ?? count)
    guard likely >= smallest, Platform.coreCount > 1 else {
      return memchr(start, 0x0A, count).map { UnsafeRawPointer($0) }
    }
    let middle = likely / 2
    let second = SecondHalf<Int?> { stop in
      var offset = middle
      while offset < count, !stop() {
        let length = min(step, count - offset)
        if let found = memchr(start + offset, 0x0A, length) { return start.distance(to: UnsafeRawPointer(found)) }
        offset += length
      }
      return nil
    }
    if let found = memchr(start, 0x0A, middle) {
      second.stop()
      return UnsafeRawPointer(found)
    }
    guard let answer = second.finish() else {
      return memchr(start + middle, 0x0A, count - middle).map { UnsafeRawPointer($0) }
    }
    return answer.map { start + $0 }
  }

  /// Whether `needle` occurs in `bytes`, as `ByteSearch.contains` answers.
  static func contains(_ bytes: UnsafeRawBufferPointer, _ needle: StaticString) -> Bool {
    guard bytes.count >= smallest, Platform.coreCount > 1 else { return ByteSearch.contains(bytes, needle) }
    let middle = bytes.count / 2
    // The second half starts early enough to hold a needle that crosses the middle.
    let secondStart = middle - (needle.utf8CodeUnitCount - 1)
    let second = SecondHalf<Bool> { stop in
      var offset = secondStart
      while offset < bytes.count, !stop() {
        // Each step reaches as far into the next as a needle crossing their border needs.
        let length = min(step + needle.utf8CodeUnitCount - 1, bytes.count - offset)
        if ByteSearch.contains(UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + length]), needle) {
          return true
        }
        offset += step
      }
      return false
    }
    if ByteSearch.contains(UnsafeRawBufferPointer(rebasing: bytes[..<middle]), needle) {
      second.stop()
      return true
    }
    guard let answer = second.finish() else {
      return ByteSearch.contains(UnsafeRawBufferPointer(rebasing: bytes[secondStart...]), needle)
    }
    return answer
  }
}

/// Work on a thread of its own that starts at once, told to stop by `stop()` (it looks at
/// `isStopped` between steps); `finish()` waits for its answer, or says it never started (it
/// then never does, and the caller does the work).
private final class SecondHalf<Answer>: @unchecked Sendable {
  private let condition = NSCondition()
  /// Under `condition` (`Atomic` needs macOS 15; the package builds for 13).
  private var started = false
  private var done = false
  private var stopped = false
  private var answer: Answer?

  init(_ work: @escaping (_ isStopped: () -> Bool) -> Answer) {
    let unchecked = UncheckedWork(work)
    // (A byte search allocates nothing: no heap to reserve.)
    Platform.startThreadOnAnotherCore(reservesHeap: false) { [self] in
      condition.lock()
      started = !stopped
      condition.unlock()
      guard started else { return }
      let answer = unchecked.work { self.isStopped }
      condition.lock()
      self.answer = answer
      done = true
      condition.signal()
      condition.unlock()
    }
  }

  /// Whether `stop()` was called (looked at between steps).
  private var isStopped: Bool {
    condition.lock()
    defer { condition.unlock() }
    return stopped
  }

  /// Tells the thread to stop at its next step and waits for it, if it started.
  func stop() {
    condition.lock()
    stopped = true
    condition.unlock()
    _ = finish()
  }

  /// The thread's answer once it is done; `nil` if it had not started (it never will).
  func finish() -> Answer? {
    condition.lock()
    defer { condition.unlock() }
    guard started else {
      stopped = true
      return nil
    }
    while !done { condition.wait() }
    return answer
  }

  private struct UncheckedWork: @unchecked Sendable {
    let work: (_ isStopped: () -> Bool) -> Answer
    init(_ work: @escaping (_ isStopped: () -> Bool) -> Answer) { self.work = work }
  }
}
