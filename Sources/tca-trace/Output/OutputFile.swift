import Debugging
import Foundation

/// Where `tca-trace export` and `report` write: standard output for `-`, otherwise a file that is
/// written under a temporary name next to it and renamed into place by `commit()`, so a run that
/// fails half-way (a bad line, a full disk) never leaves half a file behind. A device or a pipe
/// (`-o /dev/null`) is written into directly: a rename would replace the device node.
///
/// ```swift
/// let file = try OutputFile(path: "trace.json", permissions: 0o600, context: context)
/// try file.output.write("{…}")
/// try file.commit()   // trace.json appears, complete
/// ```
package final class OutputFile {
  package let output: TextOutput
  private let path: String
  private let temporaryPath: String?
  private var descriptor: Int32?

  /// Opens the destination; a directory or a file that cannot be created is `Error: cannot
  /// write 'out/': Is a directory` (exit 2), before any input is read.
  package init(path: String, permissions: mode_t, context: CommandContext) throws(CommandLineExit) {
    self.path = path
    guard path != "-" else {
      output = context.output
      temporaryPath = nil
      return
    }
    switch Platform.fileKind(path) {
    case .directory:
      throw .failure("cannot write '\(path)': \(Platform.errorMessage(EISDIR))")
    case .fifo, .other:
      // A device or a pipe (`-o /dev/null`, `-o /dev/stdout`, a FIFO): written into as it is, as a
      // shell redirection does. Renaming a finished file over it would replace the device itself.
      switch Platform.open(path, .replace(permissions: permissions)) {
      case let .success(opened): descriptor = opened
      case let .failure(error): throw .failure("cannot write '\(path)': \(error.message)")
      }
      temporaryPath = nil
      output = TextOutput(descriptor: descriptor!)
      return
    case .missing, .regular:
      break
    }
    let url = URL(fileURLWithPath: path)
    let temporary = url.deletingLastPathComponent()
      .appendingPathComponent(".\(url.lastPathComponent).\(Platform.processID).tmp").path
    let fd: Int32
    switch Platform.open(temporary, .createNew(permissions: permissions)) {
    case let .success(opened): fd = opened
    case let .failure(error): throw .failure("cannot write '\(path)': \(error.message)")
    }
    descriptor = fd
    temporaryPath = temporary
    output = TextOutput(descriptor: fd)
  }

  /// Flushes the output and, for a file, moves it to its final name.
  package func commit() throws {
    try output.flush()
    guard let temporaryPath else {
      if let fd = descriptor, let error = Platform.close(fd) {
        throw CommandLineExit.failure("cannot write '\(path)': \(error.message)")
      }
      descriptor = nil
      return
    }
    guard let fd = descriptor else { return }
    descriptor = nil
    if let error = Platform.close(fd) ?? Platform.rename(temporaryPath, to: path) {
      Platform.remove(temporaryPath)
      throw CommandLineExit.failure("cannot write '\(path)': \(error.message)")
    }
  }

  /// Removes the unfinished file (nothing for standard output).
  package func discard() {
    guard let temporaryPath else {
      if let fd = descriptor { Platform.close(fd) }
      descriptor = nil
      return
    }
    if let fd = descriptor { Platform.close(fd) }
    descriptor = nil
    Platform.remove(temporaryPath)
  }

  deinit { discard() }
}
