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
}
