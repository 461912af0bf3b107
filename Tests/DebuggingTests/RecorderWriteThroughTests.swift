import Foundation
import Testing
import TraceTestSupport

@testable import Debugging

/// `writeThrough`: every line is handed to the system as it is written (a crash loses only what
/// the worker had not reached); without it lines wait in the buffer until the worker catches up,
/// the buffer fills, or the oldest is `flushInterval` old.
@Suite struct RecorderWriteThroughTests {
  private func size(_ path: String) -> Int {
    (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? -1
  }

  @Test func writeThroughHandsEachLineOverAtOnce() {
    let path = traceTemporaryPath()
    let destination = TraceDestination.file(path, writer: .file(path))
    destination.append(.end(TraceEnd(t: 1, actions: 0)), tag: nil, writeThrough: true)
    #expect(size(path) == #"{"kind":"end","t":1,"actions":0}"#.utf8.count + 1)
  }

  @Test func withoutItLinesWaitForTheFlushInterval() {
    let path = traceTemporaryPath()
    let destination = TraceDestination.file(path, writer: .file(path))
    destination.append(.end(TraceEnd(t: 1, actions: 0)), tag: nil, writeThrough: false)
    #expect(size(path) == 0)
    destination.flush(olderThan: 60_000_000_000)  // younger than a minute: stays buffered
    #expect(size(path) == 0)
    Thread.sleep(forTimeInterval: 0.01)
    destination.flush(olderThan: 5_000_000)  // older than 5 ms: handed over
    #expect(size(path) == #"{"kind":"end","t":1,"actions":0}"#.utf8.count + 1)
  }
}
