import Dispatch
import Foundation

/// SIGTERM and SIGINT with their default action: every recorder writes what is queued and its
/// `end` line, then the signal ends the process as it would have (same signal, same exit status).
///
/// Installed once, by the first recorder made with `TraceRecorderOptions.flushesOnTermination`
/// (the default), and only for a signal whose action is still the default: an app that handles
/// SIGTERM itself keeps its handler (call `TraceRecorder.closeAll()` from it).
enum TerminationFlush {
  private static let lock = NSLock()
  nonisolated(unsafe) private static var installed = false

  static func install() {
    lock.lock()
    defer { lock.unlock() }
    guard !installed else { return }
    installed = true
    let signals = [SIGTERM, SIGINT].filter(hasDefaultAction)
    guard !signals.isEmpty else { return }
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { return }
    terminationPipe = fds[1]
    let readEnd = fds[0]
    // The handler only writes the signal's number into the pipe (async-signal-safe); a thread
    // waiting on the other end does the work.
    let thread = Thread {
      var number: UInt8 = 0
      while read(readEnd, &number, 1) < 0, errno == EINTR {}
      let signal = Int32(number)
      RecorderRegistry.closeAll(timeout: 2)
      Foundation.signal(signal, SIG_DFL)
      raise(signal)
    }
    thread.name = "tca-trace termination"
    thread.start()
    for signal in signals {
      var action = sigaction()
      #if os(Linux)
      action.__sigaction_handler.sa_handler = terminationHandler
      #else
      action.__sigaction_u.__sa_handler = terminationHandler
      #endif
      sigemptyset(&action.sa_mask)
      _ = sigaction(signal, &action, nil)
    }
  }

  private static func hasDefaultAction(_ signal: Int32) -> Bool {
    var current = sigaction()
    guard sigaction(signal, nil, &current) == 0 else { return false }
    #if os(Linux)
    return current.__sigaction_handler.sa_handler == nil
    #else
    return current.__sigaction_u.__sa_handler == nil
    #endif
  }
}

/// The write end of the pipe the signal handler writes to.
nonisolated(unsafe) private var terminationPipe: Int32 = -1

private func terminationHandler(_ signal: Int32) {
  var number = UInt8(truncatingIfNeeded: signal)
  _ = write(terminationPipe, &number, 1)
}
