#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif os(Windows)
import ucrt
#endif

/// Memory for the few large buffers a reader holds (a 12 MB state line, and the copy its lazily
/// read arrays keep): asked for as huge pages on Linux, so the kernel maps them 2 MiB at a time.
/// In 4 KiB pages, each such buffer costs a page fault per page — 3,000 for a 12 MB line, half
/// of `show`'s system time on a 100,000-todo state. Where huge pages are off, the advice does
/// nothing.
///
/// ```swift
/// let text = Platform.allocateLarge(12 << 20)  // 2 MiB-aligned, advised as huge pages
/// defer { free(text) }
/// ```
extension Platform {
  /// From this size up, a buffer is worth huge pages.
  package static let largeBufferSize = 2 << 20

  /// `count` bytes (at least one), freed with `free`; from `largeBufferSize` up, 2 MiB-aligned
  /// and advised as huge pages.
  package static func allocateLarge(_ count: Int) -> UnsafeMutableRawPointer {
    let count = max(count, 1)
    guard count >= largeBufferSize else {
      guard let memory = malloc(count) else { fatalError("out of memory for \(count) bytes") }
      return memory
    }
    var memory: UnsafeMutableRawPointer?
    guard posix_memalign(&memory, largeBufferSize, count) == 0, let memory else {
      fatalError("out of memory for \(count) bytes")
    }
    adviseHugePages(memory, count)
    return memory
  }

  /// Advises the whole 2 MiB ranges inside `count` bytes at `memory` as huge pages (Linux); the
  /// pages already touched stay as they are.
  package static func adviseHugePages(_ memory: UnsafeMutableRawPointer, _ count: Int) {
    #if os(Linux)
    let start = (Int(bitPattern: memory) + largeBufferSize - 1) & ~(largeBufferSize - 1)
    let end = (Int(bitPattern: memory) + count) & ~(largeBufferSize - 1)
    guard end > start, let aligned = UnsafeMutableRawPointer(bitPattern: start) else { return }
    _ = madvise(aligned, end - start, MADV_HUGEPAGE)
    #endif
  }
}
