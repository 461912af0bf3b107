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

  /// The children being reduced right now, outermost first.
  static var parents: [ChildStep] {
    let frames = ChildFrameStack.current.frames
    if frames.isEmpty { return [] }
    return frames.map { ChildStep(reducer: $0.reducer, child: AnyHashable($0.child)) }
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
