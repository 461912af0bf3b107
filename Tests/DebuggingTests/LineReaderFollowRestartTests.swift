import Foundation
import Testing
import TraceTestSupport

@testable import Debugging

/// `tail -F`: a followed file that is truncated or replaced is read again from its start, with
/// line numbers from 1, and the reader says which happened.
@Suite struct LineReaderFollowRestartTests {
  func read(_ reader: LineReader) throws -> [String] {
    var out: [String] = []
    while let line = try reader.nextLine() {
      if let restart = reader.takeRestart() { out.append("(\(restart.message))") }
      out.append("\(line.number): \(line.text)")
    }
    return out
  }

  @Test func aTruncatedFileIsReadAgainFromItsStart() throws {
    let path = traceFile("old one\nold two\n")
    let polls = PollCounter()
    let follow = LineReader.Follow(pollInterval: .milliseconds(1)) {
      switch polls.next() {
      case 1: try! "new\n".write(toFile: path, atomically: false, encoding: .utf8); return false
      case 2: return false
      default: return true
      }
    }
    let reader = try LineReader(path: path, chunkSize: 16, follow: follow)
    #expect(
      try read(reader) == ["1: old one", "2: old two", "(file truncated; following it from its start)", "1: new"])
    #expect(reader.restarts == 1)
  }

  /// The app run again into the same file empties it in place (same inode) and may write more
  /// than the old run before the next poll: the file is longer, so only its bytes tell.
  @Test func aFileRewrittenLongerAtTheEndIsReadAgainFromItsStart() throws {
    let path = traceFile("old one\nold two\n")
    let polls = PollCounter()
    let follow = LineReader.Follow(pollInterval: .milliseconds(1)) {
      switch polls.next() {
      case 1:
        try! "new one\nnew two\nnew three\n".write(toFile: path, atomically: false, encoding: .utf8)
        return false
      case 2: return false
      default: return true
      }
    }
    let reader = try LineReader(path: path, chunkSize: 16, follow: follow)
    #expect(
      try read(reader) == [
        "1: old one", "2: old two", "(file truncated; following it from its start)", "1: new one", "2: new two",
        "3: new three",
      ])
    #expect(reader.restarts == 1)
  }

  /// Rewritten longer while the reader is still in it: the next read, at the old offset, is of the
  /// new run's bytes, which are not taken as the rest of the old one.
  @Test func aFileRewrittenWhileReadIsReadAgainFromItsStart() throws {
    let path = traceFile("old one\nold two\nold three\n")
    let reader = try LineReader(
      path: path, chunkSize: 16, follow: LineReader.Follow(pollInterval: .milliseconds(1)) { true })
    var out = [try #require(try reader.nextLine()).text]
    // 16 bytes read, "old one\nold two\n" (the second line is handed out from them); the rest is
    // read after the rewrite.
    try! "a new run, longer than the old one\nits second line\n".write(toFile: path, atomically: false, encoding: .utf8)
    out += try read(reader)
    #expect(
      out == [
        "old one", "2: old two", "(file truncated; following it from its start)",
        "1: a new run, longer than the old one",
        "2: its second line",
      ])
  }

  /// Lines appended are read on: the bytes read before are still there.
  @Test func anAppendedFileIsReadOn() throws {
    let path = traceFile("one\ntwo\n")
    let polls = PollCounter()
    let follow = LineReader.Follow(pollInterval: .milliseconds(1)) {
      switch polls.next() {
      case 1:
        let handle = FileHandle(forWritingAtPath: path)!
        handle.seekToEndOfFile()
        handle.write(Data("three, a longer line than the others\n".utf8))
        handle.closeFile()
        return false
      case 2: return false
      default: return true
      }
    }
    let reader = try LineReader(path: path, chunkSize: 16, follow: follow)
    #expect(try read(reader) == ["1: one", "2: two", "3: three, a longer line than the others"])
    #expect(reader.restarts == 0)
  }

  @Test func aReplacedFileIsOpenedAgain() throws {
    let path = traceFile("old one\n")
    let polls = PollCounter()
    let follow = LineReader.Follow(pollInterval: .milliseconds(1)) {
      switch polls.next() {
      case 1:
        // A new recording written beside it and renamed over it: a longer file, so only its
        // identity says it is another one.
        let other = path + ".new"
        try! "new one\nnew two\nnew three\n".write(toFile: other, atomically: false, encoding: .utf8)
        rename(other, path)
        return false
      case 2: return false
      default: return true
      }
    }
    let reader = try LineReader(path: path, chunkSize: 16, follow: follow)
    #expect(
      try read(reader) == [
        "1: old one", "(file replaced; following the new file from its start)", "1: new one", "2: new two",
        "3: new three",
      ])
  }

  @Test func withoutFollowNothingIsWatched() throws {
    let reader = try LineReader(path: traceFile("a\n"))
    #expect(try read(reader) == ["1: a"])
    #expect(reader.takeRestart() == nil && reader.restarts == 0)
  }
}
