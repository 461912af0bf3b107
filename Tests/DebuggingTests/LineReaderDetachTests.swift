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

  @Test func keepsALongLineAndReadsTheRest() throws {
    let big = Platform.largeBufferSize + 12_345
    let lines = [line(1, 10), line(2, big), line(3, 70_000), line(4, 5), line(5, big + 1), line(6, 3)]
    let reader = try LineReader(path: traceFile(lines.joined(separator: "\n") + "\n"), chunkSize: 1 << 16)
    var kept: [(memory: UnsafeMutableRawPointer, capacity: Int, count: Int)] = []
    var read: [String] = []
    while let text = try reader.nextLine({ view -> String in
      let text = String(decoding: view.bytes, as: UTF8.self)
      if let detached = reader.detachLine(view) {
        #expect(UnsafeRawPointer(detached.memory) == view.bytes.baseAddress)
        #expect(detached.capacity >= view.bytes.count)
        kept.append((detached.memory, detached.capacity, view.bytes.count))
      }
      return text
    }) {
      read.append(text)
    }
    #expect(read == lines)
    #expect(kept.map(\.count) == [big, big + 1])
    // The detached buffers still hold their lines, after the reader went on.
    #expect(
      kept.map { String(decoding: UnsafeRawBufferPointer(start: $0.memory, count: $0.count), as: UTF8.self) } == [
        lines[1], lines[4],
      ])
    for piece in kept { Platform.freeLarge(piece.memory, count: piece.capacity) }
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
