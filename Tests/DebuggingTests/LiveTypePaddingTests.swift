import Foundation
import Testing

@testable import Debugging

/// A `Bool` before an 8-byte field: seven bytes of padding that copying an array on write leaves
/// as they happen to be.
private struct Padded: Equatable {
  var isDone: Bool
  var id: UUID
  var title: String
}

private struct Outer: Equatable {
  var flag: Bool
  var inner: Padded
  var count: Int
}

/// `LiveType.readsTheSame`: two values whose fields are the same read the same whatever their
/// padding holds (the array differ used to walk every such element: 8× slower on a toggle of
/// 20,000 padded rows; found in review), and a field that differs is found.
@Suite struct LiveTypePaddingTests {
  /// `value` stored, then `fill` written into its padding (between `flag` and `inner`, and
  /// between `inner.id` and `inner.title`), as a copy on write may leave it.
  private func stored(_ value: Outer, fill: UInt8) -> UnsafeMutableRawPointer {
    let memory = UnsafeMutableRawPointer.allocate(
      byteCount: MemoryLayout<Outer>.size, alignment: MemoryLayout<Outer>.alignment)
    memory.bindMemory(to: Outer.self, capacity: 1).initialize(to: value)
    let inner = MemoryLayout<Outer>.offset(of: \.inner)!
    let afterID = inner + MemoryLayout<Padded>.offset(of: \.id)! + MemoryLayout<UUID>.size
    let title = inner + MemoryLayout<Padded>.offset(of: \.title)!
    for padding in [MemoryLayout<Bool>.size..<inner, afterID..<title] {
      for i in padding { memory.storeBytes(of: fill, toByteOffset: i, as: UInt8.self) }
    }
    return memory
  }

  private func release<T>(_ memory: UnsafeMutableRawPointer, _: T.Type) {
    memory.assumingMemoryBound(to: T.self).deinitialize(count: 1)
    memory.deallocate()
  }

  @Test func paddingIsNotAChange() {
    let id = UUID()
    let value = Outer(flag: true, inner: Padded(isDone: false, id: id, title: "Milk"), count: 3)
    let a = stored(value, fill: 0xAA), b = stored(value, fill: 0x55)
    defer {
      release(a, Outer.self)
      release(b, Outer.self)
    }
    #expect(memcmp(a, b, MemoryLayout<Outer>.size) != 0, "the padding differs")
    #expect(LiveType.of(Outer.self).readsTheSame(a, b))

    var renamed = value
    renamed.inner.title = "Eggs"
    let c = stored(renamed, fill: 0x55)
    defer { release(c, Outer.self) }
    #expect(!LiveType.of(Outer.self).readsTheSame(a, c))
  }

  /// The same text in two buffers reads the same; an `Int` that differs does not.
  @Test func equalStringsInOtherBuffersReadTheSame() {
    let id = UUID()
    let a = Padded(isDone: true, id: id, title: String(repeating: "x", count: 40))
    let b = Padded(isDone: true, id: id, title: String(repeating: "x", count: 39) + "x")
    #expect(!identicalBits(a, b))
    let plan = LiveType.of(Padded.self)
    let same = withUnsafeBytes(of: a) { x in
      withUnsafeBytes(of: b) { y in plan.readsTheSame(x.baseAddress!, y.baseAddress!) }
    }
    #expect(same)
  }
}
