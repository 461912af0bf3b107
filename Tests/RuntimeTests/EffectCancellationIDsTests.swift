import Foundation
import Testing

@testable import Runtime

/// `Effect.cancellationIDs`: the ids an effect was made cancellable with, for instrumentation.
@MainActor @Suite(.timeLimit(.minutes(1)))
struct EffectCancellationIDsTests {
  enum CancelID { case search, save }
  /// An id the runtime makes for itself (as `forEach`/`ifLet` do): never listed.
  struct ChildID: RuntimeInternalCancelID { let id: Int }

  typealias TestEffect = Effect<LogAction>

  /// A long-running effect (it sends nothing).
  var work: TestEffect { .run { _ in try await Task.sleep(for: .seconds(3600)) } }

  /// The ids as text, for full comparisons.
  func texts(_ effect: TestEffect) -> [String] {
    effect.cancellationIDs.map { "\($0.base)" }
  }

  @Test func effectsThatAreNotCancellableHaveNoIDs() {
    #expect(texts(.none) == [])
    #expect(texts(.send(.log("a"))) == [])
    #expect(texts(work) == [])
    #expect(texts(.cancel(id: CancelID.search)) == [])
  }

  @Test func cancellableAddsItsIDOnce() {
    #expect(texts(work.cancellable(id: CancelID.search)) == ["search"])
    #expect(
      texts(work.cancellable(id: CancelID.search).cancellable(id: "sort", cancelInFlight: true)) == ["search", "sort"])
    #expect(texts(work.cancellable(id: CancelID.search).cancellable(id: CancelID.search)) == ["search"])
    // Ids of different types stay apart, even with the same description.
    #expect(work.cancellable(id: 1).cancellable(id: "1").cancellationIDs == [AnyHashable(1), AnyHashable("1")])
  }

  @Test func mergeAndConcatenateListTheirPartsIDsInOrderWithoutDuplicates() {
    let search = work.cancellable(id: CancelID.search)
    let save = work.cancellable(id: CancelID.save)
    #expect(texts(.merge(search, work, save, search)) == ["search", "save"])
    #expect(texts(.merge(save, .none, search)) == ["save", "search"])
    #expect(texts(.concatenate(save, work, search, save)) == ["save", "search"])
    #expect(texts(.concatenate([.none, search])) == ["search"])
    #expect(texts(.merge(work, .send(.log("a")))) == [])
    #expect(
      texts(.merge(.merge(search, save), .concatenate(save, work.cancellable(id: 7)))) == ["search", "save", "7"])
  }

  @Test func mapAndObservedKeepTheIDs() {
    let effect = work.cancellable(id: CancelID.search).cancellable(id: "sort")
    #expect(effect.map { [$0] }.cancellationIDs == [AnyHashable(CancelID.search), AnyHashable("sort")])
    let observed = effect.observed(as: EffectID(namespace: .init(), number: 1)) { _ in }
    #expect(texts(observed) == ["search", "sort"])
  }

  @Test func idsTheRuntimeMakesForItselfAreNotListed() {
    #expect(texts(work.cancellable(id: ChildID(id: 3))) == [])
    #expect(texts(work.cancellable(id: CancelID.save).cancellable(id: ChildID(id: 3))) == ["save"])
    #expect(texts(.merge(work.cancellable(id: ChildID(id: 1)), work.cancellable(id: "sort"))) == ["sort"])
  }

  @Test func anInternalIDStillCancels() async {
    let store = Store(initialState: [String]()) {
      LogFeature(
        tapEffect: {
          .run { send in
            try await Task.sleep(for: .seconds(3600))
            await send(.log("never"))
          }
          .cancellable(id: ChildID(id: 1))
        },
        stopEffect: { .cancel(id: ChildID(id: 1)) }
      )
    }
    let task = store.send(.tap)
    store.send(.stop)
    await task.finish()
    #expect(store.state == [])
  }
}
