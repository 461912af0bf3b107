import Foundation

/// Where a `TraceRecorder` writes its lines.
///
/// ```swift
/// let buffer = TraceBuffer()
/// let recorder = TraceRecorder(name: "Counter", to: .memory(buffer))
/// TraceRecorder(name: "Todos", to: .file("/tmp/todos.jsonl"))
/// TraceRecorder(name: "Todos", to: .custom { line in print(line, terminator: "") })
/// ```
public struct TraceSink: Sendable {
  enum Kind: Sendable {
    case file(String)
    case defaultFile
    case standardOutput
    case standardError
    case memory(TraceBuffer)
    case lines(@Sendable (String) -> Void)
  }

  let kind: Kind

  /// Tells sinks apart for `TraceRecorder.shared`: the same file, buffer or stream is one key.
  var registryKey: String {
    switch kind {
    case let .file(path): return TraceDestination.fileKey(path)
    case .defaultFile: return "default"
    case .standardOutput: return "stdout"
    case .standardError: return "stderr"
    case let .memory(buffer): return "memory:\(UInt(bitPattern: ObjectIdentifier(buffer)))"
    case .lines: return "custom"
    }
  }

  /// A file at `path`, created (or emptied) with owner-only permissions (0600). Never followed
  /// through a symbolic link, never written unless it is a regular file, never written while
  /// another process holds its advisory lock: standard error says why and nothing is recorded
  /// (the app goes on). A path refused once stays refused for the process's later recorders (a
  /// child's `.debug()` made after its root was refused never empties the other process's trace).
  /// Recorders of one process writing to one path share it (`docs/log-format.md`, several reducers
  /// in one file).
  public static func file(_ path: String) -> TraceSink { TraceSink(kind: .file(path)) }

  /// A new file in the default directory (see `TraceSink.defaultDirectory`), announced once on
  /// standard error: `tca-trace: recording Todos to /tmp/tca-trace/Todos-20261121-193307-4242-1.jsonl`.
  public static let defaultFile = TraceSink(kind: .defaultFile)

  public static let standardOutput = TraceSink(kind: .standardOutput)
  public static let standardError = TraceSink(kind: .standardError)

  /// Every line (with its `\n`) appended to `buffer`, for tests.
  public static func memory(_ buffer: TraceBuffer) -> TraceSink {
    TraceSink(kind: .memory(buffer))
  }

  /// Every line (with its `\n`) handed to `write`, on the recorder's worker thread, in order.
  public static func custom(_ write: @escaping @Sendable (String) -> Void) -> TraceSink {
    TraceSink(kind: .lines(write))
  }

  /// The environment variable that overrides the default directory: `TCA_TRACE_DIR`.
  public static let directoryVariable = "TCA_TRACE_DIR"

  /// `$TCA_TRACE_DIR` when set and not empty, else `tca-trace` in the temporary directory
  /// (`/tmp/tca-trace` on Linux). When that folder is not a private directory of this user (another
  /// user made it first, or it is a link), recorders use `tca-trace-<uid>` beside it instead.
  public static var defaultDirectory: String {
    defaultDirectory(environment: ProcessInfo.processInfo.environment)
  }

  static func defaultDirectory(environment: [String: String]) -> String {
    if let dir = environment[directoryVariable], !dir.isEmpty { return dir }
    return (NSTemporaryDirectory() as NSString).appendingPathComponent("tca-trace")
  }

  private static let fileCounter = RecorderCounter()

  /// A new file name in `directory`: `Todos-todo-20261121-193307-4242-1.jsonl` (name, prefix,
  /// local start time, process id, a counter that keeps several recorders of one process apart).
  static func defaultPath(name: String, prefix: String, directory: String = defaultDirectory) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "yyyyMMdd-HHmmss"
    var parts = [safeFileName(name)]
    if !prefix.isEmpty { parts.append(safeFileName(prefix)) }
    parts.append(formatter.string(from: Date()))
    parts.append(String(ProcessInfo.processInfo.processIdentifier))
    parts.append(String(fileCounter.next()))
    return (directory as NSString).appendingPathComponent(parts.joined(separator: "-") + ".jsonl")
  }

  private static func safeFileName(_ text: String) -> String {
    String(text.map { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." ? $0 : "_" })
  }
}

/// Collects the lines of a `.memory` sink; safe to read from any thread.
///
/// ```swift
/// let buffer = TraceBuffer()
/// // … record, then recorder.flush()
/// buffer.lines.first  // {"kind":"session","format":1,…}
/// ```
public final class TraceBuffer: @unchecked Sendable {
  private let lock = NSLock()
  private var storage = ""

  public init() {}

  func append(_ line: String) {
    lock.withLock { storage += line }
  }

  /// Everything written so far.
  public var text: String { lock.withLock { storage } }

  /// The lines written so far, without their `\n`.
  public var lines: [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
  }
}

/// A lock-protected counter: 1, 2, 3 …
final class RecorderCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var value = 0
  func next() -> Int {
    lock.withLock {
      value += 1
      return value
    }
  }
}
