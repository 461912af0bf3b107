/// One record read from a trace, with its 1-based line number.
public struct TraceLine: Sendable, Hashable {
  public var line: Int
  public var record: TraceRecord
  public init(line: Int, record: TraceRecord) {
    self.line = line
    self.record = record
  }
}

/// Reads a trace as records, each fully decoded (values stay `JSON`), or errors with their line.
///
/// The first line must be a session header with a supported format; otherwise the reader yields
/// that error and stops. Any other bad line is yielded as an error and reading goes on. A last line
/// without `\n` is a warning and is not decoded (an error when it is the only line: no header).
///
/// ```swift
/// for item in try TraceReader(path: "run.jsonl") {
///   switch item {
///   case let .success(line): print(line.line, line.record.kind)
///   case let .failure(error): print(error)
///   }
/// }
/// ```
/// ```text
/// 1 session
/// 2 state
/// run.jsonl:3:14: error: unterminated string
/// ```
public final class TraceReader: Sequence, IteratorProtocol {
  public let lines: LineReader
  /// The header, once the first line was read.
  public private(set) var session: TraceSession?
  private var stopped = false

  public init(path: String, follow: LineReader.Follow? = nil) throws(LineReaderError) {
    lines = try LineReader(path: path, follow: follow)
  }

  public init(lines: LineReader) {
    self.lines = lines
  }

  /// The file name used in errors.
  public var file: String { lines.name }

  public func next() -> Result<TraceLine, TraceError>? {
    guard !stopped else { return nil }
    let parsed: LineParse?
    do {
      parsed = try lines.nextLine(LineParse.init)
    } catch {
      stopped = true
      return .failure(TraceError(file: file, line: 0, message: error.message))
    }
    guard let parsed else {
      stopped = true
      if lines.lineNumber == 0 { return .failure(TraceError(file: file, line: 1, message: TraceMessages.empty)) }
      return nil
    }
    let number = parsed.number
    let result: Result<TraceRecord, TraceError>
    switch parsed.outcome {
    case .truncated:
      if number == 1 {
        stopped = true
        return .failure(TraceError(file: file, line: 1, message: TraceMessages.truncatedHeader))
      }
      return .failure(TraceError(file: file, line: number, severity: .warning, message: TraceMessages.truncated))
    case .syntax(let error):
      result = .failure(TraceError(file: file, line: number, column: error.column, message: error.message))
    case .empty:
      result = .failure(TraceError(file: file, line: number, message: TraceMessages.emptyLine))
    case .json(let json):
      do {
        result = .success(try TraceRecord(json: json))
      } catch {
        result = .failure(TraceError(file: file, line: number, message: error.message))
      }
    }
    return check(result, line: number)
  }

  /// Enforces "the header first, and only first".
  private func check(_ result: Result<TraceRecord, TraceError>, line: Int) -> Result<TraceLine, TraceError> {
    switch result {
    case let .failure(error):
      if line == 1 { stopped = true }
      return .failure(error)
    case let .success(record):
      if line == 1 {
        guard case let .session(header) = record else {
          stopped = true
          return .failure(TraceError(file: file, line: 1, message: TraceMessages.headerExpected(found: record.kind.rawValue)))
        }
        session = header
      } else if record.kind == .session {
        return .failure(TraceError(file: file, line: line, message: TraceMessages.headerAgain))
      }
      return .success(TraceLine(line: line, record: record))
    }
  }
}

/// What one raw line turned out to be.
struct LineParse {
  enum Outcome {
    case json(JSON)
    case syntax(JSONError)
    case empty
    case truncated
  }

  var number: Int
  var outcome: Outcome

  static func isBlank(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard let first = bytes.first else { return true }
    guard first == 0x20 || first == 0x09 || first == 0x0D else { return false }
    return bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
  }

  init(_ view: LineReader.View) {
    number = view.number
    if view.isTruncated {
      outcome = .truncated
    } else if LineParse.isBlank(view.bytes) {
      outcome = .empty
    } else {
      do {
        outcome = .json(try JSONReader.parse(view.bytes))
      } catch {
        outcome = .syntax(error)
      }
    }
  }
}
