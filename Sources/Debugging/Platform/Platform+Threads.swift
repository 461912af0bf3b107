import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A short job on a second thread that starts at once on another core: for splitting a few
/// milliseconds of work in two (`JSONParser.quickScanArray`).
///
/// On Linux a new thread is queued on its creator's core and moved to an idle one only by the
/// next load balancing, measured at up to 2.7 ms on a two-core machine: longer than half the job.
/// So the thread is created on the other cores (its creator's left out of its affinity) and, once
/// running, allowed on every core again. Elsewhere it is a plain thread. When no thread can be
/// made (a limit on processes), `join()` runs the job on the caller's thread.
///
/// ```swift
/// let helper = Platform.Helper { scanSecondHalf() }
/// scanFirstHalf()
/// helper.join()
/// ```
extension Platform {
  /// The cores this process may run on: those of its affinity (`taskset -c 0`: one), else those
  /// online. (`ProcessInfo` would cost 0.2 ms to set up.)
  package static let coreCount: Int = {
    #if os(Linux)
    var mask = [UInt8](repeating: 0, count: Affinity.maskSize)
    if let functions = Affinity.functions, functions.getThread(pthread_self(), Affinity.maskSize, &mask) == 0 {
      let allowed = mask.reduce(0) { $0 + $1.nonzeroBitCount }
      if allowed > 0 { return allowed }
    }
    return max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    #else
    return ProcessInfo.processInfo.activeProcessorCount
    #endif
  }()

  package final class Helper: @unchecked Sendable {
    private let body: @Sendable () -> Void
    // Signalled when `body` returned.
    private let done = DispatchSemaphore(value: 0)
    #if os(Linux)
    // The creator's affinity, restored by the thread once it runs (`nil`: not changed).
    fileprivate var affinity: [UInt8]?
    #endif

    // No thread could be made (a process limit): `join()` runs `body`.
    private var runsInJoin = false

    /// Starts `body` on a new thread (or, when none can be made, in `join()`). `startsThread:
    /// false` is the latter on purpose (for tests).
    package init(startsThread: Bool = true, _ body: @escaping @Sendable () -> Void) {
      self.body = body
      guard startsThread else {
        runsInJoin = true
        return
      }
      #if os(Linux)
      if !startPinned() && !startPlain() { runsInJoin = true }
      #else
      let thread = Thread { [self] in run() }
      thread.stackSize = 1 << 20
      thread.start()
      #endif
      if !runsInJoin { Self.startedThreads?.add() }
    }

    /// Counts the threads started while it is set (for tests):
    /// `Platform.Helper.$startedThreads.withValue(count) { … }`.
    @TaskLocal package static var startedThreads: ThreadCount?

    /// Waits until `body` returned.
    package func join() {
      if runsInJoin {
        runsInJoin = false
        body()
        return
      }
      done.wait()
    }

    fileprivate func run() {
      body()
      done.signal()
    }

    #if os(Linux)
    /// Starts the thread where the system puts it; `false` when it could not.
    private func startPlain() -> Bool {
      affinity = nil
      return start(pinnedTo: nil)
    }

    /// Starts the thread, on the cores of `mask` when given; `false` when it could not.
    private func start(pinnedTo mask: [UInt8]?) -> Bool {
      var attributes = pthread_attr_t()
      pthread_attr_init(&attributes)
      defer { pthread_attr_destroy(&attributes) }
      pthread_attr_setstacksize(&attributes, 1 << 20)
      pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
      if let mask {
        guard let functions = Affinity.functions, functions.setAttributes(&attributes, Affinity.maskSize, mask) == 0
        else { return false }
      }
      var thread = pthread_t()
      let context = Unmanaged.passRetained(self).toOpaque()
      guard pthread_create(&thread, &attributes, helperThreadMain, context) == 0 else {
        Unmanaged<Helper>.fromOpaque(context).release()
        return false
      }
      return true
    }

    /// Starts the thread on the cores other than the current one; `false` (nothing started) when
    /// the functions for it are missing or there is no other core.
    private func startPinned() -> Bool {
      guard let functions = Affinity.functions else { return false }
      var mask = [UInt8](repeating: 0, count: Affinity.maskSize)
      guard functions.getThread(pthread_self(), Affinity.maskSize, &mask) == 0 else { return false }
      let original = mask
      let current = Int(functions.currentCPU())
      guard current >= 0, current < Affinity.maskSize * 8 else { return false }
      mask[current / 8] &= ~UInt8(1 << (current % 8))
      guard mask.contains(where: { $0 != 0 }) else { return false }
      affinity = original
      guard start(pinnedTo: mask) else {
        affinity = nil
        return false
      }
      return true
    }
    #endif
  }
}

extension Platform {
  /// How many helper threads were started (`Helper.startedThreads`).
  package final class ThreadCount: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    package init() {}
    package var count: Int { lock.withLock { value } }
    fileprivate func add() { lock.withLock { value += 1 } }
  }
}

#if os(Linux)
/// The entry of a pinned helper thread: back on every core of its creator, then the job.
private func helperThreadMain(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
  let helper = Unmanaged<Platform.Helper>.fromOpaque(context!).takeRetainedValue()
  if let original = helper.affinity, let functions = Affinity.functions {
    _ = functions.setThread(pthread_self(), Affinity.maskSize, original)
  }
  helper.run()
  return nil
}

/// glibc's affinity functions, looked up at run time (Swift's Glibc module leaves out the GNU
/// extensions).
private enum Affinity {
  /// Bytes of a `cpu_set_t` (1,024 cores).
  static let maskSize = 128

  typealias CurrentCPU = @convention(c) () -> Int32
  typealias SetAttributes = @convention(c) (UnsafeMutablePointer<pthread_attr_t>, Int, UnsafeRawPointer) -> Int32
  typealias GetThread = @convention(c) (pthread_t, Int, UnsafeMutableRawPointer) -> Int32
  typealias SetThread = @convention(c) (pthread_t, Int, UnsafeRawPointer) -> Int32

  struct Functions: Sendable {
    let currentCPU: CurrentCPU
    let setAttributes: SetAttributes
    let getThread: GetThread
    let setThread: SetThread
  }

  static let functions: Functions? = {
    func symbol(_ name: String) -> UnsafeMutableRawPointer? { dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) }
    guard let current = symbol("sched_getcpu"), let attributes = symbol("pthread_attr_setaffinity_np"),
      let get = symbol("pthread_getaffinity_np"), let set = symbol("pthread_setaffinity_np")
    else { return nil }
    return Functions(
      currentCPU: unsafeBitCast(current, to: CurrentCPU.self),
      setAttributes: unsafeBitCast(attributes, to: SetAttributes.self),
      getThread: unsafeBitCast(get, to: GetThread.self), setThread: unsafeBitCast(set, to: SetThread.self))
  }()
}
#endif
