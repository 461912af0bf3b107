import Foundation
import Testing

@testable import Debugging

/// Two reducers recording into one file: the first one's header is line 1 whatever order their
/// workers write in. A later reducer's worker once wrote its header first; readers, which take
/// line 1's session as the untagged one, then read the first reducer's lines under the other's
/// header (`DebugPlacementTests` failed now and then under load).
@Suite struct TraceDestinationOrderTests {
  static func session(_ name: String) -> TraceRecord {
    .session(TraceSession(name: name, start: "s", platform: "p", pid: 1, keyframeInterval: 0))
  }

  static func state(_ count: Int64) -> TraceRecord {
    .state(TraceState(seq: 0, t: 0, state: .object([.init("count", .int(count))])))
  }

  @Test func aLaterReducersLinesWaitForTheFirstReducersHeader() {
    let buffer = TraceBuffer()
    let first = RecorderOutput.make(.memory(buffer), name: "Counter", prefix: "first")
    let second = RecorderOutput.make(.memory(buffer), name: "Counter", prefix: "second")
    // The second reducer's worker is quicker than the first's.
    second.append(Self.session("Counter"))
    second.append(Self.state(10))
    #expect(buffer.lines == [])
    first.append(Self.session("Counter"))
    first.append(Self.state(0))
    #expect(
      buffer.lines == [
        #"{"kind":"session","format":2,"reducer":"first","name":"Counter","prefix":"","start":"s","clock":"monotonic","platform":"p","pid":1,"keyframeInterval":0,"redacted":[]}"#,
        #"{"kind":"session","format":2,"reducer":"second","name":"Counter","prefix":"","start":"s","clock":"monotonic","platform":"p","pid":1,"keyframeInterval":0,"redacted":[]}"#,
        #"{"kind":"state","reducer":"second","seq":0,"t":0,"state":{"count":10}}"#,
        #"{"kind":"state","seq":0,"t":0,"state":{"count":0}}"#,
      ])
  }
}
