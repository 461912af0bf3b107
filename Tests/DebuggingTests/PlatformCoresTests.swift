import Foundation
import Testing

@testable import Debugging

@Suite struct PlatformCoresTests {
  /// `Platform.coreCount` is the number of cores in the process's affinity, as the kernel lists
  /// them in `/proc/self/status` (`Cpus_allowed_list: 0-1,4`).
  @Test func coreCountIsTheAffinitysCores() throws {
    #if os(Linux)
    let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
    let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("Cpus_allowed_list:") })
    let list = line.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)
    let cores = list.split(separator: ",").reduce(0) { count, part in
      let bounds = part.split(separator: "-").compactMap { Int($0) }
      return count + (bounds.count == 2 ? bounds[1] - bounds[0] + 1 : 1)
    }
    #expect(Platform.coreCount == cores)
    #else
    #expect(Platform.coreCount == ProcessInfo.processInfo.activeProcessorCount)
    #endif
  }
}
