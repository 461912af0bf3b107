import Debugging

/// Turns a trace into Chrome Trace Event Format JSON, which ui.perfetto.dev and chrome://tracing
/// open, one line at a time: memory holds only the effects still running.
///
/// - each reducer run is a complete event (`"ph":"X"`) on the `reducer` thread, named by the
///   action's label, with `seq` (and `effect`, when an effect sent it) in `args`;
/// - each effect is an async span (`"b"` … `"e"`, `"id"` the effect id) named by the action that
///   started it, from `started` to `finished` or `cancelled` (`"cancelled":true` in the end's
///   `args`); effects still running at the end of the trace end at its last timestamp with
///   `"unfinished":true`;
/// - each effect output is an instant on the effect's span (`"ph":"n"`) whose flow arrow
///   (`bind_id`, `flow_out`) leads to the action it sent (`flow_in`);
/// - notes are process-wide instants; process and thread names are metadata (`"M"`).
///
/// Times are microseconds (`ts`, `dur`), exact to the nanosecond.
///
/// ```swift
/// var exporter = PerfettoExporter()
/// var bytes: [UInt8] = []
/// for case let .success(event) in try ExportEventReader(path: "run.jsonl") { exporter.add(event, into: &bytes) }
/// exporter.finish(into: &bytes)
/// ```
/// ```text
/// {"traceEvents":[
/// {"name":"process_name","ph":"M","pid":4242,"tid":1,"args":{"name":"Todos"}},
/// {"name":"thread_name","ph":"M","pid":4242,"tid":1,"args":{"name":"reducer"}},
/// {"name":"Todos.Action.addButtonTapped","cat":"action","ph":"X","ts":18200.0,"dur":5.1,"pid":4242,"tid":1,"args":{"seq":1}},
/// …
/// ],"displayTimeUnit":"ms","otherData":{"generator":"tca-trace","format":2,"name":"Todos"}}
/// ```
public struct PerfettoExporter {
  /// The effects started and not yet ended: their name (the originating label).
  private var running: [Int64: String] = [:]
  /// The order effects were started in, for closing the unfinished ones in a stable order.
  private var runningOrder: [Int64] = []
  private var pid: Int64 = 1
  private var name = ""
  private var last: Int64 = 0
  private var eventCount = 0
  private var started = false

  public init() {}

  /// Events written so far (metadata included).
  public var count: Int { eventCount }

  /// Appends the events of one trace line to `output`.
  public mutating func add(_ event: ExportEvent, into output: inout [UInt8]) {
    if !started { begin(into: &output) }
    let summary = event.summary
    if let t = summary.t { last = max(last, t + (summary.duration ?? 0)) }
    switch event.record {
    case let .session(session)?:
      pid = session.pid
      name = session.name
      let process = session.prefix.isEmpty ? session.name : "\(session.name) (\(session.prefix))"
      write(metadata("process_name", process), into: &output)
      write(metadata("thread_name", "reducer"), into: &output)
    case let .effect(effect)?:
      self.effect(effect, into: &output)
    case let .note(note)?:
      var args: [JSON.Member] = [.init("note", .string(note.note.rawValue)), .init("message", .string(note.message))]
      if let dropped = note.dropped { args.append(.init("dropped", .int(dropped))) }
      write(
        self.event(
          name: "\(note.note.rawValue): \(note.message)", category: "note", phase: "i", t: note.t,
          extra: [.init("s", .string("p"))], args: args),
        into: &output)
    case .state?, .action?, .end?:
      break
    case nil:
      guard summary.kind == .action, let seq = summary.seq, let t = summary.t, let duration = summary.duration else {
        return
      }
      var args: [JSON.Member] = [.init("seq", .int(seq))]
      var extra: [JSON.Member] = [.init("dur", Self.microseconds(duration))]
      if let effect = summary.effect {
        args.append(.init("effect", .int(effect)))
        extra += [.init("bind_id", Self.hex(seq)), .init("flow_in", .bool(true))]
      }
      write(
        self.event(name: summary.label ?? "", category: "action", phase: "X", t: t, extra: extra, args: args),
        into: &output)
    }
  }

  /// Ends the effects still running at the last timestamp and closes the JSON document.
  public mutating func finish(into output: inout [UInt8]) {
    if !started { begin(into: &output) }
    for id in runningOrder {
      guard let label = running.removeValue(forKey: id) else { continue }
      write(asyncEvent(label, phase: "e", effect: id, t: last, args: [.init("unfinished", .bool(true))]), into: &output)
    }
    runningOrder.removeAll()
    output.append(contentsOf: Array("\n],\"displayTimeUnit\":\"ms\",\"otherData\":".utf8))
    JSONWriter.write(
      .object([
        .init("generator", .string("tca-trace")), .init("format", .int(TraceFormat.current)),
        .init("name", .string(name)),
      ]), into: &output)
    output.append(contentsOf: Array("}\n".utf8))
  }

  private mutating func effect(_ effect: TraceEffectEvent, into output: inout [UInt8]) {
    let id = effect.effect
    switch effect.event {
    case .started:
      // A second start of the same effect (an invalid trace) would unbalance the spans.
      guard running[id] == nil else { return }
      let label = effect.label ?? "effect \(id)"
      running[id] = label
      runningOrder.append(id)
      if runningOrder.count > 2 * running.count + 64 { runningOrder.removeAll { running[$0] == nil } }
      var args: [JSON.Member] = [.init("effect", .int(id))]
      if let seq = effect.seq { args.append(.init("seq", .int(seq))) }
      if let cancelID = effect.id { args.append(.init("id", .string(cancelID))) }
      write(asyncEvent(label, phase: "b", effect: id, t: effect.t, args: args), into: &output)
    case .output:
      let seq = effect.seq ?? 0
      var extra: [JSON.Member] = [.init("id", Self.hex(id))]
      extra += [.init("bind_id", Self.hex(seq)), .init("flow_out", .bool(true))]
      write(
        event(
          name: effect.label ?? "output", category: "effect", phase: "n", t: effect.t, extra: extra,
          args: [.init("effect", .int(id)), .init("seq", .int(seq))]),
        into: &output)
    case .finished, .cancelled:
      guard let label = running.removeValue(forKey: id) else { return }
      let args: [JSON.Member] = effect.event == .cancelled ? [.init("cancelled", .bool(true))] : []
      write(asyncEvent(label, phase: "e", effect: id, t: effect.t, args: args), into: &output)
    }
  }

  private mutating func begin(into output: inout [UInt8]) {
    started = true
    output.append(contentsOf: Array("{\"traceEvents\":[".utf8))
  }

  private mutating func write(_ event: JSON, into output: inout [UInt8]) {
    output.append(contentsOf: eventCount == 0 ? [0x0A] : [0x2C, 0x0A])
    JSONWriter.write(event, into: &output)
    eventCount += 1
  }

  private func metadata(_ name: String, _ value: String) -> JSON {
    .object([
      .init("name", .string(name)), .init("ph", .string("M")), .init("pid", .int(pid)), .init("tid", .int(1)),
      .init("args", .object([.init("name", .string(value))])),
    ])
  }

  private func asyncEvent(_ name: String, phase: String, effect: Int64, t: Int64, args: [JSON.Member]) -> JSON {
    event(name: name, category: "effect", phase: phase, t: t, extra: [.init("id", Self.hex(effect))], args: args)
  }

  private func event(name: String, category: String, phase: String, t: Int64, extra: [JSON.Member], args: [JSON.Member])
    -> JSON
  {
    var members: [JSON.Member] = [
      .init("name", .string(name)), .init("cat", .string(category)), .init("ph", .string(phase)),
      .init("ts", Self.microseconds(t)),
    ]
    members += extra
    members += [.init("pid", .int(pid)), .init("tid", .int(1))]
    if !args.isEmpty { members.append(.init("args", .object(args))) }
    return .object(members)
  }

  /// Nanoseconds as microseconds: `18200.0`, `5.1`, `1100010.123`.
  static func microseconds(_ nanoseconds: Int64) -> JSON {
    .double(Double(nanoseconds) / 1000)
  }

  /// Ids as the format's hexadecimal strings: `"0x1f"`.
  static func hex(_ id: Int64) -> JSON {
    .string("0x" + String(id, radix: 16))
  }
}
