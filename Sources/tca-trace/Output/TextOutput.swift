import Debugging

/// Buffered output to a file descriptor (or to memory, in tests): text is appended to a 64 KiB
/// buffer and written with one system call when it fills, never one call per line.
///
/// ```swift
/// let out = TextOutput(descriptor: Platform.standardOutput)
/// try out.write("1  +0.000s  increment\n")
/// try out.flush()
/// ```
///
/// When the reader goes away (`tca-trace show big.jsonl | head`), writing throws
/// `OutputClosed`; the tool stops there and exits quietly.
package final class TextOutput {
  private let descriptor: Int32?
  private var buffer: [UInt8] = []
  private let capacity: Int
  /// Everything written, when this output captures to memory.
  package private(set) var captured: [UInt8] = []
  /// Whether the reader has gone away.
  package private(set) var isClosed = false

  /// Output to `descriptor` (`Platform.standardOutput`, `Platform.standardError`).
  package init(descriptor: Int32, capacity: Int = 1 << 16) {
    self.descriptor = descriptor
    self.capacity = capacity
    buffer.reserveCapacity(capacity)
  }

  /// Output kept in memory (`captured`), for tests.
  package init() {
    self.descriptor = nil
    self.capacity = 1 << 16
  }

  package func write(_ text: String) throws(OutputClosed) {
    var text = text
    text.withUTF8 { buffer.append(contentsOf: $0) }
    if buffer.count >= capacity { try flush() }
  }

  package func write(bytes: some Sequence<UInt8>) throws(OutputClosed) {
    buffer.append(contentsOf: bytes)
    if buffer.count >= capacity { try flush() }
  }

  package func write(_ bytes: UnsafeRawBufferPointer) throws(OutputClosed) {
    buffer.append(contentsOf: bytes)
    if buffer.count >= capacity { try flush() }
  }

  /// Lets `body` append bytes to the buffer directly (no intermediate strings).
  package func append(_ body: (inout [UInt8]) -> Void) throws(OutputClosed) {
    body(&buffer)
    if buffer.count >= capacity { try flush() }
  }

  /// Writes a line: `text` followed by `\n`.
  package func line(_ text: String = "") throws(OutputClosed) {
    try write(text)
    buffer.append(UInt8(ascii: "\n"))
    if buffer.count >= capacity { try flush() }
  }

  /// Writes `json` compactly and a `\n`: one JSON Lines record (`--format json` output).
  ///
  /// ```swift
  /// try output.jsonLine(.object([.init("seq", .int(3))]))  // {"seq":3}⏎
  /// ```
  package func jsonLine(_ json: JSON) throws(OutputClosed) {
    // In pieces of the buffer's size: a 100 MB state goes out as it is written.
    var closed: OutputClosed?
    JSONWriter.write(json, chunksOf: capacity) { piece in
      buffer.append(contentsOf: piece)
      if buffer.count >= capacity {
        do throws(OutputClosed) { try flush() } catch { closed = error }
      }
      return closed == nil
    }
    if let closed { throw closed }
    buffer.append(UInt8(ascii: "\n"))
    if buffer.count >= capacity { try flush() }
  }

  /// Sends everything buffered to the descriptor.
  package func flush() throws(OutputClosed) {
    if isClosed { throw OutputClosed(reason: nil) }
    guard !buffer.isEmpty else { return }
    defer { buffer.removeAll(keepingCapacity: true) }
    guard let descriptor else {
      captured.append(contentsOf: buffer)
      return
    }
    let result = buffer.withUnsafeBytes { Platform.write(descriptor, $0) }
    switch result {
    case .written: return
    case .closed:
      isClosed = true
      throw OutputClosed(reason: nil)
    case let .failed(message):
      isClosed = true
      throw OutputClosed(reason: message)
    }
  }
}

/// The output cannot be written any more: the reader went away (`reason` is `nil`, a broken
/// pipe, which is not an error) or writing failed (`reason` says why, e.g. a full disk).
package struct OutputClosed: Error {
  package var reason: String?

  /// What the tool says on standard error: `Error: cannot write the output: No space left on
  /// device`; nil for a reader that went away.
  package var message: String? {
    reason.map { "Error: cannot write the output: \($0)" }
  }
}
