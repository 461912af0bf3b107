import Foundation
import Testing

@testable import Debugging

private struct Login: Equatable {
  var user: String
  var password: String
  @Redacted var token: String = "tok-SECRET-2"
}

private struct Model: Equatable {
  var count = 0
  var tags: [String] = []
}

private enum ModelCancelID { case autosave }

private enum ModelAction: Equatable {
  case increment
  case tick
  case tag(String)
}

/// The lines of `buffer` with the session header replaced by its name (start, pid and platform vary).
private func lines(_ buffer: TraceBuffer) -> String {
  buffer.lines.map { line in
    line.hasPrefix(#"{"kind":"session""#) ? "session" : line
  }.joined(separator: "\n")
}

@Suite struct RecorderTests {
  @Test func recordsPlainValuesWithPatchesAndKeyframes() {
    let buffer = TraceBuffer()
    var options = TraceRecorderOptions()
    options.keyframeInterval = 2
    let recorder = TraceRecorder(name: "Model", to: .memory(buffer), options: options)
    let o = recorder.origin
    recorder.record(action: ModelAction.increment, from: Model(), to: Model(count: 1), at: o + 1_000, duration: 500)
    recorder.record(
      action: ModelAction.tag("a"), from: Model(count: 1), to: Model(count: 1, tags: ["a"]), at: o + 2_000,
      duration: 400)
    recorder.record(
      action: ModelAction.tick, from: Model(count: 1, tags: ["a"]), to: Model(count: 1, tags: ["a"]), at: o + 3_000,
      duration: 300)
    recorder.flush()
    #expect(
      lines(buffer) == """
        session
        {"kind":"state","seq":0,"t":0,"state":{"$type":"Model","count":0,"tags":[]}}
        {"kind":"action","seq":1,"t":1000,"duration":500,"label":"ModelAction.increment","action":{"$enum":"ModelAction","increment":{}},"patch":[{"op":"replace","path":"/count","value":1}]}
        {"kind":"action","seq":2,"t":2000,"duration":400,"label":"ModelAction.tag","action":{"$enum":"ModelAction","tag":{"_0":"a"}},"patch":[{"op":"add","path":"/tags/0","value":"a"}],"state":{"$type":"Model","count":1,"tags":["a"]}}
        {"kind":"action","seq":3,"t":3000,"duration":300,"label":"ModelAction.tick","action":{"$enum":"ModelAction","tick":{}},"patch":[]}
        """)
    recorder.close()
    #expect(buffer.lines.last?.hasPrefix(#"{"kind":"end","#) == true)
    #expect(buffer.lines.last?.hasSuffix(#","actions":3}"#) == true)
  }

  @Test func sessionHeaderNamesTheRecorderAndItsOptions() throws {
    let buffer = TraceBuffer()
    var options = TraceRecorderOptions()
    options.redactedFieldNames = ["password", "apiKey"]
    options.keyframeInterval = 50
    let recorder = TraceRecorder(name: "Login", prefix: "auth", to: .memory(buffer), options: options)
    recorder.flush()
    let header = try TraceRecord(json: JSONReader.parse(buffer.lines[0]))
    guard case let .session(session) = header else {
      Issue.record("expected a session, found \(header)")
      return
    }
    #expect(session.name == "Login")
    #expect(session.prefix == "auth")
    #expect(session.keyframeInterval == 50)
    #expect(session.redacted == ["apiKey", "password"])
    #expect(session.pid == Int64(ProcessInfo.processInfo.processIdentifier))
    #expect(session.platform == TraceRecorder.platform)
    #expect(session.start.count == "2026-11-21T19:33:07.123Z".count)
    #expect(session.start.hasSuffix("Z"))
    #expect(session.origin == Int64(recorder.origin))
  }

  @Test func filteredActionsAreLeftOutAndTheirChangesGoToTheNextRecordedAction() {
    let buffer = TraceBuffer()
    var options = TraceRecorderOptions()
    options.actionFilter = .deny(["*.tick"])
    let recorder = TraceRecorder(name: "Model", to: .memory(buffer), options: options)
    let o = recorder.origin
    recorder.record(action: ModelAction.tick, from: Model(), to: Model(count: 5), at: o + 10, duration: 1)
    recorder.record(
      action: ModelAction.tag("x"), from: Model(count: 5), to: Model(count: 5, tags: ["x"]), at: o + 20, duration: 1)
    recorder.flush()
    #expect(
      lines(buffer) == """
        session
        {"kind":"state","seq":0,"t":0,"state":{"$type":"Model","count":0,"tags":[]}}
        {"kind":"action","seq":1,"t":20,"duration":1,"label":"ModelAction.tag","action":{"$enum":"ModelAction","tag":{"_0":"x"}},"patch":[{"op":"replace","path":"/count","value":5},{"op":"add","path":"/tags/0","value":"x"}]}
        """)
  }

  @Test func actionFilterGlobs() {
    let filter = ActionFilter(
      allow: ["Todos.*"], deny: ["*.timerTicked", "*(.element(id:, action: .textFieldChanged))"])
    #expect(filter.allows("Todos.Action.addTodoButtonTapped"))
    #expect(!filter.allows("Todos.Action.timerTicked"))
    #expect(!filter.allows("Todos.Action.todos(.element(id:, action: .textFieldChanged))"))
    #expect(filter.allows("Todos.Action.todos(.element(id:, action: .checkBoxToggled))"))
    #expect(!filter.allows("Counter.Action.incrementButtonTapped"))
    #expect(ActionFilter.matches("a?c", "abc"))
    #expect(!ActionFilter.matches("a?c", "ac"))
    #expect(ActionFilter.matches("*", ""))
  }

  @Test func effectLinesFollowTheActionsThatStartedThem() {
    let buffer = TraceBuffer()
    let recorder = TraceRecorder(name: "Model", to: .memory(buffer))
    recorder.record(action: ModelAction.increment, from: Model(), to: Model(count: 1))
    let effect = recorder.nextEffectNumber()
    recorder.recordEffect(effect, .started)
    recorder.recordEffect(effect, .output)
    recorder.record(
      action: ModelAction.tag("done"), from: Model(count: 1), to: Model(count: 1, tags: ["done"]), sentBy: effect)
    recorder.recordEffect(effect, .finished)
    recorder.close()
    let kinds = buffer.lines.map { line -> String in
      let json = try! JSONReader.parse(line)
      let event = json["event"]?.stringValue.map { " " + $0 } ?? ""
      let seq = json["seq"]?.intValue.map { " seq \($0)" } ?? ""
      let sender = json["kind"]?.stringValue == "action" ? (json["effect"]?.intValue.map { " from \($0)" } ?? "") : ""
      return (json["kind"]?.stringValue ?? "?") + event + seq + sender
    }
    #expect(
      kinds.joined(separator: "\n") == """
        session
        state seq 0
        action seq 1
        effect started seq 1
        effect output seq 2
        action seq 2 from 1
        effect finished
        end
        """)
  }

  @Test func startedEffectsCarryTheCancellationIDsTheyAreGiven() throws {
    let buffer = TraceBuffer()
    let recorder = TraceRecorder(name: "Model", to: .memory(buffer))
    recorder.record(action: ModelAction.increment, from: Model(), to: Model(count: 1))
    let first = recorder.nextEffectNumber(), second = recorder.nextEffectNumber(), third = recorder.nextEffectNumber()
    recorder.recordEffect(first, .started, cancellationIDs: [ModelCancelID.autosave])
    recorder.recordEffect(second, .started, cancellationIDs: ["sort", 7])
    recorder.recordEffect(third, .started)
    recorder.recordEffect(first, .cancelled, cancellationIDs: ["ignored: only started lines carry ids"])
    recorder.close()
    let timeless = try buffer.lines.dropFirst(2).map { line -> String in
      guard case let .object(members) = try JSONReader.parse(line) else { return line }
      return JSONWriter.string(.object(members.filter { $0.key != "t" && $0.key != "duration" }))
    }
    #expect(
      timeless.joined(separator: "\n") == """
        {"kind":"action","seq":1,"label":"ModelAction.increment","action":{"$enum":"ModelAction","increment":{}},"patch":[{"op":"replace","path":"/count","value":1}]}
        {"kind":"effect","event":"started","effect":1,"seq":1,"label":"ModelAction.increment","id":"ModelCancelID.autosave"}
        {"kind":"effect","event":"started","effect":2,"seq":1,"label":"ModelAction.increment","id":"sort, 7"}
        {"kind":"effect","event":"started","effect":3,"seq":1,"label":"ModelAction.increment"}
        {"kind":"effect","event":"cancelled","effect":1}
        {"kind":"end","actions":1}
        """)
  }

  @Test func aFullQueueDropsActionsAndSaysSoWithAGapNoteAndAKeyframe() {
    var options = TraceRecorderOptions()
    options.queueCapacity = 2
    let (recorder, buffer, gate) = blockedRecorder(options)
    var accepted: [Bool] = []
    for n in 1...10 {
      accepted.append(
        recorder.record(
          action: ModelAction.increment, from: Model(count: n - 1), to: Model(count: n),
          at: recorder.origin + UInt64(n), duration: 1))
    }
    gate.signal()
    recorder.flush()
    recorder.record(
      action: ModelAction.increment, from: Model(count: 10), to: Model(count: 11), at: recorder.origin + 11, duration: 1
    )
    recorder.flush()
    #expect(accepted == [true, true, false, false, false, false, false, false, false, false])
    #expect(
      lines(buffer) == """
        session
        {"kind":"state","seq":0,"t":0,"state":{"$type":"Model","count":0,"tags":[]}}
        {"kind":"action","seq":1,"t":1,"duration":1,"label":"ModelAction.increment","action":{"$enum":"ModelAction","increment":{}},"patch":[{"op":"replace","path":"/count","value":1}]}
        {"kind":"action","seq":2,"t":2,"duration":1,"label":"ModelAction.increment","action":{"$enum":"ModelAction","increment":{}},"patch":[{"op":"replace","path":"/count","value":2}]}
        {"kind":"note","t":11,"note":"gap","message":"writer fell behind: 8 actions dropped","dropped":8}
        {"kind":"action","seq":11,"t":11,"duration":1,"label":"ModelAction.increment","action":{"$enum":"ModelAction","increment":{}},"patch":[{"op":"replace","path":"/count","value":11}],"state":{"$type":"Model","count":11,"tags":[]}}
        """)
  }

  @Test func actionsTheWorkerReachesLateAreCountedInANoteOnceItCatchesUp() throws {
    var options = TraceRecorderOptions()
    options.delayNoteThreshold = 50_000_000
    // The gate opens 80 ms after the actions were given.
    let (recorder, buffer, gate) = blockedRecorder(options)
    for n in 1...3 {
      recorder.record(
        action: ModelAction.increment, from: Model(count: n - 1), to: Model(count: n), at: recorder.origin + UInt64(n),
        duration: 1)
    }
    usleep(80_000)
    gate.signal()
    recorder.flush()
    recorder.record(
      action: ModelAction.tick, from: Model(count: 3), to: Model(count: 3), at: recorder.origin + 4, duration: 1)
    recorder.flush()
    let notes = try buffer.lines.compactMap { line -> TraceNote? in
      guard case let .note(note) = try TraceRecord(json: JSONReader.parse(line)) else { return nil }
      return note
    }
    #expect(notes.count == 1)
    #expect(notes.first?.note == .info)
    #expect(notes.first?.delayed == 3)
    #expect(notes.first?.message.hasPrefix("writer fell behind: 3 actions written up to ") == true)
    #expect(notes.first?.message.hasSuffix("ms late") == true)
    // The note comes after the late actions, before the next one.
    #expect(
      buffer.lines.map { $0.contains(#""kind":"note""#) ? "note" : String($0.prefix(30)) }.suffix(2) == [
        "note", #"{"kind":"action","seq":4,"t":4"#,
      ])
  }

  @Test func noDelayNotesWithDeterministicTimestampsOrWithoutAThreshold() {
    for configure in [
      { (o: inout TraceRecorderOptions) in o.timestamps = .deterministic }, { o in o.delayNoteThreshold = nil },
    ] {
      var options = TraceRecorderOptions()
      options.delayNoteThreshold = 1
      configure(&options)
      let (recorder, buffer, gate) = blockedRecorder(options)
      recorder.record(action: ModelAction.increment, from: Model(), to: Model(count: 1))
      usleep(10_000)
      gate.signal()
      recorder.flush()
      #expect(!buffer.lines.contains { $0.contains(#""kind":"note""#) })
    }
  }

  @Test func redactedValuesNeverReachTheFile() throws {
    let path = temporaryTracePath("redaction")
    defer { unlink(path) }
    var options = TraceRecorderOptions()
    options.redactedFieldNames = ["password"]
    options.keyframeInterval = 1
    let recorder = TraceRecorder(name: "Login", to: .file(path), options: options)
    let before = Login(user: "ada", password: "pw-SECRET-1")
    var after = before
    after.password = "pw-SECRET-3"
    after.token = "tok-SECRET-4"
    recorder.record(action: ModelAction.increment, from: before, to: after)
    recorder.close()
    let bytes = try String(contentsOfFile: path, encoding: .utf8)
    #expect(bytes.contains(#""user":"ada""#))
    #expect(bytes.contains(#""password":{"$redacted":"String"}"#))
    #expect(!bytes.contains("SECRET"))
  }

  @Test func traceFilesAreOwnerOnly() throws {
    let path = temporaryTracePath("mode")
    defer { unlink(path) }
    _ = FileManager.default.createFile(
      atPath: path, contents: Data("old\n".utf8), attributes: [.posixPermissions: 0o644])
    let recorder = TraceRecorder(name: "Model", to: .file(path))
    recorder.close()
    let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    #expect(mode == 0o600)
    #expect(recorder.path == path)
  }

  @Test func aDeviceIsNeverWrittenThrough() {
    let recorder = TraceRecorder(name: "Model", to: .file("/dev/full"))
    #expect(!recorder.record(action: ModelAction.increment, from: Model(), to: Model(count: 1)))
    recorder.flush()
    #expect(recorder.error == "cannot record to '/dev/full': it is not a regular file (a character device)")
    recorder.close()
  }

  @Test func aFileThatCannotBeCreatedIsAnErrorNotACrash() {
    let recorder = TraceRecorder(name: "Model", to: .file("/nonexistent-dir/run.jsonl"))
    recorder.record(action: ModelAction.increment, from: Model(), to: Model(count: 1))
    recorder.flush()
    #expect(recorder.error == "cannot create '/nonexistent-dir/run.jsonl': No such file or directory")
  }

  @Test func defaultFileNamesSayWhatAndWhen() {
    let path = TraceSink.defaultPath(name: "Todos", prefix: "row/1", directory: "/tmp/x")
    #expect(path.hasPrefix("/tmp/x/Todos-row_1-"))
    #expect(path.hasSuffix(".jsonl"))
    #expect(path.contains("-\(ProcessInfo.processInfo.processIdentifier)-"))
    #expect(TraceSink.defaultDirectory(environment: ["TCA_TRACE_DIR": "/var/traces"]) == "/var/traces")
    #expect(TraceSink.defaultDirectory(environment: [:]).hasSuffix("tca-trace"))
  }

  @Test func recordingsAfterCloseAreIgnored() {
    let buffer = TraceBuffer()
    let recorder = TraceRecorder(name: "Model", to: .memory(buffer))
    recorder.close()
    #expect(!recorder.record(action: ModelAction.increment, from: Model(), to: Model(count: 1)))
    recorder.flush()
    #expect(buffer.lines.count == 2)
  }
}

/// Whether the worker has taken the header off the queue (and is now writing it).
private func recorderHasTakenHeader(_ recorder: TraceRecorder) -> Bool {
  recorder.queuedEventCount == 0
}

/// A recorder whose worker is blocked on its first line (the header) until `gate` is signalled,
/// and the buffer its lines go to.
private func blockedRecorder(_ options: TraceRecorderOptions) -> (TraceRecorder, TraceBuffer, DispatchSemaphore) {
  let buffer = TraceBuffer()
  let gate = DispatchSemaphore(value: 0)
  let recorder = TraceRecorder(
    name: "Model",
    to: .custom { line in
      if line.contains(#""kind":"session""#) { gate.wait() }
      buffer.append(line)
    }, options: options)
  while !recorderHasTakenHeader(recorder) {}
  return (recorder, buffer, gate)
}

func temporaryTracePath(_ name: String) -> String {
  (NSTemporaryDirectory() as NSString).appendingPathComponent("recorder-\(name)-\(UUID().uuidString).jsonl")
}
