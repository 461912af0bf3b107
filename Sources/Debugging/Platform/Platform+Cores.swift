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

extension Platform {
  /// Starts `body` on a new thread, on Linux on a core other than the caller's when the process
  /// may run on one: left to itself, the scheduler of a small virtual machine often starts a new
  /// thread on its creator's core and moves it a millisecond or two later, which is the whole of
  /// the work a reader gives it (`quickScanElements`). Elsewhere, or when that fails, a plain
  /// `Thread`.
  ///
  /// ```swift
  /// Platform.startThreadOnAnotherCore { scanSecondHalf() }
  /// ```
  ///
  /// `reservesHeap`: the thread first makes room in its `malloc` heap (`reserveThreadHeap`); a
  /// thread that allocates next to nothing (a byte search) starts without that work.
  package static func startThreadOnAnotherCore(
    stackSize: Int? = nil, reservesHeap: Bool = true, _ body: @escaping @Sendable () -> Void
  ) {
    let task = body
    let body: @Sendable () -> Void = { @Sendable in
      if reservesHeap { reserveThreadHeap() }
      task()
    }
    #if os(Linux)
    if startPinnedThread(stackSize: stackSize, body) { return }
    #endif
    let thread = Thread(block: body)
    if let stackSize { thread.stackSize = stackSize }
    thread.start()
  }

  /// How much of its heap a new thread makes usable before it starts (`reserveThreadHeap`).
  package static let threadHeapReserve = 1 << 20

  /// Makes `threadHeapReserve` bytes of this thread's `malloc` heap usable at once (Linux; a
  /// no-op elsewhere). glibc grows a thread's heap (not the main thread's) by what each allocation
  /// lacks, a page at a time, each an `mprotect` that also flushes the other core's address
  /// translations: reading the 12 MB state line of 100,000 todos made 288 of them. Blocks under
  /// the `mmap` threshold (128 KB) are taken, so the heap grows in a few steps, and freed: the
  /// room stays usable (`keepsHeapTops`), so later growth within it needs no system call.
  static func reserveThreadHeap() {
    #if os(Linux)
    _ = keepsHeapTops
    let block = 120 << 10
    var blocks: [UnsafeMutableRawPointer] = []
    blocks.reserveCapacity(threadHeapReserve / block + 1)
    for _ in 0..<(threadHeapReserve / block) {
      guard let taken = malloc(block) else { break }
      blocks.append(taken)
    }
    for taken in blocks.reversed() { free(taken) }
    #endif
  }

  #if os(Linux)
  /// Once: a heap's free room at its top is given back to the system (`madvise`, another flush)
  /// only past `threadHeapReserve` (`M_TOP_PAD`), not past 128 KB: the reserve is not given
  /// back the moment it is freed, nor the room a thread frees as it goes.
  private static let keepsHeapTops: Void = {
    // (`mallopt` and `M_TOP_PAD`, -2, are left out of Swift's Glibc module.)
    typealias SetMallocOption = @convention(c) (Int32, Int32) -> Int32
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
    _ = unsafeBitCast(symbol, to: SetMallocOption.self)(-2, Int32(threadHeapReserve))
  }()
  #endif

  #if os(Linux)
  private final class ThreadBody {
    let body: @Sendable () -> Void
    /// The caller's cores, given back to the thread once it runs (it then moves as any thread).
    let cores: [UInt8]
    let setAffinity: SetAffinity
    init(_ body: @escaping @Sendable () -> Void, cores: [UInt8], setAffinity: SetAffinity) {
      self.body = body
      self.cores = cores
      self.setAffinity = setAffinity
    }
  }

  // GNU extensions Swift's Glibc module leaves out.
  private typealias CurrentCPU = @convention(c) () -> Int32
  private typealias GetAffinity = @convention(c) (pthread_t, Int, UnsafeMutableRawPointer) -> Int32
  private typealias SetAffinity = @convention(c) (pthread_t, Int, UnsafeRawPointer) -> Int32
  private typealias SetAttributeAffinity =
    @convention(c) (UnsafeMutablePointer<pthread_attr_t>, Int, UnsafeRawPointer)
    -> Int32

  /// A detached thread that starts on a core the caller may run on but its current one, and
  /// may then run on any of the caller's; `false` when there is no other core or a GNU
  /// extension is missing.
  private static func startPinnedThread(stackSize: Int?, _ body: @escaping @Sendable () -> Void) -> Bool {
    let library = UnsafeMutableRawPointer(bitPattern: 0)
    guard let currentSymbol = dlsym(library, "sched_getcpu"),
      let getSymbol = dlsym(library, "pthread_getaffinity_np"),
      let setSymbol = dlsym(library, "pthread_setaffinity_np"),
      let setAttributeSymbol = dlsym(library, "pthread_attr_setaffinity_np")
    else { return false }
    let cpu = Int(unsafeBitCast(currentSymbol, to: CurrentCPU.self)())
    // A `cpu_set_t`: 1,024 cores.
    var cores = [UInt8](repeating: 0, count: 128)
    guard cpu >= 0, cpu < cores.count * 8,
      unsafeBitCast(getSymbol, to: GetAffinity.self)(pthread_self(), cores.count, &cores) == 0
    else { return false }
    var others = cores
    others[cpu / 8] &= ~(1 << UInt8(cpu % 8))
    guard others.contains(where: { $0 != 0 }) else { return false }
    var attributes = pthread_attr_t()
    guard pthread_attr_init(&attributes) == 0 else { return false }
    defer { pthread_attr_destroy(&attributes) }
    guard unsafeBitCast(setAttributeSymbol, to: SetAttributeAffinity.self)(&attributes, others.count, others) == 0,
      pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED)) == 0,
      stackSize.map({ pthread_attr_setstacksize(&attributes, $0) == 0 }) ?? true
    else { return false }
    let context = Unmanaged.passRetained(
      ThreadBody(body, cores: cores, setAffinity: unsafeBitCast(setSymbol, to: SetAffinity.self))
    ).toOpaque()
    var thread = pthread_t()
    let started = pthread_create(
      &thread, &attributes,
      { context in
        let thread = Unmanaged<ThreadBody>.fromOpaque(context!).takeRetainedValue()
        _ = thread.cores.withUnsafeBytes { thread.setAffinity(pthread_self(), $0.count, $0.baseAddress!) }
        thread.body()
        return nil
      }, context)
    guard started == 0 else {
      Unmanaged<ThreadBody>.fromOpaque(context).release()
      return false
    }
    return true
  }
  #endif
}
