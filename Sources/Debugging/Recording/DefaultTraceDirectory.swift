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
    let candidates = ["tca-trace", "tca-trace-\(geteuid())"].map {
      (temporaryDirectory as NSString).appendingPathComponent($0)
    }
    for candidate in candidates {
      _ = mkdir(candidate, 0o700)
      if isPrivate(candidate) { return .success(candidate) }
    }
    return .failure(TraceWriterError(
      "not recording: \(candidates.joined(separator: " and ")) are not private directories of this user; set \(TraceSink.directoryVariable)"))
  }

  /// Whether `path` is a directory (not a link to one) owned by this user, writable only by it.
  static func isPrivate(_ path: String) -> Bool {
    var info = stat()
    guard lstat(path, &info) == 0 else { return false }
    return (info.st_mode & S_IFMT) == S_IFDIR && info.st_uid == geteuid() && (info.st_mode & 0o022) == 0
  }
}
