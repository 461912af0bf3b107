/// The shape of an array element the quick scan accepted, to check the next elements by it:
/// its bytes with the scalar values cut out. An element whose bytes between the values are the
/// same (keys, punctuation, whitespace) and whose values are of the same kinds and each pass the
/// scan's own check, is what the scan accepts, for the same reasons — the same keys (so none
/// twice), the same nesting; it is checked with a few `memcmp`s and the values' checks instead
/// of a state machine step per byte. Any other element is scanned as before.
///
/// ```text
/// {"$type":"Todo.State","description":"Todo 0","id":{"$uuid":"0000…"},"isComplete":false}
/// literal {"$type":   string   literal ,"description":   string   literal ,"id":{"$uuid":
/// string   literal },"isComplete":   boolean   literal }
/// ```
///
/// The rows of a state (100,000 todos) share one shape: their check takes about 2.6 times fewer
/// instructions.
struct JSONElementTemplate {
  /// What a scalar value of the template is; `true` and `false` are both booleans.
  enum Slot: UInt8 { case string, number, boolean, null }

  /// What the trace's value form asks of a string value, from the key before it (a template made
  /// `withForms`, for a scan that checks forms: `JSONFormRules`): any string (after a key not
  /// starting with `$`, or as an element), a UUID's text (after `"$uuid"`: one when the key is a
  /// marker, any string when it is a structure's field, so a UUID is fine for both), or the
  /// template's own bytes (after any other `$` key: `$url`, `$data` and `$double` texts are
  /// checked by what they mean, and the same bytes mean the same).
  enum SlotForm: UInt8 { case any, uuid, same }

  /// Elements shorter than this are not worth a template.
  static let smallest = 16
  /// Templates with more values than this are not made.
  static let mostSlots = 256
  /// After this many elements of an array did not have the shape of the one before, the scan
  /// makes no more templates for it (the elements have many shapes).
  static let mostMisses = 32

  /// The template element's bytes, in the input being scanned (which outlives the scan).
  let base: UnsafePointer<UInt8>
  /// A literal run (offsets from `base`) and the value after it; the last part's run ends the
  /// element, and it has no value (`slot` is `nil`).
  struct Part {
    var start: Int
    var count: Int
    var slot: Slot?
    /// The value's length in the template (a string's with its quotes): a string of the same
    /// length is checked at once (`isPlainString`).
    var length: Int
    /// What the value form asks of a string value (`withForms`).
    var form = SlotForm.any
  }

  /// At least one: the runs and values in order.
  private let parts: [Part]
  /// The parts as `matchRun` checks them (empty for a template made `withForms`).
  let steps: [Step]

  /// The template of the element at `element` (`count` bytes), which the scan accepted; `nil`
  /// when it is small or holds too many values. `withForms`: the scan also checked the value
  /// form, and a match checks each string value as the form asks (`SlotForm`).
  init?(element: UnsafePointer<UInt8>, count: Int, withForms: Bool = false) {
    guard count >= Self.smallest else { return nil }
    var parts: [Part] = []
    var literalStart = 0
    func cut(_ slot: Slot, from start: UnsafePointer<UInt8>, to end: UnsafePointer<UInt8>) {
      let run = element.distance(to: start) - literalStart
      parts.append(
        Part(
          start: literalStart, count: run, slot: slot, length: start.distance(to: end),
          form: withForms && slot == .string ? Self.form(after: element + literalStart, count: run) : .any))
      literalStart = element.distance(to: end)
    }
    // The element is valid JSON: the scan's own steps find where each string and number ends.
    let parser = JSONParser(element, count: count)
    let end = element + count
    var p = element
    while p < end {
      let start = p
      switch p.pointee {
      case .quote:
        _ = parser.quickString(&p, end)
        var next = p
        // A key (followed by a colon) is part of the literal; a string value is a slot.
        if JSONParser.quickNonSpace(&next, end) != .colon { cut(.string, from: start, to: p) }
      case .minus, .zero ... .nine:
        _ = JSONParser.quickNumber(JSONSyntaxRules.self, &p, end)
        cut(.number, from: start, to: p)
      case .letterT:
        p += 4
        cut(.boolean, from: start, to: p)
      case .letterF:
        p += 5
        cut(.boolean, from: start, to: p)
      case .letterN:
        p += 4
        cut(.null, from: start, to: p)
      default:
        p += 1
      }
      if parts.count > Self.mostSlots { return nil }
    }
    parts.append(Part(start: literalStart, count: count - literalStart, slot: nil, length: 0))
    self.base = element
    self.parts = parts
    self.steps = withForms ? [] : parts.map { Step($0, in: element) }
  }

  /// What the value form asks of a string after the literal run of `count` bytes at `start`: by
  /// the key that ends the run (`"$uuid":`, spaces allowed around the colon), if one does.
  private static func form(after start: UnsafePointer<UInt8>, count: Int) -> SlotForm {
    func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
    var end = count
    while end > 0, isSpace(start[end - 1]) { end -= 1 }
    // No colon: an element of an array.
    guard end > 0, start[end - 1] == .colon else { return .any }
    end -= 1
    while end > 0, isSpace(start[end - 1]) { end -= 1 }
    // The key's quotes (a key with an escape is never in a template: the scan leaves it to the
    // reader); anything else is kept as the template's bytes.
    guard end > 1, start[end - 1] == .quote else { return .same }
    var open = end - 2
    while open >= 0, start[open] != .quote { open -= 1 }
    guard open >= 0 else { return .same }
    let key = UnsafeBufferPointer(start: start + open + 1, count: end - open - 2)
    guard key.first == UInt8(ascii: "$") else { return .any }
    return key.elementsEqual("$uuid".utf8) ? .uuid : .same
  }

  /// The literal runs with the slots written as `<kind>`: what the tests compare.
  ///
  /// ```text
  /// {"$type":<string>,"description":<string>,"id":{"$uuid":<string>},"isComplete":<boolean>}
  /// ```
  var shape: String {
    var text = ""
    for part in parts {
      text += String(decoding: UnsafeBufferPointer(start: base + part.start, count: part.count), as: UTF8.self)
      if let slot = part.slot { text += "<\(slot)>" }
    }
    return text
  }

  /// Where the element at `p` ends when it has this shape and `Rules` accept its values, else
  /// `nil` (the caller scans it byte by byte).
  @inline(__always)
  func match<Rules: JSONQuickRules>(
    _: Rules.Type, at start: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>, parser: JSONParser
  ) -> UnsafePointer<UInt8>? {
    parts.withUnsafeBufferPointer { parts -> UnsafePointer<UInt8>? in
      var p = start
      for part in parts {
        guard end - p >= part.count, Self.equal(p, base + part.start, part.count) else { return nil }
        p += part.count
        switch part.slot {
        case .string:
          let text = p
          var hasEscapes = false
          if part.length >= Self.plainStringSmallest, end - p >= part.length, isPlainString(p, part.length) {
            p += part.length
          } else {
            guard p < end, p.pointee == .quote, let escapes = parser.quickString(&p, end) else { return nil }
            hasEscapes = escapes
          }
          if part.form != .any, !formAccepts(part, text, count: text.distance(to: p), hasEscapes: hasEscapes) {
            return nil
          }
        case .number:
          guard p < end, JSONParser.quickNumber(Rules.self, &p, end) else { return nil }
        case .boolean:
          guard JSONParser.quickBoolean(&p, end) else { return nil }
        case .null:
          guard JSONParser.quickWord(p, end, "null") else { return nil }
          p += 4
        case nil:
          // The last part: the element ends here.
          return p
        }
      }
      return nil
    }
  }

  /// Whether the string at `text` (`count` bytes, its quotes included), the value of `part`, is
  /// what the value form asks there (`SlotForm`).
  private func formAccepts(_ part: Part, _ text: UnsafePointer<UInt8>, count: Int, hasEscapes: Bool) -> Bool {
    switch part.form {
    case .any: return true
    case .uuid: return !hasEscapes && QuickFormFrame.isUUID(text + 1, count: count - 2)
    case .same: return count == part.length && Self.equal(text, base + part.start + part.count, count)
    }
  }

  /// Strings of this many bytes (with their quotes) or more are first tried as a plain string of
  /// the template's length: shorter ones end within `quickString`'s first sixteen bytes.
  static let plainStringSmallest = 18

  /// Whether the `count` bytes at `a` and `b` are the same: eight at a time, the last eight (or
  /// four) read again where they overlap.
  @inline(__always)
  static func equal(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    let x = UnsafeRawPointer(a), y = UnsafeRawPointer(b)
    @inline(__always) func same<T: FixedWidthInteger>(_: T.Type, at offset: Int) -> Bool {
      x.loadUnaligned(fromByteOffset: offset, as: T.self) == y.loadUnaligned(fromByteOffset: offset, as: T.self)
    }
    if count >= 8 {
      // Most runs (a key between a comma and a colon) are 9 to 16 bytes: two words.
      if count <= 16 { return same(UInt64.self, at: 0) && same(UInt64.self, at: count &- 8) }
      var i = 0
      while i &+ 8 < count {
        guard same(UInt64.self, at: i) else { return false }
        i &+= 8
      }
      return same(UInt64.self, at: count &- 8)
    }
    if count >= 4 { return same(UInt32.self, at: 0) && same(UInt32.self, at: count - 4) }
    for i in 0..<count where a[i] != b[i] { return false }
    return true
  }
}
