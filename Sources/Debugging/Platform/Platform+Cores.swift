import Foundation

#if canImport(Glibc)
import Glibc
#endif

extension Platform {
  /// The cores the process may run on: those of the main thread's affinity on Linux
  /// (`taskset -c 0` gives one, where `ProcessInfo` counts every core online), else those
  /// online. Readers size their thread pools by it (`SummarySegments`, `ReportSegments`).
  ///
  /// ```swift
  /// Platform.coreCount  // 2 on a two-core machine; 1 under `taskset -c 0`
  /// ```
  package static let coreCount: Int = {
    #if os(Linux)
    // `pthread_getaffinity_np` is a GNU extension Swift's Glibc module leaves out.
    typealias GetAffinity = @convention(c) (pthread_t, Int, UnsafeMutableRawPointer) -> Int32
    if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pthread_getaffinity_np") {
      let getAffinity = unsafeBitCast(symbol, to: GetAffinity.self)
      // A `cpu_set_t`: 1,024 cores.
      var mask = [UInt8](repeating: 0, count: 128)
      if getAffinity(pthread_self(), mask.count, &mask) == 0 {
        let allowed = mask.reduce(0) { $0 + $1.nonzeroBitCount }
        if allowed > 0 { return allowed }
      }
    }
    return max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    #else
    return ProcessInfo.processInfo.activeProcessorCount
    #endif
  }()
}
