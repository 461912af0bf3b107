/// `dump(Value(json: state))` written a piece at a time, for a whole state (`tca-trace state`):
/// structures (`$type`) and arrays are opened, walked and closed here, each element of an array
/// becomes a `Value` on its own (an element still held as text is parsed for the moment it is
/// written, and not kept), and every other value is dumped whole as `dump` dumps it. The text is
/// the same bytes; the memory is one element's, not a second and third copy of a 1,000,000-row
/// state (its `Value` and its text).
///
/// ```swift
/// try ValueText.checkValueForm(state)          // the error `Value(json:)` throws, if any
/// ValueText.dumpInPieces(state) { piece in …; return true }  // lines, "\n" between them, none
///                                                            // after a piece; false: stop
/// ```
extension ValueText {
  /// Pieces are handed over from about this many bytes.
  static let pieceBytes = 1 << 18

  /// Throws the error `Value(json: json)` throws, if any, building one element at a time.
  package static func checkValueForm(_ json: JSON) throws(JSONError) {
    var walk = PieceWalk(rendering: false)
    try walk.visit(json, label: .text(""), suffix: "", depth: 0)
  }

  /// The lines `dump(Value(json: json), label: "", suffix: "", marker: .context, depth: 0)`
  /// writes, handed to `piece` in order: each piece is whole lines, without a line break after
  /// its last (write one between pieces and after the last); `piece` returns `false` to stop
  /// (the output was closed). `json` is in the value form (`checkValueForm` did not throw).
  package static func dumpInPieces(_ json: JSON, _ piece: ([UInt8]) -> Bool) {
    withoutActuallyEscaping(piece) { piece in
      var walk = PieceWalk(rendering: true, piece: piece)
      do {
        try walk.visit(json, label: .text(""), suffix: "", depth: 0)
      } catch {
        assertionFailure("not in the value form: \(error)")
      }
      if !walk.stopped, !walk.lines.bytes.isEmpty { _ = piece(walk.lines.bytes) }
    }
  }

  /// The walk of `checkValueForm` (decoding only) and `dumpInPieces` (decoding and writing).
  private struct PieceWalk {
    let rendering: Bool
    var piece: ([UInt8]) -> Bool
    /// `piece` said stop: the walk ends without writing more.
    var stopped = false
    var lines = TextLines(color: false)
    /// Where the walk is, for the message of a decoding error (`at /todos/5/id: …`).
    var path: [JSONPathComponent] = []

    init(rendering: Bool, piece: @escaping ([UInt8]) -> Bool = { _ in true }) {
      self.rendering = rendering
      self.piece = piece
    }

    mutating func visit(_ json: JSON, label: Label, suffix: String, depth: Int) throws(JSONError) {
      if depth < elisionDepth {
        switch json {
        case let .array(elements) where !elements.isEmpty:
          try array(elements, label: label, suffix: suffix, depth: depth)
          return
        case let .object(members):
          if let first = members.first, first.key == "$type", case let .string(type) = first.value,
            type != "IndexSet"
          {
            try structure(type, members, label: label, suffix: suffix, depth: depth)
            return
          }
        default: break
        }
      }
      let value = try Value.decode(json, path: &path)
      guard rendering else { return }
      dump(value, label: label, suffix: suffix, marker: .context, depth: depth, into: &lines)
      handOverIfLarge()
    }

    /// `container("", "", "[", "]", …)` of `dump` for an array of one element or more.
    private mutating func array(_ elements: JSONElements, label: Label, suffix: String, depth: Int)
      throws(JSONError)
    {
      open(label, "", "[", depth: depth)
      let last = elements.count - 1
      for i in 0...last where !stopped {
        path.append(.index(i))
        try visit(elements.elementNotKept(at: i), label: .index(i), suffix: i == last ? "" : ",", depth: depth + 1)
        path.removeLast()
      }
      close("]", suffix, depth: depth)
    }

    /// `container(type, "", "(", ")", shown(fields))` of `dump`; a leading `$id` field is checked
    /// but not shown (`shown`).
    private mutating func structure(
      _ type: String, _ members: JSONMembers, label: Label, suffix: String, depth: Int
    ) throws(JSONError) {
      let fields = members.array.dropFirst()
      let shownFrom = fields.first?.key == Value.identityLabel ? fields.startIndex + 1 : fields.startIndex
      if shownFrom > fields.startIndex {
        let identity = fields[fields.startIndex]
        path.append(.key(identity.key))
        _ = try Value.decode(identity.value, path: &path)
        path.removeLast()
      }
      guard shownFrom < fields.endIndex else {
        if rendering {
          lines.start(.context, depth)
          label.write(into: &lines.bytes)
          lines.write(type)
          lines.write("()")
          lines.write(suffix)
          lines.finish()
        }
        return
      }
      open(label, type, "(", depth: depth)
      for index in shownFrom..<fields.endIndex where !stopped {
        let field = fields[index]
        path.append(.key(field.key))
        try visit(
          field.value, label: .field(field.key), suffix: index == fields.endIndex - 1 ? "" : ",", depth: depth + 1)
        path.removeLast()
      }
      close(")", suffix, depth: depth)
    }

    private mutating func open(_ label: Label, _ type: String, _ bracket: StaticString, depth: Int) {
      guard rendering else { return }
      lines.start(.context, depth)
      label.write(into: &lines.bytes)
      lines.write(type)
      lines.write(bracket)
      lines.finish()
    }

    private mutating func close(_ bracket: StaticString, _ suffix: String, depth: Int) {
      guard rendering else { return }
      lines.start(.context, depth)
      lines.write(bracket)
      lines.write(suffix)
      lines.finish()
      handOverIfLarge()
    }

    private mutating func handOverIfLarge() {
      guard lines.bytes.count >= pieceBytes else { return }
      stopped = !piece(lines.bytes)
      lines.bytes.removeAll(keepingCapacity: true)
    }
  }
}
