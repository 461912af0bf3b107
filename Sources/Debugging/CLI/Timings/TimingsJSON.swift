/// The JSON of `tca-trace timings --format json`, for scripts (all times in nanoseconds).
///
/// ```text
/// {"actions":3,"end":500000000,"reducers":[{"label":"…","count":1,"total":5100,"min":5100,…}],
///  "effects":[…],"running":[…],"slowest":[{"seq":1,"duration":5100,"label":"…"}]}
/// ```
package enum TimingsJSON {
  package static func json(_ timings: TimingsCollector) -> JSON {
    let reducers = timings.labels.sorted { ($0.value.total, $1.key) > ($1.value.total, $0.key) }.map { label, stats in
      JSON.object([.init("label", .string(label))] + statistics(stats))
    }
    let effects = timings.effects.sorted { ($0.value.started, $1.key) > ($1.value.started, $0.key) }.map { label, stats in
      JSON.object([
        .init("label", .string(label)), .init("started", .int(Int64(stats.started))), .init("outputs", .int(Int64(stats.outputs))),
        .init("cancelled", .int(Int64(stats.cancelled))), .init("finished", .int(Int64(stats.finished))),
        .init("running", .int(Int64(stats.started - stats.finished - stats.cancelled))),
        .init("lifetime", .object(statistics(stats.lifetime))),
      ])
    }
    let running = timings.running.values.sorted { $0.effect < $1.effect }.map { effect in
      JSON.object([
        .init("effect", .int(effect.effect)), .init("seq", .int(effect.seq)), .init("t", .int(effect.t)),
        .init("label", .string(effect.label)),
      ])
    }
    let slowest = timings.slowest.map { action in
      JSON.object([.init("seq", .int(action.seq)), .init("duration", .int(action.duration)), .init("label", .string(action.label))])
    }
    return .object([
      .init("actions", .int(Int64(timings.actionCount))), .init("end", .int(timings.end)),
      .init("reducers", .array(reducers)), .init("effects", .array(effects)), .init("running", .array(running)),
      .init("slowest", .array(slowest)),
    ])
  }

  private static func statistics(_ stats: DurationStatistics) -> [JSON.Member] {
    [
      .init("count", .int(Int64(stats.count))), .init("total", .int(stats.total)), .init("min", .int(stats.count == 0 ? 0 : stats.min)),
      .init("mean", .int(stats.mean)), .init("p50", .int(stats.percentile(50))), .init("p95", .int(stats.percentile(95))),
      .init("p99", .int(stats.percentile(99))), .init("max", .int(stats.max)),
    ]
  }
}
