import Foundation
import TraceTestSupport

/// A fresh directory under the system's temporary directory, removed when released (or, for one
/// a `static let` keeps, when the test process exits: `traceTemporaryDirectory()`).
///
/// ```swift
/// let directory = TemporaryDirectory()
/// let path = directory.file("log.jsonl", contents: "{\"kind\":\"end\",\"t\":0,\"actions\":0}\n")
/// ```
final class TemporaryDirectory: @unchecked Sendable {
  let url: URL

  init() {
    url = URL(fileURLWithPath: traceTemporaryDirectory())
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }

  /// Writes `contents` to a file in this directory and returns its path.
  func file(_ name: String, contents: String) -> String {
    file(name, data: Data(contents.utf8))
  }

  func file(_ name: String, data: Data) -> String {
    let fileURL = url.appendingPathComponent(name)
    try? data.write(to: fileURL)
    return fileURL.path
  }

  func path(_ name: String) -> String { url.appendingPathComponent(name).path }
}
