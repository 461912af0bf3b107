import Foundation
import Testing
import TraceTestSupport

@testable import Debugging

/// `LineReader.detachLine`: a reader gives the buffer holding a long line away (a state line's
/// lazily read arrays keep it) and goes on reading the lines after it from a new buffer.
@Suite struct LineReaderDetachTests {
  /// A line of `count` bytes: its number, then dots, then `|`.
  func line(_ number: Int, _ count: Int) -> String {
    let head = "\(number):"
    return head + String(repeating: ".", count: count - head.count - 1) + "|"
  }

  /// Reads `reader` to its end, keeping what `detachLine` hands over.
  func readAll(_ reader: LineReader) throws -> (lines: [String], kept: [LineMemory]) {
    var kept: [LineMemory] = []
    var read: [String] = []
    while let text = try reader.nextLine({ view -> String in
      let text = String(decoding: view.bytes, as: UTF8.self)
      if let detached = reader.detachLine(view) {
        #expect(detached.bytes.baseAddress == view.bytes.baseAddress)
        #expect(detached.bytes.count == view.bytes.count)
        kept.append(detached)
      }
      return text
    }) {
      read.append(text)
    }
    return (read, kept)
  }

  /// From a pipe: the reader hands over its buffer.
  @Test func keepsALongLineOfAPipeAndReadsTheRest() throws {
    let big = Platform.largeBufferSize + 12_345
    let lines = [line(1, 10), line(2, big), line(3, 70_000), line(4, 5), line(5, big + 1), line(6, 3)]
    var fds: [Int32] = [0, 0]
    #expect(pipe(&fds) == 0)
    let writeEnd = fds[1]
    let text = Array((lines.joined(separator: "\n") + "\n").utf8)
    let writer = Thread {
      var written = 0
      while written < text.count {
        let count = text.withUnsafeBytes { write(writeEnd, $0.baseAddress! + written, text.count - written) }
        guard count > 0 else { break }
        written += count
      }
      close(writeEnd)
    }
    writer.start()
    let reader = LineReader(fileDescriptor: fds[0], name: "<pipe>", closesDescriptor: true, chunkSize: 1 << 16)
    let (read, kept) = try readAll(reader)
    #expect(read == lines)
    #expect(kept.map(\.bytes.count) == [big, big + 1])
    #expect(kept.map(\.isMapped) == [false, false])
    // The buffers handed over still hold their lines, after the reader went on.
    #expect(kept.map { String(decoding: $0.bytes, as: UTF8.self) } == [lines[1], lines[4]])
  }

  /// From a file: every line with no newline in its first 256 KiB is read from a mapping, which
  /// is handed over; the rest from the buffer.
  @Test func mapsTheLongLinesOfAFile() throws {
    let big = Platform.largeBufferSize + 12_345
    let lines = [
      line(1, 10), line(2, big), line(3, 70_000), line(4, 5), line(5, big + 1), line(6, 3), line(7, 300_000),
      line(8, 1 << 16), line(9, 4),
    ]
    let reader = try LineReader(path: traceFile(lines.joined(separator: "\n") + "\n"), chunkSize: 1 << 16)
    let (read, kept) = try readAll(reader)
    #expect(read == lines)
    #expect(kept.map(\.bytes.count) == [big, big + 1])
    #expect(kept.map(\.isMapped) == [true, true])
    #expect(kept.map { String(decoding: $0.bytes, as: UTF8.self) } == [lines[1], lines[4]])
    #expect(reader.lineNumber == 9)
    #expect(reader.linesEnd == Int64(read.map { $0.utf8.count + 1 }.reduce(0, +)))
  }

  /// Where each line starts (`lastLineStart`), mapped or not, and a last line without a newline
  /// after a mapped one.
  @Test func aMappedLineKeepsTheOffsetsAndTheLastLine() throws {
    let lines = [line(1, 3 << 20), line(2, 100), line(3, 2 << 20)]
    let path = traceFile(lines.joined(separator: "\n"))
    let reader = try LineReader(path: path)
    var starts: [Int64] = []
    var truncated: [Bool] = []
    while try reader.nextLine({ view in truncated.append(view.isTruncated) }) != nil {
      starts.append(reader.lastLineStart)
    }
    #expect(starts == [0, Int64(3 << 20) + 1, Int64(3 << 20) + 102])
    #expect(truncated == [false, false, true])
  }

  /// A limit on the line length holds for a mapped line: the error names it.
  @Test func aMappedLineLongerThanTheLimitIsAnError() throws {
    let lines = [line(1, 5), line(2, 3 << 20), line(3, 5)]
    let reader = try LineReader(
      path: traceFile(lines.joined(separator: "\n") + "\n"), maximumLineLength: 2 << 20)
    #expect(try reader.nextLine()?.number == 1)
    #expect(
      throws: LineReaderError("line longer than 2 MiB, the maximum line length (--max-line-length raises it)", line: 2)
    ) {
      try reader.nextLine()
    }
  }

  /// A file cut short while a line of it is kept (an app recording to it again): reading the
  /// kept line gives zeros where the file is gone instead of ending the process with `SIGBUS`,
  /// and the reader's next line is an error.
  @Test func aFileTruncatedUnderAKeptLineIsAnErrorNotACrash() throws {
    let lines = [line(1, 5), line(2, 4 << 20), line(3, 5)]
    let path = traceFile(lines.joined(separator: "\n") + "\n", name: "truncated.jsonl")
    let reader = try LineReader(path: path)
    #expect(try reader.nextLine()?.number == 1)
    let kept = try #require(try reader.nextLine { reader.detachLine($0) } ?? nil)
    #expect(kept.isMapped)
    #expect(truncate(path, 1 << 20) == 0)
    let bytes = kept.bytes
    #expect(bytes[(1 << 20) - 7] == UInt8(ascii: "."))
    // Past the cut: zeros, to the end of the line.
    #expect(bytes[(1 << 20) + 10] == 0)
    #expect(bytes[bytes.count - 1] == 0)
    #expect(
      throws: LineReaderError(
        "'\(path)' got shorter while it was read (another program truncated it); read it again")
    ) { try reader.nextLine() }
    #expect(throws: LineReaderError.self) { try reader.nextLine() }
  }

  @Test func keepsNothingOfAShortLineOrOneNotAtTheStart() throws {
    let reader = try LineReader(path: traceFile("a\nbb\n"))
    let answers = try [
      reader.nextLine { reader.detachLine($0) == nil }, reader.nextLine { reader.detachLine($0) == nil },
    ]
    #expect(answers == [true, true])
    #expect(try reader.nextLine() == nil)
  }

  /// `show` reads a 50,000-element state line whose array stays text in the kept buffer, then
  /// the actions after it: the same output as when the line was copied.
  @Test func aStateLineReadLazilyFromTheKeptBuffer() throws {
    let count = 50_000
    let todos = (0..<count).map { #"{"id":\#($0),"title":"todo \#($0)","done":false}"# }.joined(separator: ",")
    let state = #"{"kind":"state","seq":0,"t":0,"state":{"$type":"S","todos":[\#(todos)]}}"#
    #expect(state.utf8.count >= Platform.largeBufferSize)
    let header =
      #"{"kind":"session","format":1,"name":"T","prefix":"","start":"s","clock":"monotonic","platform":"p","pid":1,"keyframeInterval":0,"redacted":[]}"#
    let action =
      #"{"kind":"action","seq":1,"t":1,"duration":1,"label":"toggle","action":{},"patch":[{"op":"replace","path":"/todos/49999/done","value":true}]}"#
    let path = traceFile([header, state, action].joined(separator: "\n") + "\n")
    let reader = try TraceReader(path: path)
    reader.keepsArraysAsText = true
    var lines = Array(reader)
    #expect(lines.count == 3)
    guard case let .success(stateLine) = lines[1], case let .state(decoded) = stateLine.record else {
      Issue.record("no state line")
      return
    }
    #expect(decoded.state["todos"]?[49_999]?["title"] == .string("todo 49999"))
    #expect(decoded.state["todos"]?[0]?["id"] == .int(0))
    lines.removeAll()
  }
  /// A file rewritten by another program (cut, then written anew) while a state line of it is
  /// kept mapped and read lazily: the rows read after it are `.null` stand-ins, each without a
  /// parse whose error would count the lines of the whole 5 MB text again (that took minutes: QA
  /// bug 2), and the process knows the file changed (`MappedFileRegion.truncationsSeen`).
  @Test func aStateLineRewrittenUnderItsLazyRowsReadsNullsAtOnce() throws {
    let count = 80_000
    let todos = (0..<count).map { #"{"id":\#($0),"title":"todo \#($0)","done":false}"# }.joined(separator: ",")
    let state = #"{"kind":"state","seq":0,"t":0,"state":{"$type":"S","todos":[\#(todos)]}}"#
    let header =
      #"{"kind":"session","format":1,"name":"T","prefix":"","start":"s","clock":"monotonic","platform":"p","pid":1,"keyframeInterval":0,"redacted":[]}"#
    let path = traceFile([header, state].joined(separator: "\n") + "\n", name: "rewritten.jsonl")
    let reader = try TraceReader(path: path)
    reader.keepsArraysAsText = true
    _ = reader.next()
    guard case let .success(stateLine)? = reader.next(), case let .state(decoded) = stateLine.record,
      case let .array(rows)? = decoded.state["todos"]
    else {
      Issue.record("no state line")
      return
    }
    #expect(rows[1]["title"] == .string("todo 1"))
    let before = MappedFileRegion.truncationsSeen
    // `cp` of a short trace over it: cut to nothing, then a few hundred bytes written.
    let fd = open(path, O_WRONLY | O_TRUNC)
    #expect(fd >= 0)
    let shorter = Array((header + "\n" + #"{"kind":"state","seq":0,"t":0,"state":{"$type":"S","todos":[]}}"#).utf8)
    _ = shorter.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)
    let clock = ContinuousClock()
    let start = clock.now
    let all = rows.array
    #expect(clock.now - start < .seconds(5))
    #expect(all.count == count)
    #expect(all[count - 1] == .null)
    #expect(MappedFileRegion.truncationsSeen > before)
  }
  /// A file a line was mapped from is "changed" once it is shorter or its header differs (a
  /// recording to it again), not when it only grew (a recording going on).
  @Test func aMappedFileChangesWhenCutOrRecordedAgainNotWhenItGrows() throws {
    let header = #"{"kind":"session","format":1,"name":"T","start":"2026-11-27T10:00:00Z"}"#
    let big = line(2, 1 << 20)
    let path = traceFile([header, big, "x"].joined(separator: "\n") + "\n", name: "grows.jsonl")
    let reader = try LineReader(path: path)
    var kept: LineMemory?
    while try reader.nextLine({ view -> Void in
      if view.number == 2 { kept = reader.detachLine(view) }
    }) != nil {}
    #expect(kept?.isMapped == true)
    func write(_ text: String, truncating: Bool) {
      let fd = open(path, O_WRONLY | (truncating ? O_TRUNC : O_APPEND))
      _ = Array(text.utf8).withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
      close(fd)
    }
    let file = try #require(Platform.identity(ofPath: path))
    func changed() -> Bool { MappedFileRegion.filesChangedSinceMapped().contains { $0.isSameFile(as: file) } }
    write("y\n", truncating: false)
    #expect(!changed())
    // Recorded to again: the same length and more, another start time in its header.
    write(header.replacingOccurrences(of: "10:00:00", with: "10:00:01") + "\n" + big + "\nx\ny\nz\n", truncating: true)
    #expect(changed())
    _ = kept
  }
}

/// `Platform.reallocateLarge`: the bytes kept across every kind of growth (small to small, small
/// to large, large to larger, larger to small), each buffer freed with its size.
@Suite struct LargeMemoryTests {
  @Test func keepsTheBytesAcrossGrowth() {
    let sizes = [100, 4096, Platform.largeBufferSize - 1, Platform.largeBufferSize, 3 << 20, 16 << 20, 5000]
    var size = sizes[0]
    var memory = Platform.allocateLarge(size)
    let pattern = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 7) }
    memory.copyMemory(from: pattern, byteCount: size)
    var kept = size
    for next in sizes.dropFirst() {
      memory = Platform.reallocateLarge(memory, from: size, to: next, keeping: min(kept, next))
      kept = min(kept, next)
      let bytes = UnsafeRawBufferPointer(start: memory, count: kept)
      #expect(Array(bytes) == Array(pattern[..<kept]), "\(size) -> \(next)")
      // The new bytes can be written.
      memory.storeBytes(of: 0xAB, toByteOffset: next - 1, as: UInt8.self)
      size = next
    }
    Platform.freeLarge(memory, count: size)
  }
}
