#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif os(Windows)
import ucrt
#endif

/// Memory for the few large buffers a reader holds (a 12 MB state line, which its lazily read
/// arrays then keep): from `largeBufferSize` up, mapped directly and asked for as huge pages on
/// Linux, so the kernel maps it 2 MiB at a time, and grown by moving the mapping (`mremap`)
/// instead of copying. In 4 KiB pages each such buffer costs a page fault per page — 3,000 for a
/// 12 MB line, half of `show`'s system time on a 100,000-todo state. Where huge pages are off,
/// the advice does nothing. Smaller buffers come from `malloc`.
///
/// A buffer is freed, and grown, with the size it was allocated with:
///
/// ```swift
/// var text = Platform.allocateLarge(4 << 20)
/// text = Platform.reallocateLarge(text, from: 4 << 20, to: 16 << 20, keeping: 4 << 20)
/// Platform.freeLarge(text, count: 16 << 20)
/// ```
extension Platform {
  /// From this size up, a buffer is mapped and worth huge pages.
  package static let largeBufferSize = 2 << 20

  /// `count` bytes (at least one), freed with `freeLarge(_:count:)`.
  package static func allocateLarge(_ count: Int) -> UnsafeMutableRawPointer {
    let count = max(count, 1)
    guard count >= largeBufferSize else {
      guard let memory = malloc(count) else { fatalError("out of memory for \(count) bytes") }
      return memory
    }
    #if os(Linux)
    let mapped = mmap(nil, count, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
    guard let mapped, mapped != MAP_FAILED else { fatalError("out of memory for \(count) bytes") }
    _ = madvise(mapped, count, MADV_HUGEPAGE)
    return mapped
    #else
    guard let memory = malloc(count) else { fatalError("out of memory for \(count) bytes") }
    return memory
    #endif
  }

  /// Frees what `allocateLarge(count)` (or `reallocateLarge(_:from:to:keeping:)` to `count`) gave.
  package static func freeLarge(_ memory: UnsafeMutableRawPointer, count: Int) {
    #if os(Linux)
    if max(count, 1) >= largeBufferSize {
      _ = munmap(memory, count)
      return
    }
    #endif
    free(memory)
  }

  /// The buffer `memory` of `oldCount` bytes made `newCount` bytes long, its first `keeping`
  /// bytes kept: moved without copying between large sizes on Linux.
  package static func reallocateLarge(
    _ memory: UnsafeMutableRawPointer, from oldCount: Int, to newCount: Int, keeping: Int
  ) -> UnsafeMutableRawPointer {
    let oldCount = max(oldCount, 1), newCount = max(newCount, 1)
    if oldCount < largeBufferSize, newCount < largeBufferSize {
      guard let grown = realloc(memory, newCount) else { fatalError("out of memory for \(newCount) bytes") }
      return grown
    }
    #if os(Linux)
    if oldCount >= largeBufferSize, newCount >= largeBufferSize, let remap = remapFunction {
      // The mapping keeps its huge-page advice where it moves.
      let moved = remap(memory, oldCount, newCount, 1 /* MREMAP_MAYMOVE */)
      guard let moved, moved != MAP_FAILED else { fatalError("out of memory for \(newCount) bytes") }
      return moved
    }
    #endif
    let fresh = allocateLarge(newCount)
    fresh.copyMemory(from: memory, byteCount: min(keeping, newCount))
    freeLarge(memory, count: oldCount)
    return fresh
  }

  #if os(Linux)
  /// glibc's `mremap` (a GNU extension the `Glibc` module does not declare), found once.
  private typealias Remap = @convention(c) (UnsafeMutableRawPointer?, Int, Int, Int32) -> UnsafeMutableRawPointer?
  private static let remapFunction: Remap? = {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mremap") else { return nil }
    return unsafeBitCast(symbol, to: Remap.self)
  }()
  #endif
}
