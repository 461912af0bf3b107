import Debugging
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif os(Windows)
import ucrt
#endif

/// Every operating-system call the command-line tool makes, and every `#if os`, in one place.
///
/// ```swift
/// CLIPlatform.isTerminal(CLIPlatform.standardOutput)  // false when piped into `head`
/// CLIPlatform.terminalColumns(CLIPlatform.standardOutput)  // 120 in a wide terminal
/// ```
package enum CLIPlatform {
  package static let standardInput: Int32 = 0
  package static let standardOutput: Int32 = 1
  package static let standardError: Int32 = 2

  /// What `write` did with a buffer.
  package enum WriteResult: Equatable {
    case written
    /// The reader went away (`EPIPE`): a pipe into `head` that has read enough.
    case closed
    case failed(String)
  }

  /// Writes all of `bytes` to `descriptor`, retrying short writes and interruptions.
  package static func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> WriteResult {
    guard var next = bytes.baseAddress else { return .written }
    var remaining = bytes.count
    while remaining > 0 {
      #if os(Windows)
      let count = Int(_write(descriptor, next, UInt32(min(remaining, Int(Int32.max)))))
      #else
      let count = systemWrite(descriptor, next, remaining)
      #endif
      if count < 0 {
        if errno == EINTR { continue }
        if errno == EPIPE { return .closed }
        return .failed(errorMessage(errno))
      }
      next += count
      remaining -= count
    }
    return .written
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

  /// What is at a path, for clear messages before opening it.
  package enum FileKind: Equatable {
    case missing, directory, regular, fifo, other
  }

  package static func fileKind(_ path: String) -> FileKind {
    var info = stat()
    guard stat(path, &info) == 0 else { return .missing }
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

  /// `No such file or directory` for `ENOENT`.
  package static func errorMessage(_ code: Int32) -> String {
    String(cString: strerror(code))
  }

  /// The current `errno`.
  package static var lastError: Int32 { errno }

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

  /// Sleeps for `milliseconds` (used by `--follow` while waiting for a trace to grow).
  package static func sleep(milliseconds: Int) {
    #if os(Windows)
    Sleep(UInt32(milliseconds))
    #else
    usleep(UInt32(milliseconds) * 1000)
    #endif
  }
}

#if !os(Windows)
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  #if canImport(Darwin)
  return Darwin.write(descriptor, bytes, count)
  #elseif canImport(Glibc)
  return Glibc.write(descriptor, bytes, count)
  #else
  return Musl.write(descriptor, bytes, count)
  #endif
}
#endif
