/// The one loop behind `quickSkipValue()` and `quickCheckValue()`: a bit stack of open containers
/// instead of a recursive descent, plain strings checked inline (`quickString`), literals compared
/// as words, no error messages. `Rules` says whether it also applies the reader's rules beyond
/// the syntax (keys, number ranges); `Recorder` what it notes on the way (`JSONCheckRecorder`).
/// Both are types, so each use is compiled for its own: a skip does no key work, a check that
/// records nothing does no recording work.
///
/// ```text
/// {"a":[1,{"b":true}],"c":"d"}   JSONSyntaxRules: syntax only   JSONReaderRules: and no key twice,
///                                                               numbers within the reader's range
/// ```
protocol JSONQuickRules {
  /// Keys without escapes, none twice in one object of at most `QuickKeys.perObject` members;
  /// integers of at most 18 digits, numbers within `Double`.
  static var checksValues: Bool { get }
  /// The trace's value form too (`JSONFormRules`): what `Value(json:)` refuses is refused.
  static var checksForms: Bool { get }
}

extension JSONQuickRules {
  static var checksForms: Bool { false }
}

/// `skipValue()`'s rules: the syntax only.
enum JSONSyntaxRules: JSONQuickRules {
  static var checksValues: Bool { false }
}

/// `JSONReader`'s rules, or stricter (a value they leave to the reader is refused).
enum JSONReaderRules: JSONQuickRules {
  static var checksValues: Bool { true }
}

extension JSONParser {
  /// Where the value at `index` (after whitespace) ends when `Rules` accept it, else `nil`.
  /// Nesting deeper than 63 levels below the value's own, or than `JSONReader.maximumDepth`, is
  /// refused. `keys`: the key table for `JSONReaderRules` (unused for `JSONSyntaxRules`).
  ///
  /// `inArray`: `index` is an element of an array the scan did not see open (its elements are
  /// at level 1), and the scan ends after that array's `]`: the rest of an array scanned in two
  /// (`quickScanElements`). A recorder that `stopsAtElements` ends the scan at the first element
  /// of the value's own array at or after its `stopOffset` (`stopped(at:)`, and that element's
  /// offset in the input is returned).
  @inline(__always)
  func quickScanEnd<Rules: JSONQuickRules, Recorder: JSONCheckRecorder>(
    _: Rules.Type, keys: QuickKeys?, recording recorder: inout Recorder, inArray: Bool = false
  ) -> Int? {
    let origin = bytes + self.index
    let end = bytes + self.end
    let room = min(63, JSONReader.maximumDepth - depth)
    var frame = QuickKeyFrame(keys)
    precondition(!Rules.checksForms || keys != nil, "the value form is checked with a key table")
    var forms = QuickFormFrame(Rules.checksForms ? keys : nil)
    // Containers open below the value's level: bit k of `kinds` is 1 for an object, 0 for an array.
    var kinds: UInt64 = 0
    var level = inArray ? 1 : 0
    var p = origin
    // Whether a member's key comes before the next value (one place reads keys: it is inlined).
    var keyFirst = false
    // The elements of an array at level 1 (`Recorder.matchesElementTemplates`): the shape of the
    // last one scanned byte by byte (`JSONElementTemplate`), where the current one started, and
    // how many did not have the shape (past `JSONElementTemplate.mostMisses`, no more templates
    // are made).
    var template: JSONElementTemplate?
    var elementStart = p
    var misses = 0
    var matchedTemplate = false
    while true {
      if keyFirst {
        // A key (with the reader's rules: without escapes, new in its object), then a colon.
        guard Self.quickNonSpace(&p, end) == .quote else { return nil }
        let keyStart = p + 1
        guard let hasEscapes = quickString(&p, end) else { return nil }
        if Rules.checksValues {
          let count = keyStart.distance(to: p) &- 1
          guard !hasEscapes, frame.insert(keyStart, count: count) else { return nil }
          let start = origin.distance(to: keyStart)
          recorder.key(level: level, Range(uncheckedBounds: (start, start &+ count)))
          if Rules.checksForms, !forms.key(level: level, keyStart, count: count, end: end) { return nil }
        }
        guard Self.quickNonSpace(&p, end) == .colon else { return nil }
        p += 1
        keyFirst = false
      }
      // A value at `p`.
      guard let c = Self.quickNonSpace(&p, end) else { return nil }
      if level > 0 { recorder.valueStarts(level: level, at: origin.distance(to: p)) }
      if Rules.checksForms, !forms.value(level: level, c, inObject: kinds & 1 == 1) { return nil }
      // (Not with the value form's rules: a shape does not know which texts are markers'.)
      if Recorder.matchesElementTemplates, !Rules.checksForms, level == 1, kinds & 1 == 0 {
        if Recorder.stopsAtElements, origin.distance(to: p) >= recorder.stopOffset {
          recorder.stopped(at: origin.distance(to: p))
          return bytes.distance(to: p)
        }
        elementStart = p
        if let template, let after = template.match(Rules.self, at: p, end: end, parser: self) {
          // The element has the template's shape: its end is known, and the elements after it
          // of the same shape are found in runs (`matchRun`), without the steps below and above.
          p = after
          var more = true
          while more {
            more = withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * JSONElementTemplate.runLength) {
              let run = template.matchRun(
                Rules.self, after: p, end: end, origin: origin, stopOffset: recorder.stopOffset, parser: self,
                into: $0)
              recorder.elementsFollow(UnsafeBufferPointer(rebasing: $0[..<(2 * run.count)]))
              p = run.end
              return run.count == JSONElementTemplate.runLength
            }
          }
          matchedTemplate = true
        } else if template != nil {
          misses += 1
        }
      }
      if !matchedTemplate {
        switch c {
        case .quote:
          let start = p + 1
          guard let hasEscapes = quickString(&p, end) else { return nil }
          if Rules.checksForms, !forms.text(start, count: start.distance(to: p) &- 1, hasEscapes: hasEscapes) {
            return nil
          }
        case .openBrace, .openBracket:
          guard level < room else { return nil }
          level += 1
          recorder.opened(level: level, at: origin.distance(to: p))
          if Rules.checksForms { forms.open(level: level) }
          p += 1
          guard let next = Self.quickNonSpace(&p, end) else { return nil }
          let isObject = c == .openBrace
          if next != (isObject ? .closeBrace : .closeBracket) {
            kinds = kinds << 1 | (isObject ? 1 : 0)
            if isObject {
              if Rules.checksValues { frame.enter(level: level) }
              keyFirst = true
            }
            continue
          }
          if Rules.checksForms, !forms.emptyIsFine { return nil }
          p += 1
          recorder.closed(level: level, at: origin.distance(to: p))
          level -= 1
        case .letterT:
          guard Self.quickWord(p, end, "true") else { return nil }
          p += 4
        case .letterF:
          guard Self.quickWord(p, end, "false") else { return nil }
          p += 5
        case .letterN:
          guard Self.quickWord(p, end, "null") else { return nil }
          p += 4
        case .minus, .zero ... .nine:
          guard Self.quickNumber(Rules.self, &p, end) else { return nil }
        default:
          return nil
        }
      }
      // After a value: close containers until one goes on with a comma.
      while true {
        if level == 0 { return bytes.distance(to: p) }
        recorder.valueEnds(level: level, at: origin.distance(to: p))
        if Recorder.matchesElementTemplates, !Rules.checksForms, level == 1, kinds & 1 == 0, !matchedTemplate,
          misses < JSONElementTemplate.mostMisses
        {
          // An element scanned byte by byte: the next ones are tried against its shape.
          template = JSONElementTemplate(element: elementStart, count: elementStart.distance(to: p))
        }
        matchedTemplate = false
        guard let next = Self.quickNonSpace(&p, end) else { return nil }
        p += 1
        let inObject = kinds & 1 == 1
        if next == .comma {
          keyFirst = inObject
          break
        }
        guard next == (inObject ? .closeBrace : .closeBracket) else { return nil }
        if Rules.checksForms, !forms.close(level: level) { return nil }
        recorder.closed(level: level, at: origin.distance(to: p))
        if Rules.checksValues, inObject { frame.leave(level: level) }
        level -= 1
        kinds >>= 1
      }
    }
  }

  /// The first byte at or after `p` that is not whitespace (`p` moved to it), or `nil` at the end.
  @inline(__always)
  static func quickNonSpace(_ p: inout UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) -> UInt8? {
    while p < end {
      let byte = p.pointee
      if byte > .space { return byte }
      guard byte == .space || byte == .newline || byte == .tab || byte == .carriageReturn else { return byte }
      p += 1
    }
    return nil
  }

  /// Moves `p` past `true` or `false` at it; `false`, not moved, when neither is there.
  @inline(__always)
  static func quickBoolean(_ p: inout UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) -> Bool {
    if quickWord(p, end, "true") {
      p += 4
      return true
    }
    guard quickWord(p, end, "false") else { return false }
    p += 5
    return true
  }

  /// Whether `literal` (4 or 5 bytes) is at `p`.
  @inline(__always)
  static func quickWord(_ p: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>, _ literal: StaticString)
    -> Bool
  {
    let count = literal.utf8CodeUnitCount
    guard end - p >= count else { return false }
    let text = UnsafeRawPointer(literal.utf8Start)
    guard UnsafeRawPointer(p).loadUnaligned(as: UInt32.self) == text.loadUnaligned(as: UInt32.self) else {
      return false
    }
    return count == 4 || p[4] == literal.utf8Start[4]
  }

  /// Number syntax, as `skipNumber()`: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`; with the
  /// reader's rules also a number `JSONReader` reads without an error: at most 18 digits without
  /// a fraction or an exponent; with a fraction, at most 300 digits before the point; with an
  /// exponent, a value below 10^308.
  @inline(__always)
  static func quickNumber<Rules: JSONQuickRules>(
    _: Rules.Type, _ p: inout UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>
  ) -> Bool {
    func isDigit(_ byte: UInt8) -> Bool { byte &- .zero < 10 }
    if p.pointee == .minus { p += 1 }
    guard p < end, isDigit(p.pointee) else { return false }
    let digitsStart = p
    if p.pointee == .zero {
      p += 1
      if p < end, isDigit(p.pointee) { return false }
    } else {
      while p < end, isDigit(p.pointee) { p += 1 }
    }
    let digits = digitsStart.distance(to: p)
    var isInteger = true
    if p < end, p.pointee == .dot {
      isInteger = false
      p += 1
      guard p < end, isDigit(p.pointee) else { return false }
      while p < end, isDigit(p.pointee) { p += 1 }
    }
    if p < end, p.pointee | 0x20 == .letterE {
      p += 1
      var negative = false
      if p < end, p.pointee == .minus || p.pointee == .plus {
        negative = p.pointee == .minus
        p += 1
      }
      guard p < end, isDigit(p.pointee) else { return false }
      var exponent = 0
      while p < end, isDigit(p.pointee) {
        if Rules.checksValues {
          exponent = exponent * 10 + Int(p.pointee &- .zero)
          if exponent > 1000 { return false }
        }
        p += 1
      }
      // Below the smallest subnormal reads as zero; below 10^308 is finite.
      return !Rules.checksValues || negative || digits + exponent <= 308
    }
    return !Rules.checksValues || (isInteger ? digits <= 18 : digits <= 300)
  }
}
