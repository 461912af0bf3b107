// An effect line holds only small members: it is decoded from its bytes, without a tree. About
// as many effect lines as action lines are in a trace of an app with effects.

/// Decodes an effect line the way `TraceRecord(json: JSONReader.parse(line))` does, for the lines
/// it can vouch for: every member a known key (`kind`, `event`, `effect`, `t`, `seq`, `label`,
/// `id`) at most once, each of the type the spec asks, `seq` and `label` present when the event
/// needs them. Anything else gives `nil`, and the caller decodes the line the general way, with
/// its exact error.
///
/// ```swift
/// TraceEffectLineDecoder.decode(#"{"kind":"effect","event":"finished","effect":3,"t":120}"#)
/// // TraceEffectEvent(event: .finished, effect: 3, t: 120)
/// ```
enum TraceEffectLineDecoder {
  /// `keepsText: false` checks `label` and `id` with the reader's rules but keeps them as `""`
  /// (for `validate`, which reads neither).
  static func decode(_ bytes: UnsafeRawBufferPointer, keepsText: Bool = true) -> TraceEffectEvent? {
    if let event = compact(bytes, keepsText: keepsText) { return event }
    do {
      return try decodeThrowing(bytes, keepsText: keepsText)
    } catch {
      return nil
    }
  }

  /// The members, by the bit each sets in `seen` (a repeated key gives `nil`).
  private enum Key: UInt8 {
    case kind = 1, event = 2, effect = 4, t = 8, seq = 16, label = 32, id = 64

    init?(_ scanner: borrowing JSONObjectScanner, _ member: JSONObjectScanner.Member) {
      guard !member.keyHasEscapes else { return nil }
      switch member.keyRange.count {
      case 1 where scanner.key(of: member, is: "t"): self = .t
      case 2 where scanner.key(of: member, is: "id"): self = .id
      case 3 where scanner.key(of: member, is: "seq"): self = .seq
      case 4 where scanner.key(of: member, is: "kind"): self = .kind
      case 5 where scanner.key(of: member, is: "event"): self = .event
      case 5 where scanner.key(of: member, is: "label"): self = .label
      case 6 where scanner.key(of: member, is: "effect"): self = .effect
      default: return nil
      }
    }
  }

  private static func decodeThrowing(_ bytes: UnsafeRawBufferPointer, keepsText: Bool) throws -> TraceEffectEvent? {
    var scanner = try JSONObjectScanner(bytes)
    var seen: UInt8 = 0
    var event: TraceEffectEvent.Event?
    var effect: Int64 = 0, t: Int64 = 0, seq: Int64?
    var label: String?, id: String?
    while let member = try scanner.next() {
      guard let key = Key(scanner, member), seen & key.rawValue == 0 else { return nil }
      seen |= key.rawValue
      switch key {
      case .kind:
        guard ByteSearch.equals(scanner.rawValue(of: member), #""effect""#) else { return nil }
      case .event:
        if let value = Self.event(scanner.rawValue(of: member)) {
          event = value
        } else {
          // Written another way (with escapes), or not an event: the exact reading.
          guard let name = try scanner.string(member), let value = TraceEffectEvent.Event(rawValue: name) else {
            return nil
          }
          event = value
        }
      case .effect: effect = try scanner.traceCount(member)
      case .t: t = try scanner.traceCount(member)
      case .seq: seq = try scanner.traceCount(member)
      case .label: label = try text(scanner, member, keepsText)
      case .id: id = try text(scanner, member, keepsText)
      }
    }
    let required = Key.kind.rawValue | Key.event.rawValue | Key.effect.rawValue | Key.t.rawValue
    guard seen & required == required, let event else { return nil }
    if event == .started || event == .output {
      guard seq != nil, label != nil else { return nil }
    }
    return TraceEffectEvent(event: event, effect: effect, t: t, seq: seq, label: label, id: id)
  }

  /// The event named by a value written as the recorder writes it (`"started"`), without making a
  /// string; `nil` for anything else.
  private static func event(_ raw: UnsafeRawBufferPointer) -> TraceEffectEvent.Event? {
    switch raw.count {
    case 8 where ByteSearch.equals(raw, #""output""#): return .output
    case 9 where ByteSearch.equals(raw, #""started""#): return .started
    case 10 where ByteSearch.equals(raw, #""finished""#): return .finished
    case 11 where ByteSearch.equals(raw, #""cancelled""#): return .cancelled
    default: return nil
    }
  }

  /// A `label` or `id`: the string, or (`keepsText: false`) checked and kept as `""`.
  private static func text(_ scanner: JSONObjectScanner, _ member: JSONObjectScanner.Member, _ keepsText: Bool)
    throws -> String
  {
    guard keepsText else {
      try scanner.checkTraceString(member)
      return ""
    }
    return try scanner.traceString(member)
  }

  /// A line as the recorder writes it — `{"kind":"effect","event":"started","effect":1,"seq":1,"t":15,"label":"…","id":"…"}`:
  /// members in that order, `seq`, `label` and `id` as the event has them — read in one pass
  /// (`CompactLine`); `nil` for a line written any other way.
  private static func compact(_ bytes: UnsafeRawBufferPointer, keepsText: Bool) -> TraceEffectEvent? {
    var line = CompactLine(bytes)
    guard line.skip(#"{"kind":"effect","event":"#) else { return nil }
    let event: TraceEffectEvent.Event
    if line.skip(#""started""#) {
      event = .started
    } else if line.skip(#""output""#) {
      event = .output
    } else if line.skip(#""finished""#) {
      event = .finished
    } else if line.skip(#""cancelled""#) {
      event = .cancelled
    } else {
      return nil
    }
    guard line.skip(#","effect":"#), let effect = line.count() else { return nil }
    var seq: Int64?
    if line.skip(#","seq":"#) {
      guard let count = line.count() else { return nil }
      seq = count
    }
    guard line.skip(#","t":"#), let t = line.count() else { return nil }
    func text() -> String? {
      guard let bytes = line.string() else { return nil }
      return keepsText ? String(decoding: bytes, as: UTF8.self) : ""
    }
    var label: String?, id: String?
    if line.skip(#","label":"#) {
      guard let text = text() else { return nil }
      label = text
    }
    if line.skip(#","id":"#) {
      guard let text = text() else { return nil }
      id = text
    }
    guard line.skip("}"), line.atEnd else { return nil }
    if event == .started || event == .output {
      guard seq != nil, label != nil else { return nil }
    }
    return TraceEffectEvent(event: event, effect: effect, t: t, seq: seq, label: label, id: id)
  }
}
