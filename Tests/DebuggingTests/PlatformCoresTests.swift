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

/// A thread the readers start (`Platform.startThreadOnAnotherCore`) finds its `malloc` heap
/// usable well past what it allocated (`reserveThreadHeap`): glibc would otherwise grow it a
/// page at a time, one `mprotect` each. Seen in `/proc/self/maps`: the writable mapping that
/// holds the thread's first allocation reaches at least 900 KB past it (132 KB without).
@Suite struct ThreadHeapReserveTests {
  /// (Tests run in parallel share glibc's arenas once there are more threads than arenas, and
  /// another thread may take the reserved room first: up to five threads are asked, one must see
  /// it. Without the reserve each sees its heap's first 132 KB.)
  @Test func aReaderThreadsHeapIsUsableAhead() async throws {
    #if os(Linux)
    var rooms: [Int] = []
    for _ in 0..<5 {
      let room = await withCheckedContinuation { (done: CheckedContinuation<Int?, Never>) in
        Platform.startThreadOnAnotherCore {
          let block = malloc(64)!
          defer { free(block) }
          done.resume(returning: Self.writableRoom(after: UInt(bitPattern: block)))
        }
      }
      rooms.append(try #require(room))
      if rooms.last! >= 900 << 10 { break }
    }
    #expect(rooms.contains { $0 >= 900 << 10 }, "\(rooms)")
    #endif
  }

  /// How far the writable mapping holding `address` reaches past it (`/proc/self/maps`).
  static func writableRoom(after address: UInt) -> Int? {
    guard let maps = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8) else { return nil }
    for line in maps.split(separator: "\n") {
      let fields = line.split(separator: " ")
      let bounds = fields[0].split(separator: "-").compactMap { UInt($0, radix: 16) }
      guard bounds.count == 2, bounds[0] <= address, address < bounds[1] else { continue }
      return fields[1].hasPrefix("rw") ? Int(bounds[1] - address) : nil
    }
    return nil
  }
}
