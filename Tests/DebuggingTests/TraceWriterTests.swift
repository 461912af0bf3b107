import Foundation
import Testing
import TraceTestSupport

@testable import Debugging

@Suite struct TraceWriterTests {
  let records: [TraceRecord] = [
    .state(TraceState(seq: 0, t: 0, state: .object([.init("n", .int(0))]))),
    .action(
      TraceAction(
        seq: 1, t: 10, duration: 2, label: "inc", action: .null,
        patch: JSONPatch([.replace(path: JSONPointer(tokens: ["n"]), value: .int(1))]))),
    .end(TraceEnd(t: 20, actions: 1)),
  ]

  @Test func memoryWriterKeepsWholeLines() {
    let writer = TraceWriter.memory()
    records.forEach(writer.append)
    #expect(
      writer.text == """
        {"kind":"state","seq":0,"t":0,"state":{"n":0}}
        {"kind":"action","seq":1,"t":10,"duration":2,"label":"inc","action":null,"patch":[{"op":"replace","path":"/n","value":1}]}
        {"kind":"end","t":20,"actions":1}

        """)
  }

  @Test func fileIsOwnerOnlyAndBuffered() throws {
    let path = traceTemporaryPath()
    _ = FileManager.default.createFile(atPath: path, contents: Data("old".utf8), attributes: [.posixPermissions: 0o644])
    let writer = TraceWriter.file(path)
    records.forEach(writer.append)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "")
    #expect(writer.flush() == nil)
    #expect(try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").count == 3)
    var info = stat()
    #expect(stat(path, &info) == 0)
    #expect(info.st_mode & 0o777 == 0o600)
    #expect(writer.close() == nil)
    writer.append(records[0])
    #expect(writer.droppedRecords == 1)
  }

  @Test func smallBufferWritesOnlyWholeLines() throws {
    let path = traceTemporaryPath()
    let writer = TraceWriter.file(path, bufferSize: 10)
    writer.append(records[0])
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text == #"{"kind":"state","seq":0,"t":0,"state":{"n":0}}"# + "\n")
    writer.close()
  }

  @Test func creationFailureIsAValue() {
    let writer = TraceWriter.file("/nonexistent/dir/t.jsonl")
    #expect(writer.error == TraceWriterError("cannot create '/nonexistent/dir/t.jsonl': No such file or directory"))
    writer.append(records[0])
    #expect(writer.droppedRecords == 1)
    #expect(writer.close() == writer.error)
  }

  @Test func aDeviceIsRefusedBeforeAnythingIsWritten() {
    let writer = TraceWriter.file("/dev/full", bufferSize: 0)
    writer.append(records[0])
    writer.append(records[1])
    #expect(
      writer.error == TraceWriterError("cannot record to '/dev/full': it is not a regular file (a character device)"))
    #expect(writer.droppedRecords == 2)
  }

  @Test func truncatedFileReadsEveryWholeLine() throws {
    let path = traceTemporaryPath()
    let writer = TraceWriter.file(path)
    let session = TraceSession(name: "T", start: "s", platform: "p", pid: 1, keyframeInterval: 1)
    writer.append(.session(session))
    records.forEach(writer.append)
    writer.close()
    let full = try Data(contentsOf: URL(fileURLWithPath: path))
    try full.prefix(full.count - 5).write(to: URL(fileURLWithPath: path))
    #expect(
      traceItems(try TraceReader(path: path)) == """
        1 session
        2 state
        3 action
        t.jsonl:4: warning: truncated last line (no newline at the end); ignored
        """)
  }
}
