import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
#if os(Linux)
import Synchronization
#endif

/// A stretch of a regular file mapped read-only, for the long lines of a trace (`LineReader`): a
/// 12 MB state line is read where the kernel already holds it, not zeroed and copied into fresh
/// memory (`show` on a 100,000-todo state: 10 % faster).
///
/// A file that gets shorter while a stretch of it is mapped (an app recording to it again) would
/// end the process with `SIGBUS` when the stretch is read. A handler for `SIGBUS`, installed with
/// the first mapping, instead maps zeros over what is gone and notes it (`wasTruncated`); the
/// reader then reports the file as truncated while it was read. A `SIGBUS` anywhere else goes
/// to the action there was before.
///
/// ```swift
/// let faults = MappedFileFaults()
/// let region = MappedFileRegion(descriptor: fd, offset: 200, count: 12_000_000, faults: faults)
/// region?.bytes.count   // 12_000_000: the file's bytes 200 ..< 12_000_200
/// region?.wasTruncated  // false, unless the file got shorter than what was read of it
/// ```
///
/// Linux only; elsewhere `MappedFileRegion.init` returns `nil` and the reader reads as before.
package final class MappedFileRegion: @unchecked Sendable {
  /// The bytes asked for (after `keepFirst`, those kept).
  package private(set) var bytes: UnsafeRawBufferPointer
  /// The mapping (page-aligned) and its length.
  private let base: UnsafeMutableRawPointer
  private var length: Int
  /// The region's entry in `MappedFileRegistry`.
  private let slot: Int
  private let faults: MappedFileFaults

  /// Maps `count` bytes of the regular file open as `descriptor` from `offset`; `nil` when it
  /// cannot (not Linux, too many regions mapped at once, or `mmap` failed).
  package init?(descriptor: Int32, offset: Int, count: Int, faults: MappedFileFaults) {
    #if os(Linux)
    guard count > 0, offset >= 0 else { return nil }
    let page = MappedFileRegistry.pageSize
    let alignedOffset = offset & ~(page &- 1)
    let length = offset - alignedOffset + count
    guard let mapped = mmap(nil, length, PROT_READ, MAP_PRIVATE, descriptor, off_t(alignedOffset)),
      mapped != MAP_FAILED
    else { return nil }
    let start = Int(bitPattern: mapped)
    guard let slot = MappedFileRegistry.register(start: start, end: start + length, family: faults.family) else {
      munmap(mapped, length)
      return nil
    }
    MappedFiles.note(descriptor)
    self.base = mapped
    self.length = length
    self.slot = slot
    self.faults = faults
    self.bytes = UnsafeRawBufferPointer(start: mapped + (offset - alignedOffset), count: count)
    #else
    return nil
    #endif
  }

  /// How many times, in this process, a mapped region was read where its file had got shorter
  /// (each read zeros there): the tool checks it once it has written its output, since a line
  /// kept after reading ended (a lazily read state) can meet it late.
  package static var truncationsSeen: Int {
    #if os(Linux)
    return MappedFileRegistry.faultCount + changedUnderneath.load(ordering: .relaxed)
    #else
    return 0
    #endif
  }

  /// The files lines were mapped from (in this process) that are no longer what they were then:
  /// shorter, or their first bytes (its header line, with the recording's start time) differ —
  /// another program cut it short or recorded to it again, and a lazily read row mapped from it
  /// may have read the new bytes. A file that only grew (a recording going on) has not changed.
  package static func filesChangedSinceMapped() -> [Platform.FileIdentity] {
    #if os(Linux)
    return MappedFiles.changed()
    #else
    return []
    #endif
  }

  /// Notes a mapped line whose bytes changed after they were checked (a file rewritten in place
  /// by another program, not cut short): counted in `truncationsSeen`.
  package static func noteChangedUnderneath() {
    #if os(Linux)
    changedUnderneath.add(1, ordering: .relaxed)
    #endif
  }

  #if os(Linux)
  private static let changedUnderneath = Atomic<Int>(0)
  #endif

  /// Whether part of the region was gone when it was read (the file got shorter): it read as zeros.
  package var wasTruncated: Bool {
    #if os(Linux)
    return MappedFileRegistry.isTruncated(slot)
    #else
    return false
    #endif
  }

  /// Unmaps the pages past the first `count` bytes of `bytes` (a line found shorter than the
  /// stretch mapped to look for its end).
  package func keepFirst(_ count: Int) {
    #if os(Linux)
    let page = MappedFileRegistry.pageSize
    let needed =
      (base.distance(to: UnsafeMutableRawPointer(mutating: bytes.baseAddress!)) + count + page - 1) & ~(page - 1)
    guard needed < length else { return }
    // Out of the registry first: a fault past `needed` is then no longer taken for this region's.
    MappedFileRegistry.shorten(slot, end: Int(bitPattern: base) + needed)
    munmap(base + needed, length - needed)
    length = needed
    bytes = UnsafeRawBufferPointer(start: bytes.baseAddress, count: count)
    #endif
  }

  deinit {
    #if os(Linux)
    if wasTruncated { faults.noteTruncatedRegionFreed() }
    MappedFileRegistry.unregister(slot)
    munmap(base, length)
    #endif
  }
}

/// What a reader asks of the regions it mapped: whether any of them (alive, or freed since) was
/// read after the file got shorter. Regions hold it; its identity tells the registry whose they are.
package final class MappedFileFaults: @unchecked Sendable {
  #if os(Linux)
  private let freedTruncated = Atomic<Bool>(false)
  /// The fault count last looked at (`MappedFileRegistry.faultCount`).
  private let seenFaults = Atomic<Int>(0)
  #endif

  package init() {}

  /// This object's address, which its regions carry into the registry.
  fileprivate var family: Int { Int(bitPattern: Unmanaged.passUnretained(self).toOpaque()) }

  fileprivate func noteTruncatedRegionFreed() {
    #if os(Linux)
    freedTruncated.store(true, ordering: .relaxed)
    #endif
  }

  /// Whether a region of this family read zeros for a part of its file that was gone. One atomic
  /// load while no `SIGBUS` has happened in the process.
  package var anyTruncated: Bool {
    #if os(Linux)
    if freedTruncated.load(ordering: .relaxed) { return true }
    let count = MappedFileRegistry.faultCount
    guard count != seenFaults.load(ordering: .relaxed) else { return false }
    if MappedFileRegistry.anyTruncated(family: family) { return true }
    seenFaults.store(count, ordering: .relaxed)
    return false
    #else
    return false
    #endif
  }
}

#if os(Linux)
/// The regions mapped at once (at most `capacity`), in fixed memory the `SIGBUS` handler reads
/// without allocating: each slot's start and end address (start 0: free), the address of its
/// `MappedFileFaults`, and whether it faulted.
private enum MappedFileRegistry {
  static let capacity = 64
  static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
  private static let fields = 4
  nonisolated(unsafe) private static let slots: UnsafeMutablePointer<Atomic<Int>> = {
    let memory = UnsafeMutablePointer<Atomic<Int>>.allocate(capacity: capacity * fields)
    for i in 0..<capacity * fields { (memory + i).initialize(to: Atomic(0)) }
    return memory
  }()
  private static let faults = Atomic<Int>(0)
  static let installed = Atomic<Bool>(false)

  private static func start(_ slot: Int) -> UnsafeMutablePointer<Atomic<Int>> { slots + slot * fields }
  private static func end(_ slot: Int) -> UnsafeMutablePointer<Atomic<Int>> { slots + slot * fields + 1 }
  private static func family(_ slot: Int) -> UnsafeMutablePointer<Atomic<Int>> { slots + slot * fields + 2 }
  private static func faulted(_ slot: Int) -> UnsafeMutablePointer<Atomic<Int>> { slots + slot * fields + 3 }

  /// `SIGBUS`es taken for mapped regions so far.
  static var faultCount: Int { faults.load(ordering: .acquiring) }

  static func register(start address: Int, end: Int, family owner: Int) -> Int? {
    installHandler()
    for slot in 0..<capacity {
      guard
        start(slot).pointee.compareExchange(expected: 0, desired: address, ordering: .acquiringAndReleasing).exchanged
      else { continue }
      family(slot).pointee.store(owner, ordering: .releasing)
      faulted(slot).pointee.store(0, ordering: .releasing)
      self.end(slot).pointee.store(end, ordering: .releasing)
      return slot
    }
    return nil
  }

  static func shorten(_ slot: Int, end: Int) { self.end(slot).pointee.store(end, ordering: .releasing) }

  static func unregister(_ slot: Int) {
    end(slot).pointee.store(0, ordering: .releasing)
    family(slot).pointee.store(0, ordering: .releasing)
    start(slot).pointee.store(0, ordering: .releasing)
  }

  static func isTruncated(_ slot: Int) -> Bool { faulted(slot).pointee.load(ordering: .acquiring) != 0 }

  static func anyTruncated(family owner: Int) -> Bool {
    (0..<capacity).contains { family($0).pointee.load(ordering: .acquiring) == owner && isTruncated($0) }
  }

  /// In the `SIGBUS` handler: maps zeros over `address`'s page to the end of its region and
  /// notes the fault; `false` when no region holds `address`.
  static func fillWithZeros(at address: Int) -> Bool {
    for slot in 0..<capacity {
      let regionStart = start(slot).pointee.load(ordering: .acquiring)
      let regionEnd = end(slot).pointee.load(ordering: .acquiring)
      // (`start` again: a slot freed and taken again between the two loads is not read whole.)
      guard regionStart != 0, address >= regionStart, address < regionEnd,
        start(slot).pointee.load(ordering: .acquiring) == regionStart
      else { continue }
      let page = address & ~(pageSize &- 1)
      let zeros = mmap(
        UnsafeMutableRawPointer(bitPattern: page), regionEnd - page, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED,
        -1, 0)
      guard zeros != MAP_FAILED else { return false }
      faulted(slot).pointee.store(1, ordering: .releasing)
      faults.add(1, ordering: .releasing)
      return true
    }
    return false
  }

  /// Installs the handler once; the action it replaces is kept for the faults that are not ours.
  private static func installHandler() {
    // Every static the handler reads is made now: none is first made inside the handler.
    _ = previousBusErrorAction
    _ = slots
    _ = pageSize
    _ = faults.load(ordering: .relaxed)
    guard installed.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else {
      return
    }
    var action = sigaction()
    action.__sigaction_handler.sa_sigaction = busErrorHandler
    action.sa_flags = SA_SIGINFO
    sigemptyset(&action.sa_mask)
    _ = sigaction(SIGBUS, &action, previousBusErrorAction)
  }
}

/// The files lines were mapped from, each once (by device and inode): a descriptor of its own
/// (`dup`), its size and its first bytes when first mapped, for `filesChangedSinceMapped()`.
private enum MappedFiles {
  private struct File {
    let descriptor: Int32
    let device: UInt64, inode: UInt64
    let size: Int64
    let head: [UInt8]
  }
  private static let lock = NSLock()
  nonisolated(unsafe) private static var files: [File] = []
  /// The first bytes kept: a trace's header line, with its start time and process id.
  private static let headSize = 4096

  static func note(_ descriptor: Int32) {
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return }
    let device = UInt64(info.st_dev), inode = UInt64(info.st_ino)
    lock.lock()
    defer { lock.unlock() }
    guard !files.contains(where: { $0.device == device && $0.inode == inode }) else { return }
    let copy = fcntl(descriptor, F_DUPFD_CLOEXEC, 0)
    guard copy >= 0 else { return }
    let head = firstBytes(copy, count: min(headSize, Int(info.st_size)))
    files.append(File(descriptor: copy, device: device, inode: inode, size: Int64(info.st_size), head: head))
  }

  static func changed() -> [Platform.FileIdentity] {
    lock.lock()
    defer { lock.unlock() }
    return files.compactMap { file in
      var info = stat()
      let size = fstat(file.descriptor, &info) == 0 ? Int64(info.st_size) : -1
      guard size < file.size || firstBytes(file.descriptor, count: file.head.count) != file.head else { return nil }
      return Platform.FileIdentity(device: file.device, inode: file.inode, size: size)
    }
  }

  private static func firstBytes(_ descriptor: Int32, count: Int) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: count)
    let got = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, 0) }
    return got == count ? bytes : []
  }
}

/// The action for `SIGBUS` before the handler was installed (written before it is). Fixed
/// memory, not a global variable: the handler reads it without an exclusivity check.
nonisolated(unsafe) private let previousBusErrorAction: UnsafeMutablePointer<sigaction> = {
  let memory = UnsafeMutablePointer<sigaction>.allocate(capacity: 1)
  memory.initialize(to: sigaction())
  return memory
}()

private func busErrorHandler(_ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _: UnsafeMutableRawPointer?) {
  // A fault the kernel raised (`si_code` > 0; one sent with `kill` has none, and no address).
  let fromKernel = (info?.pointee.si_code ?? 0) > 0
  let address = fromKernel ? info.map { Int(bitPattern: $0.pointee._sifields._sigfault.si_addr) } ?? 0 : 0
  if address != 0, MappedFileRegistry.fillWithZeros(at: address) { return }
  // Not a mapped region's: the previous action takes it — a fault when the instruction runs
  // again, a signal sent as it was (and the next mapping installs the handler again).
  _ = sigaction(SIGBUS, previousBusErrorAction, nil)
  MappedFileRegistry.installed.store(false, ordering: .releasing)
  if !fromKernel { raise(SIGBUS) }
}
#endif
