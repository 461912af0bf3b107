/// The memory that holds a line a reader handed over (`LineReader.detachLine`), freed with it:
/// the reader's buffer, the stretch of the file mapped for the line, or a copy. A state line's
/// lazily read arrays keep it, so a 100 MB state line is in memory once.
///
/// ```swift
/// let kept = reader.detachLine(view) ?? LineMemory(copying: view.bytes)
/// kept.bytes.count   // view.bytes.count, valid as long as `kept` is
/// ```
package final class LineMemory {
  /// The line.
  package let bytes: UnsafeRawBufferPointer
  private let storage: Storage

  private enum Storage {
    /// From `Platform.allocateLarge`, with the size to free it with.
    case allocated(UnsafeMutableRawPointer, capacity: Int)
    case mapped(MappedFileRegion)
  }

  /// A copy of `line`.
  package convenience init(copying line: UnsafeRawBufferPointer) {
    let memory = Platform.allocateLarge(line.count)
    if let base = line.baseAddress { memory.copyMemory(from: base, byteCount: line.count) }
    self.init(allocated: memory, capacity: line.count, count: line.count)
  }

  /// The first `count` bytes of `memory`, which `Platform.allocateLarge(capacity)` gave.
  init(allocated memory: UnsafeMutableRawPointer, capacity: Int, count: Int) {
    bytes = UnsafeRawBufferPointer(start: memory, count: count)
    storage = .allocated(memory, capacity: capacity)
  }

  /// The first `count` bytes of `region`.
  init(mapped region: MappedFileRegion, count: Int) {
    bytes = UnsafeRawBufferPointer(start: region.bytes.baseAddress, count: count)
    storage = .mapped(region)
  }

  /// Whether the bytes are the file's, mapped (for tests).
  var isMapped: Bool {
    if case .mapped = storage { return true }
    return false
  }

  deinit {
    if case let .allocated(memory, capacity) = storage { Platform.freeLarge(memory, count: capacity) }
  }
}
