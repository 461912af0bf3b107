import Foundation
import Testing
import TraceTestSupport

@testable import Debugging

/// The line-length limit: an over-long line is an error naming its line, found after reading at
/// most the limit (and a chunk) of it, whatever the input is — a regular file, a pipe or a device
/// that never sends a newline (`/dev/zero` once grew the buffer to 4 GB in 20 s).
@Suite struct LineReaderLimitTests {
  static let tooLong = "line longer than 10 bytes, the maximum line length (--max-line-length raises it)"

  func lines(_ reader: LineReader) -> [String] {
    var out: [String] = []
    do {
      while let line = try reader.nextLine() { out.append("\(line.number): \(line.text)") }
    } catch {
      out.append("error: \(error)")
    }
    return out
  }

  @Test func aLineOfExactlyTheLimitIsRead() throws {
    let reader = try LineReader(path: traceFile("0123456789\nabc\n"), chunkSize: 16, maximumLineLength: 10)
    #expect(lines(reader) == ["1: 0123456789", "2: abc"])
  }

  @Test func aLongerLineIsAnErrorNamingItsLineAndReadingStops() throws {
    let reader = try LineReader(path: traceFile("ok\n0123456789A\nnever\n"), chunkSize: 16, maximumLineLength: 10)
    #expect(lines(reader) == ["1: ok", "error: line 2: \(Self.tooLong)"])
    #expect(throws: LineReaderError(Self.tooLong, line: 2)) { try reader.nextLine() }
  }

  @Test func aLongLineSpanningManyChunksStopsAtTheLimit() throws {
    let reader = try LineReader(
      path: traceFile("ok\n" + String(repeating: "x", count: 100_000) + "\n"), chunkSize: 16, maximumLineLength: 10)
    #expect(lines(reader) == ["1: ok", "error: line 2: \(Self.tooLong)"])
  }

  @Test func aCutOffLastLineCountsToo() throws {
    let reader = try LineReader(path: traceFile("ok\n0123456789AB"), chunkSize: 64, maximumLineLength: 10)
    #expect(lines(reader) == ["1: ok", "error: line 2: \(Self.tooLong)"])
  }

  @Test func aDeviceWithoutNewlinesEndsAtTheLimit() throws {
    let reader = try LineReader(path: "/dev/zero", chunkSize: 1 << 16, maximumLineLength: 1 << 20)
    #expect(
      lines(reader) == ["error: line 1: line longer than 1 MiB, the maximum line length (--max-line-length raises it)"])
  }

  @Test func aPipeWithoutNewlinesEndsAtTheLimit() throws {
    var fds: [Int32] = [0, 0]
    #expect(pipe(&fds) == 0)
    let writeEnd = fds[1]
    let writer = Thread {
      let block = [UInt8](repeating: 0x61, count: 4096)
      for _ in 0..<64 { _ = block.withUnsafeBytes { write(writeEnd, $0.baseAddress, 4096) } }
      close(writeEnd)
    }
    writer.start()
    let reader = LineReader(
      fileDescriptor: fds[0], name: "<pipe>", closesDescriptor: false, chunkSize: 4096, maximumLineLength: 100_000)
    #expect(
      lines(reader) == [
        "error: line 1: line longer than 100000 bytes, the maximum line length (--max-line-length raises it)"
      ])
    // The writer is not cut off mid-write: read what is left, then close.
    var rest = [UInt8](repeating: 0, count: 4096)
    while rest.withUnsafeMutableBytes({ read(fds[0], $0.baseAddress, 4096) }) > 0 {}
    close(fds[0])
  }

  @Test func sizesAreWrittenInTheirUnit() {
    #expect(LineReader.byteCount(256 << 20) == "256 MiB")
    #expect(LineReader.byteCount(1 << 30) == "1 GiB")
    #expect(LineReader.byteCount(64 << 10) == "64 KiB")
    #expect(LineReader.byteCount(1000) == "1000 bytes")
    #expect(LineReader.byteCount(1) == "1 byte")
  }
}
