import Foundation
import Testing
import TraceTestSupport

@testable import Debugging

@Suite struct LineReaderTests {
  func allLines(_ reader: LineReader) throws -> String {
    var out: [String] = []
    while let line = try reader.nextLine() {
      out.append("\(line.number)\(line.isTruncated ? " truncated" : ""): \(line.text)")
    }
    return out.joined(separator: "\n")
  }

  @Test func readsLinesAcrossTinyChunks() throws {
    let path = traceFile("alpha\n\nbeta gamma delta\nlast")
    let reader = try LineReader(path: path, chunkSize: 4)
    #expect(
      try allLines(reader) == """
        1: alpha
        2: 
        3: beta gamma delta
        4 truncated: last
        """)
    #expect(try reader.nextLine() == nil)
  }

  @Test func emptyFileHasNoLines() throws {
    #expect(try allLines(LineReader(path: traceFile(""))) == "")
  }

  @Test func longLineIsReadWhole() throws {
    let long = String(repeating: "x", count: 1_000_003)
    let reader = try LineReader(path: traceFile("a\n\(long)\nb\n"), chunkSize: 64)
    #expect(try reader.nextLine()?.bytes.count == 1)
    #expect(try reader.nextLine()?.bytes.count == 1_000_003)
    #expect(try reader.nextLine()?.text == "b")
    #expect(try reader.nextLine() == nil)
  }

  @Test func binaryGarbageIsJustBytes() throws {
    let path = traceTemporaryPath()
    _ = FileManager.default.createFile(atPath: path, contents: Data([0, 0xFF, 0xFE, 10, 0x80, 10]))
    let reader = try LineReader(path: path)
    #expect(try reader.nextLine()?.bytes == [0, 0xFF, 0xFE])
    #expect(try reader.nextLine()?.bytes == [0x80])
    #expect(try reader.nextLine() == nil)
  }

  @Test func missingFileAndDirectory() {
    #expect(throws: LineReaderError("cannot open '/nonexistent/x.jsonl': No such file or directory")) {
      try LineReader(path: "/nonexistent/x.jsonl")
    }
    #expect(throws: LineReaderError("'/tmp' is a directory")) {
      try LineReader(path: "/tmp")
    }
  }

  @Test func readsFromAFIFO() throws {
    let path = traceTemporaryPath("fifo")
    #expect(mkfifo(path, 0o600) == 0)
    let writer = Thread {
      let fd = open(path, O_WRONLY)
      _ = "one\ntwo\n".withCString { write(fd, $0, 8) }
      close(fd)
    }
    writer.start()
    #expect(try allLines(LineReader(path: path)) == "1: one\n2: two")
  }

  @Test func followWaitsForMoreData() throws {
    let path = traceFile("first\nsec")
    let handle = FileHandle(forWritingAtPath: path)!
    handle.seekToEndOfFile()
    let polls = PollCounter()
    let follow = LineReader.Follow(pollInterval: .milliseconds(1)) {
      switch polls.next() {
      case 1: handle.write(Data("ond\nthi".utf8)); return false
      case 2: handle.write(Data("rd\n".utf8)); return false
      default: return true
      }
    }
    let reader = try LineReader(path: path, chunkSize: 16, follow: follow)
    #expect(try allLines(reader) == "1: first\n2: second\n3: third")
    handle.closeFile()
  }
}

/// Counts calls from a `@Sendable` closure.
final class PollCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0
  func next() -> Int {
    lock.lock()
    defer { lock.unlock() }
    count += 1
    return count
  }
}
