import Debugging
import Foundation

/// A trace file that `ReportSegments` and `SummarySegments` read on several threads: a regular
/// file of `minimumBytes` or more whose header line is found in its first MB and whose initial
/// state line is at most `largestStateBytes`. A FIFO is not opened a second time (that would wait
/// for a writer), nor is standard input.
///
/// ```swift
/// if let (fd, size) = LargeTraceFile.open("run.jsonl", minimumBytes: LargeTraceFile.minimumBytes) { … }
/// ```
enum LargeTraceFile {
  /// Files smaller than this are read on one thread.
  static let minimumBytes = 16 << 20
  /// A trace whose initial state line is longer is read on one thread: each `report` thread holds
  /// a state, and most of the bytes of such a trace are in a few long lines (the state, keyframes
  /// as large), which one thread reads whole anyway (a 124 MB state: `timings` 75 ms on one
  /// thread, 85 on three).
  static let largestStateBytes = 16 << 20

  /// The file open for reading and its size, or `nil` when it is not such a file.
  static func open(_ file: String, minimumBytes: Int) -> (fd: Int32, size: Int)? {
    guard file != "-", Platform.kind(ofPath: file) == .regular, case let .success(fd) = Platform.open(file, .read)
    else { return nil }
    guard Platform.kind(of: fd) == .regular, let size = Platform.identity(of: fd).map({ Int($0.size) }),
      size >= minimumBytes,
      let header = lineEnd(fd, from: 0, limit: 1 << 20),
      let state = lineEnd(fd, from: header, limit: largestStateBytes), state > header
    else {
      Platform.close(fd)
      return nil
    }
    return (fd, size)
  }

  /// The offset of the first line that starts at or after `offset` (a stretch's first line).
  static func lineStart(_ fd: Int32, atOrAfter offset: Int) -> Int? {
    if offset == 0 { return 0 }
    return lineEnd(fd, from: offset - 1, limit: Int.max)
  }

  /// The offset just past the first `\n` at or after `from`, looking at most `limit` bytes; the
  /// file's size when there is none before its end (`nil` only when it cannot be read).
  static func lineEnd(_ fd: Int32, from: Int, limit: Int) -> Int? {
    let block = 1 << 16
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: block, alignment: 16)
    defer { buffer.deallocate() }
    var position = from
    while position - from < limit {
      guard let got = Platform.read(fd, into: buffer, count: block, at: position) else { return nil }
      if got == 0 { return position }
      if let found = memchr(buffer, Int32(UInt8(ascii: "\n")), got) {
        return position + buffer.distance(to: found) + 1
      }
      position += got
    }
    return nil
  }
}
