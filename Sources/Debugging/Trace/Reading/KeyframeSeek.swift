import Foundation

/// Where to start reading a trace file to rebuild the state after action N without reading what
/// comes before: the byte offset of the last line that holds a whole state (the initial `state`
/// line or an action's keyframe) at or before N. Lines are in `seq` order, so a binary search on
/// the `seq` at the start of lines (`{"kind":"action","seq":…`, the order writers use) finds N's
/// line, and a walk back line by line finds the keyframe — a few blocks of the file are read, not
/// the file. No index is kept: the search costs about log₂(size / 64 KB) block reads.
///
/// ```swift
/// KeyframeSeek.offset(path: "run.jsonl", atOrBefore: 120_000)  // 96_120_334: line of keyframe 120,000
/// ```
///
/// The result is a hint: `nil` when a line does not start the way writers write it or the file is
/// small (then read from the start); a reader starting there still checks everything it reads.
package struct KeyframeSeek {
  private let fd: Int32
  private let size: Int
  private static let block = 1 << 16

  private init(fd: Int32, size: Int) {
    self.fd = fd
    self.size = size
  }

  /// The offset of the keyframe (or initial state) line at or before action `seq`, for a regular
  /// file of at least `minimumSize` bytes.
  package static func offset(path: String, atOrBefore seq: Int64, minimumSize: Int = 4 << 20) -> Int? {
    guard case let .success(fd) = Platform.open(path, .read) else { return nil }
    defer { Platform.close(fd) }
    guard Platform.kind(of: fd) == .regular, let size = Platform.identity(of: fd)?.size, size >= minimumSize else {
      return nil
    }
    return KeyframeSeek(fd: fd, size: Int(size)).keyframe(atOrBefore: seq)
  }

  private func keyframe(atOrBefore seq: Int64) -> Int? {
    // The last line start known to hold an action or state with a seq at or before `seq`.
    guard var found = firstLine(from: 0, until: size).flatMap({ $0.seq <= seq ? $0.start : nil }) else { return nil }
    var low = found, high = size
    while high - low > Self.block {
      let middle = low + (high - low) / 2
      guard let line = firstLine(from: middle, until: high) else {
        high = middle
        continue
      }
      if line.seq <= seq {
        found = line.start
        low = line.start + 1
      } else {
        high = middle
      }
    }
    // The last such line in the remaining range.
    var start = found
    while start < high, let line = firstLine(from: start + 1, until: high), line.seq <= seq { start = line.start }
    found = start
    // Back to the line that holds a whole state: only action and state lines are read whole.
    var lineStart = found
    guard var lineEnd = nextNewline(from: found, until: size) else { return nil }
    while true {
      if Self.seq(ofPrefix: read(lineStart, 64)) != nil, isWholeState(read(lineStart, lineEnd - lineStart)) {
        return lineStart
      }
      guard lineStart > 0, let previous = previousLineStart(before: lineStart) else { return nil }
      lineEnd = lineStart - 1
      lineStart = previous
    }
  }
  /// The number of the line that starts at byte `offset` of the file: one more than the newlines
  /// before it (read in 1 MB blocks; about 10 ms per 100 MB). `nil` when the file cannot be read
  /// that far.
  ///
  /// ```swift
  /// KeyframeSeek.lineNumber(path: "run.jsonl", at: 96_120_334)  // 120_457
  /// ```
  package static func lineNumber(path: String, at offset: Int) -> Int? {
    guard case let .success(fd) = Platform.open(path, .read) else { return nil }
    defer { Platform.close(fd) }
    let block = 1 << 20
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: block, alignment: 16)
    defer { buffer.deallocate() }
    var newlines = 0, position = 0
    while position < offset {
      let want = min(block, offset - position)
      guard let got = Platform.read(fd, into: buffer, count: want, at: position), got > 0 else { return nil }
      var cursor = buffer, remaining = got
      while remaining > 0, let found = memchr(cursor, 0x0A, remaining) {
        newlines += 1
        let skipped = found - cursor + 1
        cursor = UnsafeMutableRawPointer(mutating: found) + 1
        remaining -= skipped
      }
      position += got
    }
    return newlines + 1
  }

  // MARK: - Reading lines

  private func read(_ offset: Int, _ count: Int) -> [UInt8] {
    let count = max(0, min(count, size - offset))
    var bytes = [UInt8](repeating: 0, count: count)
    let got = bytes.withUnsafeMutableBytes { Platform.read(fd, into: $0.baseAddress, count: count, at: offset) } ?? 0
    if got < count { bytes.removeLast(count - got) }
    return bytes
  }

  /// The first action or state line that starts at or after `offset` and before `limit`.
  private func firstLine(from offset: Int, until limit: Int) -> (start: Int, seq: Int64)? {
    var position = offset
    if position > 0 {
      // A line starts after the `\n` before it.
      guard let newline = nextNewline(from: position - 1, until: limit) else { return nil }
      position = newline + 1
    }
    while position < limit {
      let prefix = read(position, 64)
      if let seq = Self.seq(ofPrefix: prefix) { return (position, seq) }
      guard let newline = nextNewline(from: position, until: limit) else { return nil }
      position = newline + 1
    }
    return nil
  }

  private func nextNewline(from offset: Int, until limit: Int) -> Int? {
    var position = offset
    while position < min(limit, size) {
      let chunk = read(position, Self.block)
      if chunk.isEmpty { return nil }
      if let i = chunk.firstIndex(of: UInt8(ascii: "\n")) { return position + i }
      position += chunk.count
    }
    return nil
  }

  private func previousLineStart(before start: Int) -> Int? {
    // `start - 1` is the `\n` ending the previous line.
    var end = start - 1
    while end > 0 {
      let from = max(0, end - Self.block)
      let chunk = read(from, end - from)
      if let i = chunk.lastIndex(of: UInt8(ascii: "\n")) { return from + i + 1 }
      end = from
    }
    return 0
  }

  /// `{"kind":"action","seq":12,` or `{"kind":"state","seq":0,`: the seq; anything else `nil`.
  static func seq(ofPrefix bytes: [UInt8]) -> Int64? {
    let action = Array(#"{"kind":"action","seq":"#.utf8), state = Array(#"{"kind":"state","seq":"#.utf8)
    let rest: ArraySlice<UInt8>
    if bytes.starts(with: action) {
      rest = bytes[action.count...]
    } else if bytes.starts(with: state) {
      rest = bytes[state.count...]
    } else {
      return nil
    }
    var value: Int64 = 0
    var digits = 0
    for byte in rest {
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { break }
      let (times, o1) = value.multipliedReportingOverflow(by: 10)
      let (sum, o2) = times.addingReportingOverflow(Int64(byte - UInt8(ascii: "0")))
      guard !o1, !o2 else { return nil }
      value = sum
      digits += 1
    }
    return digits > 0 ? value : nil
  }

  /// Whether a line carries a `reducer` tag near its start (format 2: a line of another session
  /// than the first, which writes none).
  package static func hasReducerTag(_ bytes: UnsafeRawBufferPointer) -> Bool {
    contains(Array(bytes.prefix(80)), #","reducer":"#)
  }

  /// Whether `bytes` holds `text` (a `memchr` for its first byte, then a comparison).
  static func contains(_ bytes: [UInt8], _ text: StaticString) -> Bool {
    bytes.withUnsafeBytes { raw in
      guard let base = raw.baseAddress, text.utf8CodeUnitCount > 0 else { return false }
      let needle = UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
      var offset = 0
      while raw.count - offset >= needle.count,
        let found = memchr(base + offset, Int32(needle[0]), raw.count - offset - needle.count + 1)
      {
        let at = base.distance(to: UnsafeRawPointer(found))
        if memcmp(base + at, needle.baseAddress!, needle.count) == 0 { return true }
        offset = at + 1
      }
      return false
    }
  }

  /// A `state` line, or an action line with a top-level `state` member.
  private func isWholeState(_ bytes: [UInt8]) -> Bool {
    if bytes.starts(with: Array(#"{"kind":"state","#.utf8)) { return true }
    // Most lines have no "state" anywhere: checked without walking the JSON.
    guard Self.contains(bytes, #""state":"#) else { return false }
    return bytes.withUnsafeBytes { raw -> Bool in
      guard var scanner = try? JSONObjectScanner(raw) else { return false }
      while let member = try? scanner.next() {
        if scanner.key(of: member, is: "state") { return true }
      }
      return false
    }
  }
}
