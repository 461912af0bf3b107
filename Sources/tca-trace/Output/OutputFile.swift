import Debugging
import Foundation

/// Where `tca-trace export`, `report` and `testgen` write: standard output for `-`, otherwise a
/// file that is written under a temporary name next to it and renamed into place by `commit()`,
/// so a run that fails half-way (a bad line, a full disk) never leaves half a file behind. A
/// device or a pipe (`-o /dev/null`) is written into directly: a rename would replace the device
/// node.
///
/// Every way writing the file fails (opening, writing, closing, renaming) is one error, made in
/// one place (`failure`): `Error: cannot write 'out.json': No space left on device`, exit 2.
/// Standard output fails as it does for every subcommand (`OutputClosed`).
///
/// ```swift
/// let file = try OutputFile(path: "trace.json", permissions: 0o600, context: context)
/// try file.write("{…}")
/// try file.commit()   // trace.json appears, complete
/// ```
package final class OutputFile {
  private let output: TextOutput
  private let path: String
  /// The file written until `commit()` renames it to `path`; nil for standard output, a device or
  /// a pipe, and once renamed.
  private var temporaryPath: String?
  private var descriptor: Int32?
  /// Bytes written since the file's pages were last sent to disk (`startWriteback`).
  private var unsentBytes = 0
  /// The pages are sent to disk every this many bytes, while the file is written.
  static let writebackBytes = 8 << 20

  /// Opens the destination; a directory or a file that cannot be created is `Error: cannot
  /// write 'out/': Is a directory` (exit 2), before any input is read. So is the file `input`
  /// names (by another name too: a link): `report run.jsonl -o run.jsonl` would replace the trace
  /// with its own report.
  package init(path: String, permissions: mode_t, reading input: String? = nil, context: CommandContext)
    throws(CommandLineExit)
  {
    self.path = path
    guard path != "-" else {
      output = context.output
      return
    }
    if let input, input != "-", Platform.fileKind(path) == .regular,
      let written = Platform.identity(ofPath: path), let read = Platform.identity(ofPath: input),
      written.isSameFile(as: read)
    {
      throw Self.failure(path, "it is the trace being read")
    }
    let mode: Platform.OpenMode
    switch Platform.fileKind(path) {
    case .directory:
      throw Self.failure(path, Platform.errorMessage(EISDIR))
    case .fifo, .other:
      // A device or a pipe (`-o /dev/null`, `-o /dev/stdout`, a FIFO): written into as it is, as a
      // shell redirection does. Renaming a finished file over it would replace the device itself.
      mode = .replace(permissions: permissions)
    case .missing, .regular:
      let url = URL(fileURLWithPath: path)
      temporaryPath =
        url.deletingLastPathComponent()
        .appendingPathComponent(".\(url.lastPathComponent).\(Platform.processID).tmp").path
      mode = .createNew(permissions: permissions)
    }
    switch Platform.open(temporaryPath ?? path, mode) {
    case let .success(opened):
      descriptor = opened
      output = TextOutput(descriptor: opened)
    case let .failure(error):
      throw Self.failure(path, error.message)
    }
  }

  /// Appends `text`.
  package func write(_ text: String) throws {
    do { try output.write(text) } catch { throw failure(error) }
    wrote(text.utf8.count)
  }

  /// Appends `bytes`.
  package func write(bytes: [UInt8]) throws {
    do { try output.write(bytes: bytes) } catch { throw failure(error) }
    wrote(bytes.count)
  }

  /// Sends a file to be renamed to disk as it is written, every `writebackBytes`: `rename` over
  /// an existing file would otherwise send it all at once (ext4 does, before it replaces a file).
  private func wrote(_ count: Int) {
    unsentBytes += count
    guard unsentBytes >= Self.writebackBytes, let descriptor, temporaryPath != nil else { return }
    unsentBytes = 0
    Platform.startWriteback(descriptor)
  }

  /// Flushes the output and, for a file, moves it to its final name.
  package func commit() throws {
    do { try output.flush() } catch { throw failure(error) }
    guard let fd = descriptor else { return }
    descriptor = nil
    let temporary = temporaryPath
    temporaryPath = nil
    if let error = Platform.close(fd) ?? temporary.flatMap({ Platform.rename($0, to: path) }) {
      if let temporary { Platform.remove(temporary) }
      throw Self.failure(path, error.message)
    }
  }

  /// Removes the unfinished file (nothing for standard output, a device or a pipe).
  package func discard() {
    if let fd = descriptor { Platform.close(fd) }
    descriptor = nil
    if let temporaryPath { Platform.remove(temporaryPath) }
    temporaryPath = nil
  }

  deinit { discard() }

  /// A write that failed: the file's error, when it was the file's. Standard output's stays
  /// `OutputClosed`, and so does a reader of a pipe going away, which is not an error.
  private func failure(_ error: OutputClosed) -> any Error {
    guard path != "-", let reason = error.reason else { return error }
    return Self.failure(path, reason)
  }

  /// `Error: cannot write 'out.json': No space left on device`, exit 2.
  private static func failure(_ path: String, _ reason: String) -> CommandLineExit {
    .failure("cannot write '\(path)': \(reason)")
  }
}
