import Foundation

// Trace files for tests: a fresh temporary path, a file with given text, a small sample trace.

/// A fresh path in a per-test temporary directory, inside one directory for the whole test
/// process (`testScratchRoot`), which is removed when the process exits: a run of the suite
/// leaves nothing behind in the temporary directory (it used to leave a directory per file).
public func traceTemporaryPath(_ name: String = "trace.jsonl") -> String {
  traceTemporaryDirectory() + "/" + name
}

/// A fresh, empty directory inside this test process's directory (removed at exit).
public func traceTemporaryDirectory() -> String {
  let directory = testScratchRoot + "/\(UUID().uuidString)"
  try! FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
  return directory
}

/// The directory of this test process's files, created on first use and removed at exit.
private let testScratchRoot: String = {
  let root = NSTemporaryDirectory() + "trace-tests-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)"
  try! FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
  atexit { try? FileManager.default.removeItem(atPath: testScratchRoot) }
  return root
}()

/// Writes `text` to a fresh temporary file and returns its path.
public func traceFile(_ text: String, name: String = "trace.jsonl") -> String {
  let path = traceTemporaryPath(name)
  _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
  return path
}

/// A small valid trace: header, initial state, two actions, an effect, an end.
public let sampleTrace = """
  {"kind":"session","format":1,"name":"Todos","prefix":"","start":"2026-11-21T19:33:07.123Z","clock":"monotonic","platform":"Linux x86_64","pid":42,"keyframeInterval":100,"redacted":[]}
  {"kind":"state","seq":0,"t":0,"state":{"todos":[]}}
  {"kind":"action","seq":1,"t":1000,"duration":500,"label":"Todos.Action.addButtonTapped","action":{"$enum":"Todos.Action","addButtonTapped":{}},"patch":[{"op":"add","path":"/todos/-","value":{"title":"Milk","done":false}}]}
  {"kind":"effect","event":"started","effect":1,"seq":1,"t":1600,"label":"Todos.Action.addButtonTapped"}
  {"kind":"effect","event":"output","effect":1,"seq":2,"t":5000,"label":"Todos.Action.saved"}
  {"kind":"action","seq":2,"t":5100,"duration":300,"label":"Todos.Action.saved","effect":1,"action":{"$enum":"Todos.Action","saved":{}},"patch":[{"op":"replace","path":"/todos/0/done","value":true}]}
  {"kind":"effect","event":"finished","effect":1,"t":6000}
  {"kind":"end","t":7000,"actions":2}

  """
