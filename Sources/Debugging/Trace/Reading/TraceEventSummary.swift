import Foundation

/// The small members of one trace line — enough for timings, label lists and validation of the
/// sequence — read without building the `action`, `patch` or `state` values.
///
/// A line `{"kind":"action","seq":1,"t":10,"duration":2,"label":"inc","action":{…},"patch":[…]}`
/// becomes `TraceEventSummary(line: 3, kind: .action, seq: 1, t: 10, duration: 2, label: "inc")`.
public struct TraceEventSummary: Sendable, Hashable {
  /// The members, kept in one shared box: a reader hands a summary through several layers
  /// (`Result`, `Optional`, the line rules, the input) for every line, and a copy of a 190-byte
  /// struct with a `String` in it costs a `memcpy` and a generic destroy each time; a box costs a
  /// retain. Copied on write, so a summary is still a value.
  private var box: Box

  public var line: Int {
    get { box.fields.line }
    set { fields.line = newValue }
  }
  public var kind: TraceKind {
    get { box.fields.kind }
    set { fields.kind = newValue }
  }
  public var seq: Int64? {
    get { box.fields.seq }
    set { fields.seq = newValue }
  }
  public var t: Int64? {
    get { box.fields.t }
    set { fields.t = newValue }
  }
  public var duration: Int64? {
    get { box.fields.duration }
    set { fields.duration = newValue }
  }
  /// Action label, or an effect event's label.
  public var label: String? {
    get { box.fields.label }
    set { fields.label = newValue }
  }
  public var event: TraceEffectEvent.Event? {
    get { box.fields.event }
    set { fields.event = newValue }
  }
  /// Effect id: the effect of an effect event, or the effect that sent an action.
  public var effect: Int64? {
    get { box.fields.effect }
    set { fields.effect = newValue }
  }
  public var note: TraceNote.Note? {
    get { box.fields.note }
    set { fields.note = newValue }
  }
  public var dropped: Int64? {
    get { box.fields.dropped }
    set { fields.dropped = newValue }
  }
  /// `end` lines: the last action's seq.
  public var actions: Int64? {
    get { box.fields.actions }
    set { fields.actions = newValue }
  }
  /// `session` lines: the format version.
  public var format: Int64? {
    get { box.fields.format }
    set { fields.format = newValue }
  }
  /// Whether the line carries a full `state` (state lines and keyframe actions).
  public var hasState: Bool {
    get { box.fields.hasState }
    set { fields.hasState = newValue }
  }
  /// Format 2: an action whose state was not captured (`"coalesced":true`).
  public var coalesced: Bool {
    get { box.fields.coalesced }
    set { fields.coalesced = newValue }
  }

  /// What the scan of the line found of its `reducer` member (not part of the summary's value:
  /// `.unknown` for a summary made otherwise).
  var reducerTag: TraceReducerTag { box.reducerTag }

  public init(line: Int, kind: TraceKind) {
    box = Box(Fields(line: line, kind: kind))
  }

  fileprivate init(fields: Fields, reducerTag: TraceReducerTag = .unknown) {
    box = Box(fields, reducerTag: reducerTag)
  }

  /// The summary of a fully decoded record.
  public init(line: Int, record: TraceRecord) {
    var fields = Fields(line: line, kind: record.kind)
    switch record {
    case let .session(s): fields.format = s.format
    case let .state(s): (fields.seq, fields.t, fields.hasState) = (s.seq, s.t, true)
    case let .action(a):
      (fields.seq, fields.t, fields.duration, fields.label, fields.effect, fields.hasState) = (
        a.seq, a.t, a.duration, a.label, a.effect, a.state != nil
      )
      fields.coalesced = a.coalesced
    case let .effect(e):
      (fields.event, fields.effect, fields.t, fields.seq, fields.label) = (e.event, e.effect, e.t, e.seq, e.label)
    case let .note(n): (fields.t, fields.note, fields.dropped) = (n.t, n.note, n.dropped)
    case let .end(e): (fields.t, fields.actions) = (e.t, e.actions)
    }
    self.init(fields: fields)
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.box === rhs.box || lhs.box.fields == rhs.box.fields
  }

  public func hash(into hasher: inout Hasher) {
    box.fields.hash(into: &hasher)
  }

  /// The members, for writing: the box is copied first when another summary shares it.
  private var fields: Fields {
    get { box.fields }
    _modify {
      if !isKnownUniquelyReferenced(&box) { box = Box(box.fields, reducerTag: box.reducerTag) }
      yield &box.fields
    }
  }

  fileprivate struct Fields: Hashable, Sendable {
    var line: Int
    var kind: TraceKind
    var seq: Int64?
    var t: Int64?
    var duration: Int64?
    var label: String?
    var event: TraceEffectEvent.Event?
    var effect: Int64?
    var note: TraceNote.Note?
    var dropped: Int64?
    var actions: Int64?
    var format: Int64?
    var hasState = false
    var coalesced = false

    init(line: Int, kind: TraceKind) {
      self.line = line
      self.kind = kind
    }
  }

  /// Shared between copies until one of them is written to (`fields`' `_modify`).
  private final class Box: @unchecked Sendable {
    var fields: Fields
    let reducerTag: TraceReducerTag
    init(_ fields: Fields, reducerTag: TraceReducerTag = .unknown) {
      self.fields = fields
      self.reducerTag = reducerTag
    }
  }
}

extension TraceEventSummary {
  /// Scans one line with `JSONObjectScanner` (every value's syntax is checked, only the small
  /// members are decoded); throws the same messages as `TraceRecord(json:)` for those members.
  /// `strings`: the reader's table of recent string values (labels repeat line after line).
  /// `readsRecorderPrefix: false` scans every member with the scanner (to test that both read
  /// the same).
  init(
    line: Int, bytes: UnsafeRawBufferPointer, strings: JSONStringTable? = nil, readsRecorderPrefix: Bool = true
  ) throws(TraceSummaryFailure) {
    var fields = ScannedFields()
    if let first = bytes.first(where: { $0 != 0x20 && $0 != 0x09 }), first != UInt8(ascii: "{") {
      // Not an object: let the full reader say exactly what it is.
      do {
        self.init(line: line, record: try TraceRecord(json: JSONReader.parse(bytes)))
        return
      } catch let error as JSONError {
        throw TraceSummaryFailure(message: error.message, column: error.column)
      } catch {
        throw TraceSummaryFailure(message: "\(error)", column: 0)
      }
    }
    do {
      // The members a recorder writes first, then the scanner for the rest.
      let afterPrefix = readsRecorderPrefix ? fields.readRecorderPrefix(bytes, strings: strings) : 0
      var scanner = afterPrefix > 0 ? JSONObjectScanner(bytes, after: afterPrefix) : try JSONObjectScanner(bytes)
      while let member = try scanner.next() {
        if member.keyHasEscapes {
          fields.reducer = .unknown
          continue
        }
        let key = SummaryKey(UnsafeRawBufferPointer(rebasing: bytes[member.keyRange]))
        switch key {
        case .other: continue
        case .reducer:
          // The first counts, as `TraceStreamSelection.tag(of:)` finds it: by `"reducer":`.
          guard !fields.sawReducer else { continue }
          fields.sawReducer = true
          if fields.reducer == .unknown { continue }
          guard bytes[member.keyRange.upperBound + 1] == UInt8(ascii: ":") else {
            fields.reducer = .unknown
            continue
          }
          if let tag = try scanner.string(member) { fields.reducer = .tag(tag) }
        case .state: fields.hasState = true
        case .coalesced: fields.coalesced = scanner.bool(member) == true
        case .kind, .label, .event, .note:
          // The first of a repeated member counts (the others' syntax is checked).
          if fields.string(key) == nil, key != .label, let name = KnownName(scanner.rawValue(of: member)) {
            fields.setString(key, name.text)
            fields.setKnown(key, name)
          } else if fields.string(key) == nil, let strings, let text = strings.string(scanner.rawValue(of: member)) {
            fields.setString(key, text)
          } else if let text = try scanner.string(member) {
            if fields.string(key) == nil {
              fields.setString(key, text)
              strings?.insert(scanner.rawValue(of: member), text)
            }
          } else {
            fields.typeError = fields.typeError ?? (key, "a string", typeName(bytes[member.valueRange.lowerBound]))
          }
        case .seq, .t, .duration, .effect, .dropped, .actions, .format:
          if let number = try scanner.int(member) {
            if fields.integer(key) == nil { fields.setInteger(key, number) }
          } else {
            fields.typeError = fields.typeError ?? (key, "an integer", typeName(bytes[member.valueRange.lowerBound]))
          }
        }
      }
    } catch {
      throw TraceSummaryFailure(message: error.message, column: error.column)
    }
    self = try fields.summary(line: line)
  }
}

/// Why a line has no summary; `column` is 0 for record errors (not about JSON syntax).
struct TraceSummaryFailure: Error {
  var message: String
  var column: Int
}

/// The members a summary reads.
enum SummaryKey: Equatable {
  case kind, seq, t, duration, label, event, effect, note, dropped, actions, format, state, coalesced, reducer, other

  init(_ k: UnsafeRawBufferPointer) {
    func equals(_ literal: StaticString) -> Bool {
      literal.utf8CodeUnitCount == k.count && memcmp(literal.utf8Start, k.baseAddress!, k.count) == 0
    }
    switch k.count {
    case 1: self = k[0] == UInt8(ascii: "t") ? .t : .other
    case 3: self = equals("seq") ? .seq : .other
    case 4: self = equals("kind") ? .kind : equals("note") ? .note : .other
    case 5: self = equals("label") ? .label : equals("event") ? .event : equals("state") ? .state : .other
    case 6: self = equals("effect") ? .effect : equals("format") ? .format : .other
    case 7: self = equals("dropped") ? .dropped : equals("actions") ? .actions : equals("reducer") ? .reducer : .other
    case 8: self = equals("duration") ? .duration : .other
    case 9: self = equals("coalesced") ? .coalesced : .other
    default: self = .other
    }
  }
}

/// The JSON type a value starting with `byte` has, for error messages.
func typeName(_ byte: UInt8) -> String {
  switch byte {
  case UInt8(ascii: "\""): return "string"
  case UInt8(ascii: "{"): return "object"
  case UInt8(ascii: "["): return "array"
  case UInt8(ascii: "t"), UInt8(ascii: "f"): return "boolean"
  case UInt8(ascii: "n"): return "null"
  default: return "number"
  }
}

/// The values of `kind`, `event` and `note` the recorder writes, matched on their raw bytes (with
/// the quotes) so that the common line builds no `String` for them.
enum KnownName {
  case action, effect, state, note, session, end, started, output, finished, cancelled, gap, info, error

  init?(_ raw: UnsafeRawBufferPointer) {
    func equals(_ literal: StaticString) -> Bool {
      literal.utf8CodeUnitCount == raw.count && memcmp(literal.utf8Start, raw.baseAddress!, raw.count) == 0
    }
    guard raw.count >= 4, raw[0] == UInt8(ascii: "\"") else { return nil }
    switch raw.count {
    case 5: if equals(#""end""#) { self = .end } else if equals(#""gap""#) { self = .gap } else { return nil }
    case 6: if equals(#""note""#) { self = .note } else if equals(#""info""#) { self = .info } else { return nil }
    case 7: if equals(#""state""#) { self = .state } else if equals(#""error""#) { self = .error } else { return nil }
    case 8:
      if equals(#""action""#) {
        self = .action
      } else if equals(#""effect""#) {
        self = .effect
      } else if equals(#""output""#) {
        self = .output
      } else {
        return nil
      }
    case 9:
      if equals(#""session""#) { self = .session } else if equals(#""started""#) { self = .started } else { return nil }
    case 10: if equals(#""finished""#) { self = .finished } else { return nil }
    case 11: if equals(#""cancelled""#) { self = .cancelled } else { return nil }
    default: return nil
    }
  }

  var text: String {
    switch self {
    case .action: "action"
    case .effect: "effect"
    case .state: "state"
    case .note: "note"
    case .session: "session"
    case .end: "end"
    case .started: "started"
    case .output: "output"
    case .finished: "finished"
    case .cancelled: "cancelled"
    case .gap: "gap"
    case .info: "info"
    case .error: "error"
    }
  }

  var kind: TraceKind? {
    switch self {
    case .action: .action
    case .effect: .effect
    case .state: .state
    case .note: .note
    case .session: .session
    case .end: .end
    default: nil
    }
  }

  var event: TraceEffectEvent.Event? {
    switch self {
    case .started: .started
    case .output: .output
    case .finished: .finished
    case .cancelled: .cancelled
    default: nil
    }
  }

  var note: TraceNote.Note? {
    switch self {
    case .gap: .gap
    case .info: .info
    case .error: .error
    default: nil
    }
  }
}

/// What the scanner collected from one line, checked once the `kind` is known: the first value
/// of each member read (no array per line).
struct ScannedFields {
  var kind: String?, label: String?, event: String?, note: String?
  var seq: Int64?, t: Int64?, duration: Int64?, effect: Int64?, dropped: Int64?, actions: Int64?, format: Int64?
  /// `kind`, `event` and `note` when they were read as a `KnownName` (no `String` switch then).
  var knownKind: TraceKind?, knownEvent: TraceEffectEvent.Event?, knownNote: TraceNote.Note?
  var typeError: (SummaryKey, String, String)?
  var hasState = false
  var coalesced = false
  /// The tag for the stream selection: the first `reducer` member's string, `.unknown` once a
  /// key has escapes (the selection searches the line then).
  var reducer = TraceReducerTag.none
  var sawReducer = false

  mutating func setKnown(_ key: SummaryKey, _ name: KnownName) {
    switch key {
    case .kind: knownKind = name.kind
    case .event: knownEvent = name.event
    case .note: knownNote = name.note
    default: break
    }
  }

  func string(_ key: SummaryKey) -> String? {
    switch key {
    case .kind: kind
    case .label: label
    case .event: event
    case .note: note
    default: nil
    }
  }

  mutating func setString(_ key: SummaryKey, _ value: String) {
    switch key {
    case .kind: kind = value
    case .label: label = value
    case .event: event = value
    case .note: note = value
    default: break
    }
  }

  func integer(_ key: SummaryKey) -> Int64? {
    switch key {
    case .seq: seq
    case .t: t
    case .duration: duration
    case .effect: effect
    case .dropped: dropped
    case .actions: actions
    case .format: format
    default: nil
    }
  }

  mutating func setInteger(_ key: SummaryKey, _ value: Int64) {
    switch key {
    case .seq: seq = value
    case .t: t = value
    case .duration: duration = value
    case .effect: effect = value
    case .dropped: dropped = value
    case .actions: actions = value
    case .format: format = value
    default: break
    }
  }

  func summary(line: Int) throws(TraceSummaryFailure) -> TraceEventSummary {
    func fail(_ message: String) -> TraceSummaryFailure { TraceSummaryFailure(message: message, column: 0) }
    if let (key, _, found) = typeError, key == .kind { throw fail("\"kind\" must be a string, found \(found)") }
    guard let kindName = string(.kind) else { throw fail("missing key \"kind\"") }
    guard let kind = knownKind ?? TraceKind(rawValue: kindName) else { throw fail("unknown kind \"\(kindName)\"") }
    if let (key, expected, found) = typeError {
      throw fail("\(kindName): \"\(key)\" must be \(expected), found \(found)")
    }
    var summary = TraceEventSummary.Fields(line: line, kind: kind)
    summary.hasState = hasState && kind != .session
    summary.coalesced = coalesced && kind == .action
    func require<T>(_ value: T?, _ key: String) throws(TraceSummaryFailure) -> T {
      guard let value else { throw fail("\(kindName): missing key \"\(key)\"") }
      return value
    }
    func count(_ key: SummaryKey, _ name: String, optional: Bool = false) throws(TraceSummaryFailure) -> Int64? {
      guard let value = integer(key) else {
        if optional { return nil }
        throw fail("\(kindName): missing key \"\(name)\"")
      }
      guard value >= 0 else { throw fail("\(kindName): \"\(name)\" must not be negative, found \(value)") }
      return value
    }
    switch kind {
    case .session:
      let format = try require(integer(.format), "format")
      guard TraceFormat.supported.contains(format) else { throw fail(TraceFormat.unsupportedMessage(format)) }
      summary.format = format
    case .state:
      summary.seq = try count(.seq, "seq")
      summary.t = try count(.t, "t")
    case .action:
      summary.seq = try count(.seq, "seq")
      summary.t = try count(.t, "t")
      summary.duration = try count(.duration, "duration")
      summary.label = try require(string(.label), "label")
      summary.effect = try count(.effect, "effect", optional: true)
    case .effect:
      let name = try require(string(.event), "event")
      guard let event = knownEvent ?? TraceEffectEvent.Event(rawValue: name) else {
        throw fail("effect: unknown event \"\(name)\"")
      }
      summary.event = event
      summary.effect = try count(.effect, "effect")
      summary.t = try count(.t, "t")
      let needsSeq = event == .started || event == .output
      summary.seq = try count(.seq, "seq", optional: !needsSeq)
      summary.label = needsSeq ? try require(string(.label), "label") : string(.label)
    case .note:
      summary.t = try count(.t, "t")
      let name = try require(string(.note), "note")
      guard let note = knownNote ?? TraceNote.Note(rawValue: name) else { throw fail("note: unknown note \"\(name)\"") }
      summary.note = note
      summary.dropped = try count(.dropped, "dropped", optional: note != .gap)
    case .end:
      summary.t = try count(.t, "t")
      summary.actions = try count(.actions, "actions")
    }
    return TraceEventSummary(fields: summary, reducerTag: reducer)
  }
}
