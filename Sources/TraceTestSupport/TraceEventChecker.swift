import Debugging

/// Checks a Chrome Trace Event Format document the way a viewer reads it, for tests and for
/// `tca-trace export --check`-style self-checks: every event has the fields its phase needs,
/// every async begin (`b`) has its end (`e`) with the same name, times never go backwards on a
/// track, and every flow that leaves an event arrives at one.
///
/// ```swift
/// TraceEventChecker.problems(in: try JSONReader.parse(#"{"traceEvents":[{"ph":"b","name":"x","cat":"e","id":"0x1","ts":1,"pid":1,"tid":1}]}"#))
/// ```
/// ```text
/// ["async span e/0x1 \"x\" begun at event 0 never ends"]
/// ```
package enum TraceEventChecker {
  /// What is wrong, in the order found; empty for a good document.
  package static func problems(in document: JSON) -> [String] {
    guard case let .array(events)? = document["traceEvents"] else {
      return ["the document must be an object with a \"traceEvents\" array"]
    }
    var problems: [String] = []
    var open: [String: [(name: String, index: Int)]] = [:]
    var trackTime: [String: Double] = [:]
    var flowsOut: [String: Double] = [:]
    var flowsIn: [String: Double] = [:]

    for (index, event) in events.enumerated() {
      func fail(_ message: String) { problems.append("event \(index): \(message)") }
      guard case .object = event else {
        fail("not an object")
        continue
      }
      guard let phase = event["ph"]?.stringValue else {
        fail("missing \"ph\"")
        continue
      }
      guard let name = event["name"]?.stringValue else {
        fail("missing \"name\"")
        continue
      }
      guard let pid = event["pid"]?.intValue, let tid = event["tid"]?.intValue else {
        fail("missing \"pid\" or \"tid\"")
        continue
      }
      if phase == "M" {
        if event["args"]?["name"]?.stringValue == nil { fail("metadata without args.name") }
        continue
      }
      guard let ts = event["ts"]?.doubleValue, ts >= 0 else {
        fail("missing or negative \"ts\"")
        continue
      }
      func advance(_ track: String) {
        if let previous = trackTime[track], ts < previous {
          fail("time goes backwards on track \(track): \(ts) after \(previous)")
        }
        trackTime[track] = ts
      }
      switch phase {
      case "X":
        guard let duration = event["dur"]?.doubleValue, duration >= 0 else {
          fail("complete event without a non-negative \"dur\"")
          continue
        }
        advance("thread \(pid)/\(tid)")
      case "b", "e", "n":
        guard let category = event["cat"]?.stringValue, let id = event["id"]?.stringValue else {
          fail("async event without \"cat\" and \"id\"")
          continue
        }
        let key = "\(category)/\(id)"
        advance("async \(key)")
        if phase == "b" {
          open[key, default: []].append((name, index))
        } else if phase == "e" {
          guard let begin = open[key]?.popLast() else {
            fail("async end \(key) \"\(name)\" without a begin")
            continue
          }
          if begin.name != name { fail("async end \(key) \"\(name)\" closes \"\(begin.name)\"") }
        }
      case "i", "I":
        break
      default:
        fail("unexpected phase \"\(phase)\"")
      }
      if let bind = event["bind_id"]?.stringValue {
        if event["flow_out"] == .bool(true) {
          if flowsOut[bind] != nil { fail("flow \(bind) leaves twice") }
          flowsOut[bind] = ts
        }
        if event["flow_in"] == .bool(true) {
          if flowsIn[bind] != nil { fail("flow \(bind) arrives twice") }
          flowsIn[bind] = ts
        }
      }
    }
    for (key, spans) in open.sorted(by: { $0.key < $1.key }) {
      for span in spans {
        problems.append("async span \(key) \"\(span.name)\" begun at event \(span.index) never ends")
      }
    }
    for (bind, out) in flowsOut.sorted(by: { $0.key < $1.key }) {
      guard let arrival = flowsIn[bind] else {
        problems.append("flow \(bind) leaves but never arrives")
        continue
      }
      if arrival < out { problems.append("flow \(bind) arrives at \(arrival), before it leaves at \(out)") }
    }
    for bind in flowsIn.keys.sorted() where flowsOut[bind] == nil {
      problems.append("flow \(bind) arrives but never left")
    }
    return problems
  }
}
