import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif os(Windows)
import ucrt
#endif

/// Every operating-system call the package makes, and every `#if os`, in one place: the trace
/// writer and reader, the recorder's default directory, and the command-line tool's terminal and
/// output files all go through it.
///
/// ```swift
/// Platform.isTerminal(Platform.standardOutput)       // false when piped into `head`
/// Platform.terminalColumns(Platform.standardOutput)  // 120 in a wide terminal
/// Platform.open("run.jsonl", .read)                  // .failure(SystemError(code: ENOENT))
/// ```
package enum Platform {
  package static let standardInput: Int32 = 0
  package static let standardOutput: Int32 = 1
  package static let standardError: Int32 = 2

  // MARK: - Errors

  /// A failed system call's `errno`, and its message (`No such file or directory`).
  package struct SystemError: Error, Equatable, Sendable {
    package var code: Int32
    package init(code: Int32) { self.code = code }
    package var message: String { Platform.errorMessage(code) }
  }

  /// `No such file or directory` for `ENOENT`.
  package static func errorMessage(_ code: Int32) -> String {
    String(cString: strerror(code))
  }

  // MARK: - Files

  /// How `open` opens a path.
  package enum OpenMode: Equatable, Sendable {
    /// Reading only.
    case read
    /// Creates the file or truncates it, for writing; an existing regular file gets
    /// `permissions` too (its mode would otherwise survive the truncation).
    case replace(permissions: mode_t)
    /// Creates a file that must not exist yet, not even as a symbolic link, for writing: for
    /// files in shared directories, where an existing name may be a trap.
    case createNew(permissions: mode_t)
  }

  /// Opens `path`; the descriptor is closed on `exec`.
  package static func open(_ path: String, _ mode: OpenMode) -> Result<Int32, SystemError> {
    let descriptor: Int32 =
      switch mode {
      case .read: systemOpen(path, O_RDONLY | O_CLOEXEC, 0)
      case let .replace(permissions): systemOpen(path, O_CREAT | O_WRONLY | O_TRUNC | O_CLOEXEC, permissions)
      case let .createNew(permissions):
        systemOpen(path, O_CREAT | O_EXCL | O_NOFOLLOW | O_WRONLY | O_CLOEXEC, permissions)
      }
    guard descriptor >= 0 else { return .failure(SystemError(code: errno)) }
    if case let .replace(permissions) = mode, kind(of: descriptor) == .regular {
      _ = fchmod(descriptor, permissions)
    }
    return .success(descriptor)
  }

  /// Reads up to `count` bytes into `buffer`: how many were read (0 at the end of the input).
  /// Interrupted reads are retried; `EAGAIN` (a non-blocking descriptor with nothing yet) is an
  /// error the caller may wait on.
  package static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawPointer, count: Int) -> Result<
    Int, SystemError
  > {
    while true {
      let result = systemRead(descriptor, buffer, count)
      if result >= 0 { return .success(result) }
      if errno == EINTR { continue }
      return .failure(SystemError(code: errno))
    }
  }

  /// Writes all of `bytes` to `descriptor`, retrying short writes and interruptions: how many
  /// bytes were written, and the error that stopped it, if any.
  package static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> (
    written: Int, error: SystemError?
  ) {
    guard let start = bytes.baseAddress else { return (0, nil) }
    var written = 0
    while written < bytes.count {
      let count = systemWrite(descriptor, start + written, bytes.count - written)
      if count < 0 {
        if errno == EINTR { continue }
        return (written, SystemError(code: errno))
      }
      written += count
    }
    return (written, nil)
  }

  /// What `write` did with a buffer.
  package enum WriteResult: Equatable {
    case written
    /// The reader went away (`EPIPE`): a pipe into `head` that has read enough.
    case closed
    case failed(String)
  }

  /// Writes all of `bytes` to `descriptor`, retrying short writes and interruptions.
  package static func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> WriteResult {
    guard let error = writeAll(descriptor, bytes).error else { return .written }
    return error.code == EPIPE ? .closed : .failed(error.message)
  }

  /// Cuts the file at `descriptor` to `length` bytes and moves its position there; whether it could.
  @discardableResult
  package static func truncate(_ descriptor: Int32, to length: Int) -> Bool {
    ftruncate(descriptor, off_t(length)) == 0 && lseek(descriptor, off_t(length), SEEK_SET) >= 0
  }

  /// Moves `descriptor`'s read position to `offset` from the start; whether it could.
  package static func seek(_ descriptor: Int32, to offset: Int) -> Bool {
    lseek(descriptor, off_t(offset), SEEK_SET) == off_t(offset)
  }

  /// The read position of `descriptor` (bytes from the start of its file); `nil` for a pipe or
  /// a terminal.
  package static func position(of descriptor: Int32) -> Int? {
    let position = lseek(descriptor, 0, SEEK_CUR)
    return position < 0 ? nil : Int(position)
  }

  /// Reads up to `count` bytes at `offset` without moving the read position; how many, or `nil`
  /// on an error.
  package static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawPointer?, count: Int, at offset: Int)
    -> Int?
  {
    let got = pread(descriptor, buffer, count, off_t(offset))
    return got < 0 ? nil : got
  }

  /// Closes `descriptor`; the error, if closing failed (a delayed write error on some systems).
  @discardableResult
  package static func close(_ descriptor: Int32) -> SystemError? {
    systemClose(descriptor) == 0 ? nil : SystemError(code: errno)
  }

  /// Removes the file at `path` (nothing when there is none).
  package static func remove(_ path: String) {
    _ = unlink(path)
  }

  /// Moves `source` to `destination`, replacing it.
  package static func rename(_ source: String, to destination: String) -> SystemError? {
    systemRename(source, destination) == 0 ? nil : SystemError(code: errno)
  }

  /// What is at a path, for clear messages before opening it.
  package enum FileKind: Equatable {
    case missing, directory, regular, fifo, other
  }

  /// What is at `path` (following symbolic links).
  package static func fileKind(_ path: String) -> FileKind {
    var info = stat()
    guard stat(path, &info) == 0 else { return .missing }
    return kind(of: info)
  }

  /// What an open descriptor refers to.
  /// What `path` names (following symbolic links), without opening it: opening a FIFO to look
  /// would wait for its writer.
  package static func kind(ofPath path: String) -> FileKind {
    var info = stat()
    guard stat(path, &info) == 0 else { return .missing }
    return kind(of: info)
  }

  package static func kind(of descriptor: Int32) -> FileKind {
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return .missing }
    return kind(of: info)
  }

  /// Which file a path or descriptor is, and how long it is: `tail -F` compares them to notice
  /// a file replaced (another identity) or truncated (shorter than what was read).
  package struct FileIdentity: Equatable {
    package var device: UInt64
    package var inode: UInt64
    package var size: Int64
    package func isSameFile(as other: FileIdentity) -> Bool { device == other.device && inode == other.inode }
  }

  package static func identity(of descriptor: Int32) -> FileIdentity? {
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return nil }
    return FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size))
  }

  package static func identity(ofPath path: String) -> FileIdentity? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size))
  }

  /// Moves a descriptor's offset back to the start of its file.
  package static func rewind(_ descriptor: Int32) {
    _ = lseek(descriptor, 0, SEEK_SET)
  }

  private static func kind(of info: stat) -> FileKind {
    #if os(Windows)
    let type = Int32(info.st_mode) & S_IFMT
    if type == S_IFDIR { return .directory }
    if type == S_IFREG { return .regular }
    return .other
    #else
    switch info.st_mode & S_IFMT {
    case S_IFDIR: return .directory
    case S_IFREG: return .regular
    case S_IFIFO: return .fifo
    default: return .other
    }
    #endif
  }

  /// Creates the directory `path` with `permissions` (nothing when it exists).
  package static func makeDirectory(_ path: String, permissions: mode_t) {
    _ = mkdir(path, permissions)
  }

  /// Whether `path` is a directory (not a link to one) owned by this user, writable only by it.
  package static func isPrivateDirectory(_ path: String) -> Bool {
    var info = stat()
    guard lstat(path, &info) == 0 else { return false }
    return (info.st_mode & S_IFMT) == S_IFDIR && info.st_uid == geteuid() && (info.st_mode & 0o022) == 0
  }

  /// The effective user id (`1000`), for per-user directory names.
  package static var userID: UInt32 { UInt32(geteuid()) }

  /// This process's id.
  package static var processID: Int32 { getpid() }

  // MARK: - Process and terminal

  /// `Linux x86_64`, `macOS arm64`: the system and architecture a trace was recorded on.
  package static var systemName: String {
    #if os(Linux)
    let system = "Linux"
    #elseif os(macOS)
    let system = "macOS"
    #elseif os(iOS)
    let system = "iOS"
    #else
    let system = "unknown"
    #endif
    #if arch(x86_64)
    return system + " x86_64"
    #elseif arch(arm64)
    return system + " arm64"
    #else
    return system
    #endif
  }

  /// Ignores `SIGPIPE` so that a reader going away shows up as `EPIPE` from `write`, which the
  /// output stops on quietly (`tca-trace show big.jsonl | head` exits 0 with nothing on stderr).
  package static func ignoreBrokenPipeSignal() {
    #if !os(Windows)
    signal(SIGPIPE, SIG_IGN)
    #endif
  }

  /// Whether `descriptor` is a terminal.
  package static func isTerminal(_ descriptor: Int32) -> Bool {
    #if os(Windows)
    return _isatty(descriptor) != 0
    #else
    return isatty(descriptor) != 0
    #endif
  }

  /// The width of the terminal on `descriptor`, or `nil` when it is not a terminal.
  package static func terminalColumns(_ descriptor: Int32) -> Int? {
    #if os(Windows)
    return nil
    #else
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
    #endif
  }

  /// The value of an environment variable.
  package static func environment(_ name: String) -> String? {
    guard let value = getenv(name) else { return nil }
    return String(cString: value)
  }

  /// Ends the process with `code`.
  package static func exit(_ code: Int32) -> Never {
    #if canImport(Darwin)
    Darwin.exit(code)
    #elseif canImport(Glibc)
    Glibc.exit(code)
    #elseif canImport(Musl)
    Musl.exit(code)
    #else
    ucrt.exit(code)
    #endif
  }

  /// Sleeps for `milliseconds` (`--follow` while waiting for a trace to grow).
  package static func sleep(milliseconds: Int) {
    #if os(Windows)
    Sleep(UInt32(milliseconds))
    #else
    usleep(UInt32(milliseconds) * 1000)
    #endif
  }

  /// Sleeps for `duration` (at least a microsecond).
  package static func sleep(_ duration: Duration) {
    let (seconds, attoseconds) = duration.components
    let micros = seconds * 1_000_000 + attoseconds / 1_000_000_000_000
    usleep(UInt32(clamping: max(micros, 1)))
  }
}

// The C functions under the names `Platform`'s own members take.
#if canImport(Darwin)
private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { Darwin.open(path, flags, mode) }
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
  Darwin.read(fd, buffer, count)
}
private func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int { Darwin.write(fd, bytes, count) }
private func systemClose(_ fd: Int32) -> Int32 { Darwin.close(fd) }
private func systemRename(_ old: String, _ new: String) -> Int32 { Darwin.rename(old, new) }
#elseif canImport(Glibc)
private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { Glibc.open(path, flags, mode) }
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
  Glibc.read(fd, buffer, count)
}
private func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int { Glibc.write(fd, bytes, count) }
private func systemClose(_ fd: Int32) -> Int32 { Glibc.close(fd) }
private func systemRename(_ old: String, _ new: String) -> Int32 { Glibc.rename(old, new) }
#elseif canImport(Musl)
private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { Musl.open(path, flags, mode) }
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
  Musl.read(fd, buffer, count)
}
private func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int { Musl.write(fd, bytes, count) }
private func systemClose(_ fd: Int32) -> Int32 { Musl.close(fd) }
private func systemRename(_ old: String, _ new: String) -> Int32 { Musl.rename(old, new) }
#elseif os(Windows)
private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { _open(path, flags, Int32(mode)) }
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
  Int(_read(fd, buffer, UInt32(min(count, Int(Int32.max)))))
}
private func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  Int(_write(fd, bytes, UInt32(min(count, Int(Int32.max)))))
}
private func systemClose(_ fd: Int32) -> Int32 { _close(fd) }
private func systemRename(_ old: String, _ new: String) -> Int32 { ucrt.rename(old, new) }
#endif
