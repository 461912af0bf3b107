import Debugging
import Foundation

/// The text `show` prints, one piece at a time, so that it can be streamed.
///
/// ```swift
/// ShowTextRenderer(style: TextStyle(colored: false)).actionLine(action)
/// ```
/// ```text
/// #3      +0.052s   5.1µs  Todos.Action.todos(.element(id:, action: .toggle))  (from effect 1)
/// ```
package struct ShowTextRenderer {
  package var style: TextStyle

  package init(style: TextStyle) {
    self.style = style
  }

  /// `Todos — recorded 2026-11-21T19:33:07.123Z on Linux x86_64, pid 4242 (trace format 1)`; the
  /// texts read from the trace are escaped (`PrintableText`).
  package func header(_ session: TraceSession) -> String {
    let name = session.prefix.isEmpty ? session.name : "\(session.name) (\(session.prefix))"
    let start = PrintableText.escaping(session.start), platform = PrintableText.escaping(session.platform)
    return style.paint(PrintableText.escaping(name), .heading)
      + " — recorded \(start) on \(platform), pid \(session.pid) (trace format \(session.format))"
  }

  /// The first line of an action: sequence number, time offset, duration, label (escaped: a
  /// label cannot move the cursor or start a new line) and its sender.
  package func actionLine(seq: Int64, t: Int64, duration: Int64, label: String, effect: Int64?) -> String {
    var bytes: [UInt8] = []
    appendActionLine(seq: seq, t: t, duration: duration, label: label, effect: effect, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// `actionLine` written straight into `bytes`, without building strings (the fast path of
  /// `--labels-only`), columns padded: `#3      +0.052s   5.1µs  label`.
  package func appendActionLine(
    seq: Int64, t: Int64, duration: Int64, label: String, effect: Int64?, to bytes: inout [UInt8]
  ) {
    let start = bytes.count
    if style.colored { bytes.append(contentsOf: style.prefix(.sequence)) }
    bytes.append(UInt8(ascii: "#"))
    TimeText.appendDecimal(seq, to: &bytes)
    let seqWidth = bytes.count - start - (style.colored ? style.prefix(.sequence).count : 0)
    if style.colored { bytes.append(contentsOf: TextStyle.reset) }
    Self.pad(&bytes, to: 6, used: seqWidth)
    var field = bytes.count
    TimeText.appendOffset(t, to: &bytes)
    Self.padLeft(&bytes, from: field, to: 9)
    field = bytes.count
    TimeText.appendDuration(duration, to: &bytes)
    Self.padLeft(&bytes, from: field, to: 8)
    bytes.append(UInt8(ascii: " "))
    bytes.append(UInt8(ascii: " "))
    if style.colored { bytes.append(contentsOf: style.prefix(.label)) }
    bytes.appendUTF8(PrintableText.escaping(label))
    if style.colored { bytes.append(contentsOf: TextStyle.reset) }
    if let effect {
      if style.colored { bytes.append(contentsOf: style.prefix(.dim)) }
      bytes.appendUTF8("  (from effect ")
      TimeText.appendDecimal(effect, to: &bytes)
      bytes.append(UInt8(ascii: ")"))
      if style.colored { bytes.append(contentsOf: TextStyle.reset) }
    }
  }

  /// Spaces after a field `used` columns wide, up to `width`.
  private static func pad(_ bytes: inout [UInt8], to width: Int, used: Int) {
    for _ in 0..<max(0, width - used) { bytes.append(UInt8(ascii: " ")) }
  }

  /// Moves the field written since `from` right so it ends at `width` columns (at least one space
  /// before it); `µ` is two bytes but one column.
  private static func padLeft(_ bytes: inout [UInt8], from: Int, to width: Int) {
    var columns = 0
    for index in from..<bytes.count where bytes[index] & 0xC0 != 0x80 { columns += 1 }
    let spaces = max(1, width - columns)
    bytes.insert(contentsOf: repeatElement(UInt8(ascii: " "), count: spaces), at: from)
  }

  /// The value of an action or a state as indented lines, in custom-dump's style.
  package func value(_ value: Value, indent: String = "  ") -> String {
    String(decoding: valueBytes(value, indent: indent), as: UTF8.self)
  }

  private func valueBytes(_ value: Value, indent: String) -> [UInt8] {
    var lines = TextLines(color: false)
    ValueText.dump(value, label: "", suffix: "", marker: .context, depth: 0, into: &lines)
    return indented(lines.bytes, indent)
  }

  /// An action value, its enum type in front as TCA prints it: `Todos.Action.todos(`.
  package func action(_ value: Value, indent: String = "  ") -> String {
    var bytes: [UInt8] = []
    appendAction(value, indent: indent, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// `action(_:indent:)` appended to `output` as UTF-8 (no `String` built on the way).
  package func appendAction(_ value: Value, indent: String = "  ", to output: inout [UInt8]) {
    var lines = TextLines(color: false)
    ValueText.dump(value, label: "", suffix: "", marker: .context, depth: 0, into: &lines)
    let start = output.count
    Self.appendIndented(lines.bytes, indent, to: &output)
    guard case let .enumCase(type, _, _) = value, !type.isEmpty,
      let dot = output[start...].firstIndex(where: { $0 != UInt8(ascii: " ") }), output[dot] == UInt8(ascii: ".")
    else { return }
    // The `.` is a Character of its own unless what follows combines with it (not ASCII): then
    // the text decides, as `String` reads it.
    guard dot + 1 == output.count || output[dot + 1] < 0x80 else {
      let text = String(decoding: output[start...], as: UTF8.self)
      guard let index = text.firstIndex(where: { $0 != " " }), text[index] == "." else { return }
      output.removeSubrange(start...)
      output.append(contentsOf: (text[..<index] + type + text[index...]).utf8)
      return
    }
    output.insert(contentsOf: type.utf8, at: dot)
  }

  /// A value on its own, from the first column: what `tca-trace state` prints.
  ///
  /// ```text
  /// Todos.State(
  ///   todos: []
  /// )
  /// ```
  package func dump(_ value: Value) -> String {
    var lines = TextLines(color: false)
    ValueText.dump(value, label: "", suffix: "", marker: .context, depth: 0, into: &lines)
    var out: [UInt8] = []
    out.reserveCapacity(lines.bytes.count)
    Self.appendFromFirstColumn(lines.bytes, to: &out)
    return String(decoding: out, as: UTF8.self)
  }

  /// `dump(Value(json: state))` and a line break, written to `output` a piece at a time: for a
  /// 1,000,000-row state, one row's `Value` and text in memory, not the whole state's
  /// (`ValueText.dumpInPieces`). `state` is in the value form (`ValueText.checkValueForm`).
  package func writeDump(of state: JSON, to output: TextOutput) throws(OutputClosed) {
    var closed: OutputClosed?
    ValueText.dumpInPieces(state) { piece in
      do throws(OutputClosed) {
        try output.append { out in
          Self.appendFromFirstColumn(piece, to: &out)
          out.append(0x0A)
        }
      } catch {
        closed = error
      }
      return closed == nil
    }
    if let closed { throw closed }
  }

  /// `lines` (from `TextLines`) with each line's first two columns dropped (the marker and the
  /// indentation's first space, both ASCII), done on the bytes as `indented` does: a
  /// 100,000-element state is 600,000 lines.
  private static func appendFromFirstColumn(_ lines: [UInt8], to out: inout [UInt8]) {
    lines.withUnsafeBufferPointer { bytes in
      var start = 0
      func line(until end: Int) {
        var from = start, dropped = 0
        while dropped < 2, from < end {
          from += Self.characterLength(bytes, at: from, end: end)
          dropped += 1
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[from..<end]))
      }
      for index in bytes.indices where bytes[index] == 0x0A && (index == 0 || bytes[index - 1] != 0x0D) {
        line(until: index)
        out.append(0x0A)
        start = index + 1
      }
      line(until: bytes.count)
    }
  }

  /// The bytes of the `Character` at `index`: one for ASCII (a "\r\n" is one `Character`), else
  /// the scalar and any combining marks after it are left to `String`.
  private static func characterLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, end: Int) -> Int {
    let byte = bytes[index]
    if byte == 0x0D, index + 1 < end, bytes[index + 1] == 0x0A { return 2 }
    if byte < 0x80, index + 1 >= end || bytes[index + 1] < 0x80 { return 1 }
    // Not ASCII (or followed by something that may combine with it): ask `String`.
    let rest = String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self)
    return rest.first.map { String($0).utf8.count } ?? 1
  }

  /// A value on one line: `Todo(id: 1, title: "Milk")`, `false`.
  package func compact(_ value: Value) -> String {
    ValueText.compact(value)
  }

  /// The structural diff between two states, or `(No state changes)`.
  package func stateChange(_ diff: StateDiff, indent: String = "  ") -> String {
    var bytes: [UInt8] = []
    appendStateChange(diff, indent: indent, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// `stateChange(_:indent:)` appended to `output` as UTF-8.
  package func appendStateChange(_ diff: StateDiff, indent: String = "  ", to output: inout [UInt8]) {
    if diff.isEqual {
      output.append(contentsOf: (indent + style.paint("(No state changes)", .dim)).utf8)
      return
    }
    let text = DiffTextRenderer(options: DiffRenderOptions(color: style.colored)).renderUTF8(diff)
    Self.appendIndented(text, indent, to: &output)
  }

  /// What `show` prints for an action whose state the recorder did not capture (`coalesced`): its
  /// change is in the next recorded action's.
  package static let coalescedNotice =
    "(State not captured: coalesced while the writer was busy; the next recorded change includes this one)"

  /// `coalescedNotice`, dimmed and indented as a state change.
  package func coalesced(indent: String = "  ") -> String {
    indent + style.paint(Self.coalescedNotice, .dim)
  }

  /// An effect event, linked to the action that started it.
  ///
  /// ```text
  ///   effect 1 started (cancellable: search)
  /// effect 1 finished at +0.300s after 248ms (started by #3 Search.Action.queryChanged)
  /// ```
  package func effectLine(_ event: TraceEffectEvent, origin: EffectOrigin?) -> String {
    var bytes: [UInt8] = []
    appendEffectLine(event, origin: origin, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// `effectLine` written straight into `bytes` (`show` prints one or two for most actions).
  /// An effect that had not ended when the trace ends:
  /// `effect 3 still running at the end (started by #5 Search.Action.queryChanged)`.
  package func stillRunningLine(effect: Int64, origin: EffectOrigin) -> String {
    style.paint(
      "effect \(effect) still running at the end (started by #\(origin.seq) \(PrintableText.escaping(origin.label)))",
      .dim)
  }

  package func appendEffectLine(_ event: TraceEffectEvent, origin: EffectOrigin?, to bytes: inout [UInt8]) {
    let role: TextStyle.Role = event.event == .cancelled ? .warning : .dim
    if event.event == .started { bytes.appendUTF8("  ") }
    if style.colored { bytes.append(contentsOf: style.prefix(role)) }
    bytes.appendUTF8("effect ")
    bytes.appendInteger(event.effect)
    switch event.event {
    case .started:
      bytes.appendUTF8(" started")
      if let id = event.id {
        bytes.appendUTF8(" (cancellable: ")
        bytes.appendUTF8(PrintableText.escaping(id))
        bytes.append(UInt8(ascii: ")"))
      }
    case .output:
      bytes.appendUTF8(" sent #")
      bytes.appendInteger(event.seq ?? 0)
    case .finished, .cancelled:
      bytes.append(UInt8(ascii: " "))
      bytes.appendUTF8(event.event.rawValue)
      bytes.appendUTF8(" at ")
      TimeText.appendOffset(event.t, to: &bytes)
      if let origin {
        bytes.appendUTF8(" after ")
        TimeText.appendDuration(max(0, event.t - origin.t), to: &bytes)
        bytes.appendUTF8(" (started by #")
        bytes.appendInteger(origin.seq)
        bytes.append(UInt8(ascii: " "))
        bytes.appendUTF8(PrintableText.escaping(origin.label))
        bytes.append(UInt8(ascii: ")"))
      }
    }
    if style.colored { bytes.append(contentsOf: TextStyle.reset) }
  }

  /// `note +1.200s gap: writer fell behind: 12 actions dropped`
  package func noteLine(_ note: TraceNote) -> String {
    style.paint(
      "note \(TimeText.offset(note.t)) \(note.note.rawValue): \(PrintableText.escaping(note.message))",
      note.note == .info ? .dim : .warning)
  }

  /// `end +2.000s: 42 actions`
  package func endLine(_ end: TraceEnd) -> String {
    style.paint("end \(TimeText.offset(end.t)): \(end.actions) action\(end.actions == 1 ? "" : "s")", .dim)
  }

  /// `text` (UTF-8) with `indent` before each of its lines: what splitting it on the `Character`
  /// "\n" and joining gives (a "\r\n" is one `Character`, so it does not start a line).
  private func indented(_ bytes: [UInt8], _ indent: String) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count + indent.utf8.count * 16)
    Self.appendIndented(bytes, indent, to: &out)
    return out
  }

  /// `indented(bytes, indent)` appended to `out`.
  private static func appendIndented(_ bytes: [UInt8], _ indent: String, to out: inout [UInt8]) {
    var indent = indent
    indent.withUTF8 { prefix in
      out.reserveCapacity(out.count + bytes.count + prefix.count * 16)
      out.append(contentsOf: prefix)
      bytes.withUnsafeBufferPointer { bytes in
        guard let base = bytes.baseAddress else { return }
        var start = 0, from = 0
        // Each "\n" found with memchr; one after "\r" is part of a "\r\n" Character: no new line.
        while from < bytes.count, let found = memchr(base + from, 0x0A, bytes.count - from) {
          let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
          from = index + 1
          guard index == 0 || bytes[index - 1] != 0x0D else { continue }
          out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...index]))
          out.append(contentsOf: prefix)
          start = index + 1
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
      }
    }
  }
}

/// The action that started an effect, remembered until the effect ends.
package struct EffectOrigin: Sendable, Equatable {
  package var seq: Int64
  package var t: Int64
  package var label: String
  /// Whether that action was shown (effect events follow their action's filter).
  package var shown: Bool
}
