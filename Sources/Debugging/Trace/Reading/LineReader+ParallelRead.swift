import Foundation

/// Reading a long line of a regular file on two threads: the room left in the buffer is read as
/// two halves at once, the second by a helper on another core (`Platform.Helper`). Most of a
/// read's cost is the kernel's: zeroing the buffer's fresh pages and copying the file into them,
/// which two cores do in half the time. A 12.4 MB state line is read in halves of 0.5, 1, 2 and
/// 2.2 MB as the buffer doubles.
///
/// The result is what one `read` would give: the bytes from `position` on, in order. When the
/// first half comes back short (the end of the file), the second is not used. Each thread also
/// finds the first newline in its half, so the reader does not search the bytes again.
///
/// ```swift
/// LineReader.readInHalves(fd, into: buffer + end, count: 8 << 20, at: 4 << 20)  // (8,388,608, nil)
/// ```
extension LineReader {
  /// The room (bytes) from which a read is split in two.
  static let parallelReadSize = 1 << 20

  /// Reads up to `count` bytes of the regular file `fd` from `position` into `buffer`: how many
  /// bytes from `position` on were read and where the first newline among them is (each thread
  /// looks in its half while it is in its cache), or `nil` when reading the first half failed
  /// (the caller then reads on one thread, and reports the error).
  static func readInHalves(_ fd: Int32, into buffer: UnsafeMutableRawPointer, count: Int, at position: Int) -> (
    count: Int, firstNewline: Int?
  )? {
    // Halves of what the file holds from `position` (at most `count`): a 12.4 MB line's last
    // read, into 8 MB of room, is 2.2 + 2.2 MB, not 4 + 0.4.
    let size = Platform.identity(of: fd).map { Int($0.size) } ?? position + count
    let half = max(min(count, size - position), 2) / 2
    let second = UncheckedRead(buffer: buffer + half)
    let helper = Platform.Helper {
      second.count = Platform.read(fd, into: second.buffer, count: count - half, at: position + half)
      if let got = second.count { second.firstNewline = newline(in: second.buffer, count: got) }
    }
    let first = Platform.read(fd, into: buffer, count: half, at: position)
    let firstNewline = first.flatMap { newline(in: buffer, count: $0) }
    helper.join()
    guard let first else { return nil }
    guard first == half, let rest = second.count else { return (first, firstNewline) }
    return (half + rest, firstNewline ?? second.firstNewline.map { half + $0 })
  }

  /// The offset of the first newline of the `count` bytes at `bytes`.
  private static func newline(in bytes: UnsafeMutableRawPointer, count: Int) -> Int? {
    guard let found = memchr(bytes, Int32(UInt8(ascii: "\n")), count) else { return nil }
    return bytes.distance(to: found)
  }
}

/// The helper's half: written by it before it ends, read after `join()`.
private final class UncheckedRead: @unchecked Sendable {
  let buffer: UnsafeMutableRawPointer
  var count: Int?
  var firstNewline: Int?

  init(buffer: UnsafeMutableRawPointer) { self.buffer = buffer }
}
