import Debugging
import TraceAnalysis

/// The JSON of `tca-trace timings --format json`, for scripts (all times in nanoseconds).
///
/// ```text
/// {"actions":3,"end":500000000,"reducers":[{"label":"…","count":1,"total":5100,"min":5100,…}],
///  "effects":[{"label":"…","started":1,…,"lifetime":{…}}],"slowest":[{"seq":1,"t":…,"duration":5100,"label":"…"}]}
/// ```
package enum TimingsJSON {
  package static func json(_ report: TimingReport) -> JSON {
    let reducers = report.actions.map { action in
      JSON.object([.init("label", .string(action.label))] + statistics(action.duration))
    }
    let effects = report.effects.map { effect in
      JSON.object([
        .init("label", .string(effect.label)), .init("started", .int(Int64(effect.started))),
        .init("outputs", .int(Int64(effect.outputs))), .init("finished", .int(Int64(effect.finished))),
        .init("cancelled", .int(Int64(effect.cancelled))), .init("running", .int(Int64(effect.running))),
        .init("lifetime", effect.lifetime.map { .object(statistics($0)) } ?? .null),
      ])
    }
    let slowest = report.slowest.map { action in
      JSON.object([
        .init("seq", .int(action.seq)), .init("t", .int(action.t)), .init("duration", .int(action.duration)),
        .init("label", .string(action.label)),
      ])
    }
    return .object([
      .init("actions", .int(Int64(report.actionCount))), .init("end", .int(report.end)),
      .init("reducers", .array(reducers)), .init("effects", .array(effects)), .init("slowest", .array(slowest)),
    ])
  }

  private static func statistics(_ stats: TimingStatistics) -> [JSON.Member] {
    [
      .init("count", .int(Int64(stats.count))), .init("total", .int(stats.total)), .init("min", .int(stats.min)),
      .init("mean", .int(stats.mean)), .init("p50", .int(stats.p50)), .init("p95", .int(stats.p95)),
      .init("p99", .int(stats.p99)), .init("max", .int(stats.max)),
    ]
  }
}
