import Foundation

/// Chooses the directory `.debug()`'s default file goes to, safely on a machine shared by several
/// users.
///
/// `$TCA_TRACE_DIR`, when set, is used as given (created 0700 if missing). Otherwise the first of
/// `<tmp>/tca-trace` and `<tmp>/tca-trace-<uid>` that is a real directory (not a symbolic link),
/// owned by this user and writable by nobody else: another user who created `/tmp/tca-trace` first
/// cannot see, replace or plant links among our traces. Files in it are created new
/// (`O_EXCL | O_NOFOLLOW`), never opened through a link.
///
/// ```swift
/// DefaultTraceDirectory.choose(environment: [:], temporaryDirectory: "/tmp")
/// // .success("/tmp/tca-trace"), or .success("/tmp/tca-trace-1000") when /tmp/tca-trace is not ours
/// ```
enum DefaultTraceDirectory {
  static func choose(
    environment: [String: String] = ProcessInfo.processInfo.environment,
    temporaryDirectory: String = NSTemporaryDirectory()
  ) -> Result<String, TraceWriterError> {
    if let directory = environment[TraceSink.directoryVariable], !directory.isEmpty {
      try? FileManager.default.createDirectory(
        atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
      return .success(directory)
    }
    guard Platform.fileKind(temporaryDirectory) == .directory else {
      // (`TMPDIR` naming a directory that is not there: the candidates below cannot be made.)
      return .failure(
        TraceWriterError(
          "not recording: the temporary directory \(temporaryDirectory) does not exist; set \(TraceSink.directoryVariable) or TMPDIR to a directory"
        ))
    }
    let candidates = ["tca-trace", "tca-trace-\(Platform.userID)"].map {
      (temporaryDirectory as NSString).appendingPathComponent($0)
    }
    for candidate in candidates {
      Platform.makeDirectory(candidate, permissions: 0o700)
      if Platform.isPrivateDirectory(candidate) { return .success(candidate) }
    }
    return .failure(
      TraceWriterError(
        "not recording: \(candidates.joined(separator: " and ")) are not private directories of this user; set \(TraceSink.directoryVariable)"
      ))
  }
}
