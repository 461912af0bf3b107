import Foundation

/// The few system calls the trace layer needs beyond Foundation, in one place.
enum Platform {
  /// `No such file or directory` for `ENOENT`.
  static func errorMessage(_ code: Int32) -> String {
    String(cString: strerror(code))
  }

  static func sleep(_ duration: Duration) {
    let (seconds, attoseconds) = duration.components
    let micros = seconds * 1_000_000 + attoseconds / 1_000_000_000_000
    usleep(UInt32(clamping: max(micros, 1)))
  }
}
