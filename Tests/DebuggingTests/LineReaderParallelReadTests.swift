import Foundation
import Testing
import TraceTestSupport

@testable import Debugging

/// `LineReader.readInHalves` and the long lines it reads: the bytes one `read` gives, in order,
/// and the first newline among them, wherever the halves end.
@Suite struct LineReaderParallelReadTests {
  /// `count` bytes: `a`…`z` repeated, with newlines at `newlines`.
  static func bytes(_ count: Int, newlines: [Int] = []) -> [UInt8] {
    var bytes = (0..<count).map { UInt8(ascii: "a") + UInt8($0 % 26) }
    for offset in newlines { bytes[offset] = UInt8(ascii: "\n") }
    return bytes
  }

  static func read(_ file: [UInt8], count: Int, at position: Int) throws -> (bytes: [UInt8], firstNewline: Int?)? {
    let path = traceFile(String(decoding: file, as: UTF8.self))
    guard case let .success(fd) = Platform.open(path, .read) else { throw LineReaderError("cannot open") }
    defer { Platform.close(fd) }
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 1)
    defer { buffer.deallocate() }
    guard let (got, newline) = LineReader.readInHalves(fd, into: buffer, count: count, at: position) else { return nil }
    return (Array(UnsafeRawBufferPointer(start: buffer, count: got)), newline)
  }

  @Test func readsBothHalvesInOrder() throws {
    let file = Self.bytes(10_000)
    let all = try Self.read(file, count: 8_000, at: 1_000)
    #expect(all?.bytes == Array(file[1_000..<9_000]))
    #expect(all?.firstNewline == nil)
  }

  @Test func theEndOfTheFileInEitherHalf() throws {
    let file = Self.bytes(10_000)
    // It ends in the second half: both halves' bytes.
    #expect(try Self.read(file, count: 8_000, at: 5_000)?.bytes == Array(file[5_000...]))
    // It ends in the first half: the second half read nothing, and what the first read is all.
    #expect(try Self.read(file, count: 8_000, at: 8_000)?.bytes == Array(file[8_000...]))
    #expect(try Self.read(file, count: 8_000, at: 10_000)?.bytes == [])
  }

  @Test func theFirstNewlineInEitherHalf() throws {
    #expect(try Self.read(Self.bytes(10_000, newlines: [1_500, 3_000]), count: 8_000, at: 1_000)?.firstNewline == 500)
    #expect(
      try Self.read(Self.bytes(10_000, newlines: [6_000, 8_000]), count: 8_000, at: 1_000)?.firstNewline == 5_000)
    // A read whose first half came back short (the end of the file).
    #expect(try Self.read(Self.bytes(9_500, newlines: [9_200]), count: 8_000, at: 9_000)?.firstNewline == 200)
  }

  /// Lines of 3 MB and 5 MB (read in halves as the buffer grows), between short ones: every line
  /// whole, the last one cut off.
  @Test func longLinesAreReadWhole() throws {
    let long = String(repeating: "x", count: 3 << 20) + "|"
    let longer = String(repeating: "y", count: 5 << 20) + "|"
    let text = ["a", long, "b", longer, "", "c", longer, "end"].joined(separator: "\n")
    let reader = try LineReader(path: traceFile(text))
    var lines: [(number: Int, count: Int, last: Character?, isTruncated: Bool)] = []
    while let line = try reader.nextLine() {
      lines.append((line.number, line.bytes.count, line.text.last, line.isTruncated))
    }
    let expected: [(number: Int, count: Int, last: Character?, isTruncated: Bool)] = [
      (1, 1, "a", false), (2, (3 << 20) + 1, "|", false), (3, 1, "b", false), (4, (5 << 20) + 1, "|", false),
      (5, 0, nil, false), (6, 1, "c", false), (7, (5 << 20) + 1, "|", false), (8, 3, "d", true),
    ]
    #expect(lines.map(\.number) == expected.map(\.number))
    #expect(lines.map(\.count) == expected.map(\.count))
    #expect(lines.map(\.last) == expected.map(\.last))
    #expect(lines.map(\.isTruncated) == expected.map(\.isTruncated))
  }
}
