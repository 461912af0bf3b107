import Foundation

@testable import Debugging

/// Every item of a trace as text: `3 action` for records, the error's description otherwise.
func traceItems(_ reader: TraceReader) -> String {
  var lines: [String] = []
  for item in reader {
    switch item {
    case let .success(line): lines.append("\(line.line) \(line.record.kind.rawValue)")
    case let .failure(error): lines.append(error.description.replacingOccurrences(of: reader.file, with: "t.jsonl"))
    }
  }
  return lines.joined(separator: "\n")
}

func decodeRecord(_ text: String) -> String {
  do {
    let record = try TraceRecord(json: JSONReader.parse(text))
    return JSONWriter.string(record.json)
  } catch let error as TraceDecodingError {
    return "error: \(error.message)"
  } catch {
    return "json error: \(error)"
  }
}
