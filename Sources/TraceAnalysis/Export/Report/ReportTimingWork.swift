import Debugging
import Foundation

/// The report's timing part, made on a thread of its own while the page's index is written: the
/// statistics of a `TimingReportBuilder` (each label's durations sorted) and their JSON, escaped
/// for the page (`ReportTimingJSON`, `ScriptData`).
///
/// ```swift
/// let work = ReportTimingWork(builder)   // starts
/// let (end, json) = work.result()        // waits
/// ```
final class ReportTimingWork: @unchecked Sendable {
  // Set once by the thread, read after `done` (under `condition`).
  private let condition = NSCondition()
  private var done = false
  private var end: Int64 = 0
  private var json: [UInt8] = []
  private let builder: TimingReportBuilder

  init(_ builder: TimingReportBuilder) {
    self.builder = builder
    Thread.detachNewThread { [self] in
      let report = self.builder.report()
      var json: [UInt8] = []
      ScriptData.write(ReportTimingJSON.json(report), into: &json)
      condition.lock()
      (self.end, self.json, done) = (report.end, json, true)
      condition.broadcast()
      condition.unlock()
    }
  }

  /// The timing's end (its latest time) and its JSON, once made.
  func result() -> (end: Int64, json: [UInt8]) {
    condition.lock()
    defer { condition.unlock() }
    while !done { condition.wait() }
    return (end, json)
  }
}
