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

  /// The summary of members a scan collected (`ScannedFields.summary`).
  init(fields: Fields, reducerTag: TraceReducerTag = .unknown) {
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

  /// The stored members (the summary's value: what `==` and `hash(into:)` compare).
  struct Fields: Hashable, Sendable {
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
