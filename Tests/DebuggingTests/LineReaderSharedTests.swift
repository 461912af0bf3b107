import Foundation
import Testing
import TraceTestSupport

@testable import Debugging

/// `LineReader(sharedFileDescriptor:…)`: readers of one descriptor, each from its own offset
/// (`pread`), as `report`'s threads read one file; and `lastLineStart`, where each line starts.
@Suite struct LineReaderSharedTests {
  @Test func readersOfOneDescriptorReadTheirOwnStretches() throws {
    let path = traceFile("alpha\nbeta\ngamma delta\nlast\n")
    guard case let .success(fd) = Platform.open(path, .read) else { throw CocoaError(.fileReadUnknown) }
    defer { Platform.close(fd) }
    let first = LineReader(sharedFileDescriptor: fd, name: path, readingAt: 0, chunkSize: 4)
    let second = LineReader(sharedFileDescriptor: fd, name: path, readingAt: 11, chunkSize: 4)
    // In turns: neither moves the other's place in the file.
    var lines: [String] = []
    for reader in [first, second, first, second, first, second] {
      if let line = try reader.nextLine() {
        lines.append("\(line.number) at \(reader.lastLineStart): \(line.text)")
      } else {
        lines.append("end")
      }
    }
    #expect(
      lines == [
        "1 at 0: alpha", "1 at 0: gamma delta", "2 at 6: beta", "2 at 12: last", "3 at 11: gamma delta", "end",
      ])
    // The descriptor stays open for its owner.
    #expect(Platform.kind(of: fd) == .regular)
  }

  @Test func aReaderOfTheLinesStartingBeforeAnOffset() throws {
    // The lines that start before the offset, the last one whole wherever it ends (not cut off);
    // a reader from the next line start reads the rest.
    let path = traceFile("alpha\nbeta\ngamma delta\nlast")
    guard case let .success(fd) = Platform.open(path, .read) else { throw CocoaError(.fileReadUnknown) }
    defer { Platform.close(fd) }
    func lines(from start: Int, before limit: Int?) throws -> [String] {
      let reader = LineReader(
        sharedFileDescriptor: fd, name: path, readingAt: start, linesStartingBefore: limit, chunkSize: 4)
      var lines: [String] = []
      while let line = try reader.nextLine() {
        lines.append("\(line.number): \(line.text)\(line.isTruncated ? " (cut)" : "")")
      }
      return lines
    }
    #expect(try lines(from: 0, before: 11) == ["1: alpha", "2: beta"])
    #expect(try lines(from: 0, before: 7) == ["1: alpha", "2: beta"])
    #expect(try lines(from: 0, before: 6) == ["1: alpha"])
    #expect(try lines(from: 6, before: 13) == ["1: beta", "2: gamma delta"])
    #expect(try lines(from: 11, before: nil) == ["1: gamma delta", "2: last (cut)"])
    #expect(try lines(from: 23, before: 40) == ["1: last (cut)"])
    #expect(try lines(from: 6, before: 6) == [])
  }
}
