// MARK: - Decoding

extension TraceRecord {
  /// Reads one trace line, strictly: every key the spec requires must be there with its type.
  /// Unknown keys are ignored (later minor additions stay readable).
  ///
  /// ```swift
  /// try TraceRecord(json: JSONReader.parse(#"{"kind":"action","t":1}"#))
  /// ```
  /// ```text
  /// TraceDecodingError: action: missing key "seq"
  /// ```
  public init(json: JSON) throws(TraceDecodingError) {
    guard case let .object(members) = json else {
      throw TraceDecodingError("a trace line must be a JSON object, found \(json.typeDescription)")
    }
    let root = TraceFields(context: "", members: members.array)
    let kindName = try root.string("kind")
    guard let kind = TraceKind(rawValue: kindName) else {
      throw TraceDecodingError("unknown kind \"\(kindName)\"")
    }
    let fields = TraceFields(context: kindName, members: members.array)
    switch kind {
    case .session: self = .session(try TraceSession(fields))
    case .state:
      var changedOutside = false
      if let flag = fields.value("changedOutside") {
        guard case let .bool(value) = flag else {
          throw fields.fail("\"changedOutside\" must be a boolean, found \(flag.typeDescription)")
        }
        changedOutside = value
      }
      self = .state(
        try TraceState(
          seq: fields.count("seq"), t: fields.count("t"), state: fields.required("state"),
          changedOutside: changedOutside))
    case .action: self = .action(try TraceAction(fields))
    case .effect: self = .effect(try TraceEffectEvent(fields))
    case .note: self = .note(try TraceNote(fields))
    case .end: self = .end(try TraceEnd(t: fields.count("t"), actions: fields.count("actions")))
    }
  }
}

extension TraceSession {
  init(_ fields: TraceFields) throws(TraceDecodingError) {
    // The version first: a future format may have other keys.
    let format = try fields.int("format")
    guard TraceFormat.supported.contains(format) else {
      throw TraceDecodingError(TraceFormat.unsupportedMessage(format))
    }
    self.init(
      format: format, name: try fields.string("name"), prefix: try fields.string("prefix"),
      start: try fields.string("start"), clock: try fields.string("clock"), origin: try fields.optionalCount("origin"),
      platform: try fields.string("platform"), pid: try fields.int("pid"),
      keyframeInterval: try fields.count("keyframeInterval"), redacted: try fields.strings("redacted"),
      reducer: try fields.optionalString("reducer"), redaction: try fields.optionalString("redaction"))
  }
}

extension TraceAction {
  init(_ fields: TraceFields) throws(TraceDecodingError) {
    let seq = try fields.count("seq"), t = try fields.count("t"), duration = try fields.count("duration")
    let label = try fields.string("label"), action = try fields.required("action")
    let effect = try fields.optionalCount("effect")
    let patchJSON = try fields.required("patch")
    let patch: JSONPatch
    do {
      patch = try JSONPatch(json: patchJSON)
    } catch {
      throw fields.fail(error.message)
    }
    var coalesced = false
    if let flag = fields.value("coalesced") {
      guard case let .bool(value) = flag else {
        throw fields.fail("\"coalesced\" must be a boolean, found \(flag.typeDescription)")
      }
      coalesced = value
    }
    self.init(
      seq: seq, t: t, duration: duration, label: label, action: action, effect: effect, patch: patch,
      state: fields.value("state"), coalesced: coalesced)
  }
}

extension TraceEffectEvent {
  init(_ fields: TraceFields) throws(TraceDecodingError) {
    let name = try fields.string("event")
    guard let event = Event(rawValue: name) else { throw fields.fail("unknown event \"\(name)\"") }
    let needsSeq = event == .started || event == .output
    self.init(
      event: event, effect: try fields.count("effect"), t: try fields.count("t"),
      seq: needsSeq ? try fields.count("seq") : try fields.optionalCount("seq"),
      label: needsSeq ? try fields.string("label") : try fields.optionalString("label"),
      id: try fields.optionalString("id"))
  }
}

extension TraceNote {
  init(_ fields: TraceFields) throws(TraceDecodingError) {
    let name = try fields.string("note")
    guard let note = Note(rawValue: name) else { throw fields.fail("unknown note \"\(name)\"") }
    self.init(
      t: try fields.count("t"), note: note, message: try fields.string("message"),
      dropped: note == .gap ? try fields.count("dropped") : try fields.optionalCount("dropped"),
      delayed: try fields.optionalCount("delayed"), coalesced: try fields.optionalCount("coalesced"))
  }
}

// MARK: - Encoding

extension TraceRecord {
  /// The line's JSON object, keys in the order of the spec with small keys before large values
  /// (`kind`, `seq`, `t`, `duration`, `label`, `effect`, then `action`, `patch`, `state`).
  public var json: JSON {
    switch self {
    case let .session(s):
      var members: [JSON.Member] = [
        .init("kind", .string("session")), .init("format", .int(s.format)),
      ]
      if let reducer = s.reducer { members.append(.init("reducer", .string(reducer))) }
      members += [
        .init("name", .string(s.name)), .init("prefix", .string(s.prefix)), .init("start", .string(s.start)),
        .init("clock", .string(s.clock)),
      ]
      if let origin = s.origin { members.append(.init("origin", .int(origin))) }
      members += [
        .init("platform", .string(s.platform)), .init("pid", .int(s.pid)),
        .init("keyframeInterval", .int(s.keyframeInterval)), .init("redacted", .array(s.redacted.map(JSON.string))),
      ]
      if let redaction = s.redaction { members.append(.init("redaction", .string(redaction))) }
      return .object(members)
    case let .state(s):
      var members: [JSON.Member] = [.init("kind", .string("state")), .init("seq", .int(s.seq))]
      if s.changedOutside { members.append(.init("changedOutside", .bool(true))) }
      members += [.init("t", .int(s.t)), .init("state", s.state)]
      return .object(members)
    case let .action(a):
      var members: [JSON.Member] = [
        .init("kind", .string("action")), .init("seq", .int(a.seq)), .init("t", .int(a.t)),
        .init("duration", .int(a.duration)), .init("label", .string(a.label)),
      ]
      if let effect = a.effect { members.append(.init("effect", .int(effect))) }
      if a.coalesced { members.append(.init("coalesced", .bool(true))) }
      members.append(.init("action", a.action))
      members.append(.init("patch", a.patch.json))
      if let state = a.state { members.append(.init("state", state)) }
      return .object(members)
    case let .effect(e):
      var members: [JSON.Member] = [
        .init("kind", .string("effect")), .init("event", .string(e.event.rawValue)), .init("effect", .int(e.effect)),
      ]
      if let seq = e.seq { members.append(.init("seq", .int(seq))) }
      members.append(.init("t", .int(e.t)))
      if let label = e.label { members.append(.init("label", .string(label))) }
      if let id = e.id { members.append(.init("id", .string(id))) }
      return .object(members)
    case let .note(n):
      var members: [JSON.Member] = [
        .init("kind", .string("note")), .init("t", .int(n.t)), .init("note", .string(n.note.rawValue)),
        .init("message", .string(n.message)),
      ]
      if let dropped = n.dropped { members.append(.init("dropped", .int(dropped))) }
      if let delayed = n.delayed { members.append(.init("delayed", .int(delayed))) }
      if let coalesced = n.coalesced { members.append(.init("coalesced", .int(coalesced))) }
      return .object(members)
    case let .end(e):
      return .object([.init("kind", .string("end")), .init("t", .int(e.t)), .init("actions", .int(e.actions))])
    }
  }

  /// The compact JSON text of this record followed by `\n`, appended to `output`: the bytes of
  /// `JSONWriter.write(json, into:)`; an action line is written without building its `json`
  /// (`TraceAction.writeJSON(to:)`), the recorder writes one per action.
  public func writeLine(into output: inout [UInt8]) {
    if case let .action(action) = self {
      var line = JSONOutput()
      action.writeJSON(to: &line)
      line.finish(into: &output)
    } else {
      JSONWriter.write(json, into: &output)
    }
    output.append(UInt8(ascii: "\n"))
  }
}
