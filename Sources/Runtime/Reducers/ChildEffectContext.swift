import Foundation

/// The children being reduced right now, outermost first: while a `forEach` runs row 7's reducer,
/// every ``ChildScope`` made inside it lists row 7 as a parent.
///
/// ```swift
/// ChildEffectContext.reducing(.keyPath(\Parent.State.rows), child: 7) {
///   ChildEffectContext.parents   // [ChildStep(reducer: .keyPath(\Parent.State.rows), child: 7)]
/// }
/// ```
///
/// Reducing is synchronous, so the children are kept per thread (a task-local value would do the
/// same, at several times the cost per child action); nothing is converted to `AnyHashable` until
/// a scope is actually made.
enum ChildEffectContext {
  /// Runs `reduce` as the reducer of `child` of `reducer`.
  static func reducing<Result>(
    _ reducer: ChildReducerIdentity,
    child: some Hashable & Sendable,
    _ reduce: () -> Result
  ) -> Result {
    let stack = ChildFrameStack.current
    stack.frames.append(ChildFrame(reducer: reducer, child: child))
    defer { stack.frames.removeLast() }
    return reduce()
  }

  /// Runs `reduce` as the store numbered `store` reducing an action: scopes made inside belong to
  /// that store, so one store's in-flight children never make another store cancel.
  static func inStore<Result>(_ store: UInt64, _ reduce: () -> Result) -> Result {
    let stack = ChildFrameStack.current
    let outer = stack.store
    stack.store = store
    defer { stack.store = outer }
    return reduce()
  }

  /// A number for a new store, never given before in this process.
  static func newStoreNumber() -> UInt64 { storeNumbers.next() }

  private static let storeNumbers = StoreNumbers()

  /// The store reducing on this thread right now (0 when a reducer is called without a store).
  static var store: UInt64 { ChildFrameStack.current.store }

  /// The children being reduced right now, outermost first.
  static var parents: [ChildStep] {
    let frames = ChildFrameStack.current.frames
    if frames.isEmpty { return [] }
    return frames.map { ChildStep(reducer: $0.reducer, child: AnyHashable($0.child)) }
  }
}

/// Numbers stores, from 1.
private final class StoreNumbers: @unchecked Sendable {
  // Unchecked: `last` is guarded by `lock`.
  private let lock = NSLock()
  private var last: UInt64 = 0

  func next() -> UInt64 {
    lock.withLock {
      last += 1
      return last
    }
  }
}

/// A child being reduced, as cheap to record as possible.
private struct ChildFrame {
  let reducer: ChildReducerIdentity
  let child: any Hashable & Sendable
}

/// This thread's children being reduced.
private final class ChildFrameStack {
  var frames: [ChildFrame] = []
  var store: UInt64 = 0

  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key) { releaseChildFrameStack($0) }
    return key
  }()

  static var current: ChildFrameStack {
    if let pointer = pthread_getspecific(key) {
      return Unmanaged<ChildFrameStack>.fromOpaque(pointer).takeUnretainedValue()
    }
    let stack = ChildFrameStack()
    pthread_setspecific(key, Unmanaged.passRetained(stack).toOpaque())
    return stack
  }
}

/// Releases a thread's ``ChildFrameStack`` when the thread ends.
private func releaseChildFrameStack(_ pointer: UnsafeMutableRawPointer?) {
  guard let pointer else { return }
  Unmanaged<ChildFrameStack>.fromOpaque(pointer).release()
}
