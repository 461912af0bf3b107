/// A registration made by ``Store/observe(_:)``; ``cancel()`` ends it.
@MainActor
public final class StoreObservation {
  private var onCancel: (() -> Void)?

  init(onCancel: @escaping () -> Void) {
    self.onCancel = onCancel
  }

  /// Stops the observation. Calling it again does nothing.
  public func cancel() {
    onCancel?()
    onCancel = nil
  }
}
