import Testing

@testable import Debugging

/// At exit, recorders still writing a backlog after the wait are said on standard error, never
/// dropped silently (a backlog of large states lost 12 of 100 actions with nothing said).
@Suite struct RecorderExitMessageTests {
  @Test func theMessageSaysHowManyTracesEndEarly() {
    #expect(
      RecorderRegistry.unfinishedMessage(1, timeout: 5)
        == "tca-trace: 1 recorder was still writing its backlog 5 s after exit began: its trace ends early (no `end` line; `validate` and `show` read what was written)"
    )
    #expect(
      RecorderRegistry.unfinishedMessage(2, timeout: 5)
        == "tca-trace: 2 recorders were still writing their backlog 5 s after exit began: their traces end early (no `end` line; `validate` and `show` read what was written)"
    )
  }

  @Test func aWorkerStillRunningAfterTheWaitIsCounted() {
    RecorderWorkers.started()
    defer { RecorderWorkers.finished() }
    #expect(RecorderWorkers.waitUntilAllFinished(timeout: 0.05) >= 1)
  }
}
