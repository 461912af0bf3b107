import Foundation

/// Opens a trace file for writing, safely: never through a symbolic link, never into anything but
/// a regular file with a single name, and never while another process is writing it.
///
/// ```swift
/// TraceFileOpening.open("run.jsonl")      // .success(fd): created or emptied, 0600, locked
/// TraceFileOpening.open("link.jsonl")     // .failure: cannot record to 'link.jsonl': it is a symbolic link …
/// ```
///
/// The steps, in this order so that nothing is truncated before every check passed:
/// 1. `open(O_WRONLY | O_CREAT | O_NOFOLLOW | O_NONBLOCK)`: a link as the last component fails
///    (`ELOOP`), a FIFO without a reader fails instead of blocking the app;
/// 2. `fstat`: only a regular file with one link (a hard link would truncate another name's
///    contents) is written;
/// 3. `flock(LOCK_EX | LOCK_NB)`: an advisory lock, held while the file is open, so a second
///    process recording to the same path gets an error instead of interleaving its lines;
/// 4. `ftruncate(0)` and `fchmod(0600)`: a new trace, readable by its owner only.
enum TraceFileOpening {
  static func open(_ path: String) -> Result<Int32, TraceWriterError> {
    let fd = Foundation.open(path, O_WRONLY | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
    guard fd >= 0 else {
      let code = errno
      if code == ELOOP {
        return .failure(
          TraceWriterError(
            "cannot record to '\(path)': it is a symbolic link, which tca-trace never follows; remove it or choose another path"
          ))
      }
      if code == EISDIR {
        return .failure(TraceWriterError("cannot record to '\(path)': it is not a regular file (a directory)"))
      }
      if code == ENXIO {
        return .failure(TraceWriterError("cannot record to '\(path)': it is not a regular file (a FIFO or socket)"))
      }
      return .failure(TraceWriterError("cannot create '\(path)': \(Platform.errorMessage(code))"))
    }
    func fail(_ message: String) -> Result<Int32, TraceWriterError> {
      _ = Foundation.close(fd)
      return .failure(TraceWriterError("cannot record to '\(path)': \(message)"))
    }
    var info = stat()
    guard fstat(fd, &info) == 0 else { return fail(Platform.errorMessage(errno)) }
    guard (info.st_mode & S_IFMT) == S_IFREG else {
      return fail("it is not a regular file (\(kind(of: info.st_mode)))")
    }
    guard info.st_nlink <= 1 else {
      return fail("it has \(info.st_nlink) hard links; writing would change the other names' contents")
    }
    if flock(fd, LOCK_EX | LOCK_NB) != 0 {
      let code = errno
      if code == EWOULDBLOCK {
        return fail("another process is writing it (it holds the file's advisory lock)")
      }
      return fail("cannot lock it: \(Platform.errorMessage(code))")
    }
    guard ftruncate(fd, 0) == 0 else { return fail(Platform.errorMessage(errno)) }
    _ = fchmod(fd, 0o600)
    let flags = fcntl(fd, F_GETFL)
    if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
    return .success(fd)
  }

  /// `a directory`, `a FIFO`, … for messages.
  private static func kind(of mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFDIR: return "a directory"
    case S_IFCHR: return "a character device"
    case S_IFBLK: return "a block device"
    case S_IFIFO: return "a FIFO"
    case S_IFSOCK: return "a socket"
    default: return "not a plain file"
    }
  }
}
