// `FixtureRecorder --scenario NAME COUNT PATH`: how a process ends while it records, for the tests
// of docs/recording.md ("Nothing lost on the way out"). A parent store whose `body` holds a child
// `.debug("counter", to: .file(PATH))` (rebuilt for every action) gets COUNT child actions, then:
//
// - `exit`: calls `exit(0)` at once; `burst-exit` the same after a burst whose states were coalesced;
// - `burst-abort`: a burst, then `fatalError`;
// - `default-exit`: like `exit`, the child recording to its default file (in `$TCA_TRACE_DIR`);
// - `return`: returns from the top-level code;
// - `release`: releases the store, prints `released`, and waits to be killed;
// - `wait`, `wait-no-flush` (SIGTERM/SIGINT flushing turned off): prints `sent` and waits for a
//   signal;
// - `hold`: records the COUNT actions, prints `recording` and waits (another process then tries to
//   record to PATH);
// - `cancel-exit`: an `EffectsBasics` store recording to PATH starts its one-second delay effect
//   (a decrement below zero), cancels it (an increment), and calls `exit(0)` at once.
import ExampleFeatures
import Foundation
import Runtime

/// A parent with one counter, recorded from inside `body`.
struct ScenarioParent: Reducer {
  struct State: Equatable { var counter = Counter.State() }
  enum Action: Equatable { case counter(Counter.Action) }
  let path: String
  let options: TraceRecorderOptions

  var body: some ReducerOf<Self> {
    Scope(state: \.counter, action: Action.counter) {
      // An empty path: the default file, in `$TCA_TRACE_DIR` (the `default-exit` scenario).
      Counter().debug("counter", to: path.isEmpty ? .defaultFile : .file(path), options: options)
    }
  }
}

@MainActor
func runScenario(_ name: String, count: Int, path: String) {
  if name == "cancel-exit" {
    let store = Store(initialState: EffectsBasics.State()) { EffectsBasics().debug(to: .file(path)) }
    store.send(.decrementButtonTapped)
    store.send(.incrementButtonTapped)
    exit(0)
  }
  // A test runner may start this process with SIGTERM and SIGINT blocked (a dispatch thread's
  // signal mask is inherited): an app started from a shell has them unblocked.
  var signals = sigset_t()
  sigemptyset(&signals)
  sigaddset(&signals, SIGTERM)
  sigaddset(&signals, SIGINT)
  pthread_sigmask(SIG_UNBLOCK, &signals, nil)
  var options = TraceRecorderOptions()
  if name == "wait-no-flush" { options.flushesOnTermination = false }
  // A burst the worker cannot keep up with: beyond two waiting states, states are coalesced.
  if name.hasPrefix("burst") { options.stateBudget = 1 }
  var store: Store<ScenarioParent.State, ScenarioParent.Action>? = Store(initialState: ScenarioParent.State()) {
    ScenarioParent(path: name == "default-exit" ? "" : path, options: options)
  }
  for n in 0..<count {
    store?.send(.counter(n % 3 == 2 ? .decrementButtonTapped : .incrementButtonTapped))
  }
  func say(_ text: String) { FileHandle.standardOutput.write(Data((text + "\n").utf8)) }
  switch name {
  case "exit", "burst-exit", "default-exit":
    exit(0)
  case "burst-abort":
    fatalError("the app crashes in the middle of a burst")
  case "return":
    return
  case "release":
    store = nil
    say("released")
  case "hold":
    say("recording")
  default:
    say("sent")
  }
  _ = store
  Thread.sleep(forTimeInterval: 60)
}
