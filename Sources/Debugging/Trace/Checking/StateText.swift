/// The text of a state `validate` keeps as text (`LazyState`): part of a trace line. A large
/// state (2 MB or more) keeps the line's own buffer, handed over by the reader
/// (`LineReader.detachLine`), so a 100 MB state line is in memory once, not twice; a smaller one
/// is copied.
///
/// ```swift
/// let text = StateText(Array(#"{"todos":[]}"#.utf8))
/// text.count          // 12
/// text[1]             // UInt8(ascii: "\"")
/// ```
package struct StateText {
  /// Owns the bytes (a copy, or the line's buffer).
  private let owner: JSONLazyText
  /// The state's bytes in `owner`'s.
  private let bytes: UnsafeBufferPointer<UInt8>

  /// A copy of `text`.
  package init(_ text: [UInt8]) {
    let owner = JSONLazyText()
    text.withUnsafeBytes { owner.keep($0) }
    self.owner = owner
    bytes = owner.bytes
  }

  /// `range` of the line `view`: the line's buffer itself when the state is large and the reader
  /// gives it away, else a copy of the range.
  init(_ view: LineReader.View, _ range: Range<Int>) {
    let owner = JSONLazyText()
    self.owner = owner
    let whole = view.bytes
    if range.count >= Platform.largeBufferSize {
      // The whole line is kept (the reader hands its buffer over, or it is copied once).
      owner.keep(whole, of: view)
      bytes = UnsafeBufferPointer(rebasing: owner.bytes[range])
    } else {
      owner.keep(UnsafeRawBufferPointer(rebasing: whole[range]))
      bytes = owner.bytes
    }
  }

  private init(owner: JSONLazyText, bytes: UnsafeBufferPointer<UInt8>) {
    self.owner = owner
    self.bytes = bytes
  }

  /// The bytes at `range` of this text, in the same memory (kept as long as either text is).
  ///
  /// ```swift
  /// StateText(Array(#"{"state":{}}"#.utf8)).sharing(9..<11).count  // 2
  /// ```
  func sharing(_ range: Range<Int>) -> StateText {
    StateText(owner: owner, bytes: UnsafeBufferPointer(rebasing: bytes[range]))
  }

  package var count: Int { bytes.count }

  /// Whether the bytes are part of a whole kept line (the reader's buffer, handed over), not a
  /// copy of the state alone (for tests).
  var keepsLine: Bool { owner.bytes.count > bytes.count }

  package subscript(i: Int) -> UInt8 { bytes[i] }

  package subscript(range: Range<Int>) -> Slice<UnsafeBufferPointer<UInt8>> { bytes[range] }

  package func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
    try withExtendedLifetime(owner) { try body(bytes) }
  }

  package func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
    try withExtendedLifetime(owner) { try body(UnsafeRawBufferPointer(bytes)) }
  }
}
