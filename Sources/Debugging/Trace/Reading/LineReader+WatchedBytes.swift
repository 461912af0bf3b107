extension LineReader {
  /// The first bytes read from a followed file and the last ones before the read offset, to notice
  /// the file emptied in place and written again (the app run again into the same path): its size
  /// alone misses a new run longer than the old one written before the next poll. Two `pread`s
  /// of at most `headCount` bytes per check.
  ///
  /// ```swift
  /// var watched = WatchedBytes()
  /// watched.add(bytes)                                // after each read
  /// watched.isUnchanged(in: fd, readUpTo: offset)     // false once the file was rewritten
  /// ```
  struct WatchedBytes {
    /// Enough of a session header to reach its `start` time and `pid`, which differ between runs.
    static let headCount = 256
    /// Enough of the last line to differ between two runs' bytes at the same offset.
    static let tailCount = 64

    /// The file's first bytes (up to `headCount`).
    private(set) var head: [UInt8] = []
    /// The last bytes read (up to `tailCount`), which end at the read offset.
    private(set) var tail: [UInt8] = []

    /// Notes bytes just read, which follow those read before.
    mutating func add(_ bytes: UnsafeRawBufferPointer) {
      if head.count < Self.headCount { head += bytes.prefix(Self.headCount - head.count) }
      if bytes.count >= Self.tailCount {
        tail = Array(bytes.suffix(Self.tailCount))
      } else {
        tail = Array((tail + bytes).suffix(Self.tailCount))
      }
    }

    /// Whether the file open as `descriptor` still holds the bytes noted, the last of them ending
    /// at `offset`: `false` when it was rewritten (or got shorter).
    func isUnchanged(in descriptor: Int32, readUpTo offset: Int64) -> Bool {
      Self.file(descriptor, holds: head, at: 0)
        && Self.file(descriptor, holds: tail, at: Int(offset) - tail.count)
    }

    private static func file(_ descriptor: Int32, holds bytes: [UInt8], at offset: Int) -> Bool {
      guard !bytes.isEmpty else { return true }
      var found = [UInt8](repeating: 0, count: bytes.count)
      let count = found.withUnsafeMutableBytes {
        Platform.read(descriptor, into: $0.baseAddress, count: bytes.count, at: offset)
      }
      return count == bytes.count && found == bytes
    }
  }
}
