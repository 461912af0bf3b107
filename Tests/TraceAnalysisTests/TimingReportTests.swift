import Testing
import TraceTestSupport

@testable import Debugging
@testable import TraceAnalysis

@Suite struct TimingReportTests {
  @Test func statisticsUseNearestRank() {
    #expect(
      TimingStatistics([400, 100, 300, 200])?.description
        == "count 4, total 1000, min 100, mean 250, p50 200, p95 400, p99 400, max 400")
    let hundred = TimingStatistics((1...100).map(Int64.init))!
    #expect((hundred.p50, hundred.p95, hundred.p99, hundred.max) == (50, 95, 99, 100))
    #expect(TimingStatistics([]) == nil)
  }

  @Test func formatsDurations() {
    #expect(
      [0, 999, 1_000, 12_345, 999_499, 4_560_000, 1_234_000_000, 123_456_000_000].map { TimeText.duration($0) }
        == ["0ns", "999ns", "1.00µs", "12.3µs", "999µs", "4.56ms", "1.23s", "123s"])
  }

  @Test func timesNearInt64MaxSaturateInsteadOfTrapping() throws {
    // Valid per the format (non-negative Int64), absurd in practice: `t + duration` and the
    // timeline's bucket arithmetic overflowed (a crash of `timings` and `diff --timings`).
    let text = """
      {"kind":"session","format":1,"name":"C","prefix":"","start":"2026-11-21T19:33:07.123Z","clock":"monotonic","platform":"Linux x86_64","pid":1,"keyframeInterval":100,"redacted":[]}
      {"kind":"state","seq":0,"t":0,"state":{"n":0}}
      {"kind":"action","seq":1,"t":5,"duration":9223372036854775807,"label":"A.y","action":null,"patch":[]}
      {"kind":"effect","event":"started","effect":1,"seq":1,"t":100,"label":"A.y"}
      {"kind":"effect","event":"finished","effect":1,"t":50}
      {"kind":"action","seq":2,"t":9223372036854775807,"duration":9223372036854775807,"label":"A.z","action":null,"patch":[]}
      {"kind":"end","t":20,"actions":2}

      """
    var builder = TimingReportBuilder(slowestCount: 2)
    for case let .success(event) in try TraceSummaryReader(path: traceFile(text)) { builder.add(event) }
    let report = builder.report()
    #expect(report.end == .max)
    #expect(report.actions.map(\.duration.total) == [.max, .max])
    #expect(report.effects.map(\.lifetime?.max) == [0])
    #expect(
      report.renderText(timelineColumns: 12) == """
        2 actions, 9223372037s

        action                        count   total     min    mean     p50     p95     p99     max
        A.y                               19223372037s9223372037s9223372037s9223372037s9223372037s9223372037s9223372037s
        A.z                               19223372037s9223372037s9223372037s9223372037s9223372037s9223372037s9223372037s

        effect lifetime (by origin) started outputs  cancel running   total     min    mean     p50     p95     p99     max
        A.y                               1       0       0       0     0ns     0ns     0ns     0ns     0ns     0ns     0ns

        slowest actions
          19223372037s  A.y
          29223372037s  A.z

        reducer                     |############|
                                    0  9223372037s
                                    busy: . <⅓  : <⅔  = <95%  # full or overlapping
        """)
    #expect(TimingStatistics([.max, .max, 2])?.total == .max)
  }

  @Test func reportFromSampleTrace() throws {
    var builder = TimingReportBuilder(slowestCount: 1)
    for case let .success(event) in try TraceSummaryReader(path: traceFile(sampleTrace)) { builder.add(event) }
    let report = builder.report()
    #expect(report.actions.map(\.label) == ["Todos.Action.addButtonTapped", "Todos.Action.saved"])
    #expect(
      report.effects == [
        .init(
          label: "Todos.Action.addButtonTapped", started: 1, lifetime: TimingStatistics([4400]), outputs: 1,
          finished: 1, cancelled: 0, running: 0)
      ])
    #expect(report.slowest == [.init(seq: 1, label: "Todos.Action.addButtonTapped", t: 1000, duration: 500)])
    #expect(
      report.renderText(timelineColumns: 14) == """
        2 actions, 7.00µs

        action                         count   total     min    mean     p50     p95     p99     max
        Todos.Action.addButtonTapped       1   500ns   500ns   500ns   500ns   500ns   500ns   500ns
        Todos.Action.saved                 1   300ns   300ns   300ns   300ns   300ns   300ns   300ns

        effect lifetime (by origin)  started outputs  cancel running   total     min    mean     p50     p95     p99     max
        Todos.Action.addButtonTapped       1       1       0       0  4.40µs  4.40µs  4.40µs  4.40µs  4.40µs  4.40µs  4.40µs

        slowest actions
          1     500ns  Todos.Action.addButtonTapped

        reducer                      |  #.      :   |
        Todos.Action.addButtonTapped |   =########  |
                                     0         7.00µs
                                     busy: . <⅓  : <⅔  = <95%  # full or overlapping
        """)
  }

  @Test func runningEffectsAndSlowestOrder() {
    var builder = TimingReportBuilder(slowestCount: 2)
    let records: [TraceRecord] = [
      .action(TraceAction(seq: 1, t: 0, duration: 30, label: "a", action: .null)),
      .effect(TraceEffectEvent(event: .started, effect: 1, t: 30, seq: 1, label: "a")),
      .effect(TraceEffectEvent(event: .started, effect: 2, t: 31, seq: 1, label: "a")),
      .action(TraceAction(seq: 2, t: 100, duration: 50, label: "b", action: .null)),
      .effect(TraceEffectEvent(event: .cancelled, effect: 2, t: 200)),
      .action(TraceAction(seq: 3, t: 300, duration: 50, label: "b", action: .null)),
    ]
    records.forEach { builder.add($0) }
    let report = builder.report()
    #expect(report.slowest.map(\.seq) == [2, 3])
    #expect(
      report.effects.map { "\($0.label) started \($0.started) cancelled \($0.cancelled) running \($0.running)" }
        == ["a started 2 cancelled 1 running 1"])
    #expect(
      report.actions.map { "\($0.label) \($0.duration)" } == [
        "b count 2, total 100, min 50, mean 50, p50 50, p95 50, p99 50, max 50",
        "a count 1, total 30, min 30, mean 30, p50 30, p95 30, p99 30, max 30",
      ])
    #expect(report.end == 350)
  }

  @Test func effectLanesFollowTheOrderEffectsEndInAndOutputsCountPerLabel() {
    var builder = TimingReportBuilder()
    let records: [TraceRecord] = [
      .effect(TraceEffectEvent(event: .started, effect: 1, t: 0, seq: 1, label: "load")),
      .effect(TraceEffectEvent(event: .started, effect: 2, t: 5, seq: 2, label: "timer")),
      .effect(TraceEffectEvent(event: .output, effect: 2, t: 6, seq: 3, label: "timer")),
      .effect(TraceEffectEvent(event: .output, effect: 2, t: 7, seq: 4, label: "timer")),
      .effect(TraceEffectEvent(event: .finished, effect: 2, t: 10)),
      .effect(TraceEffectEvent(event: .started, effect: 3, t: 11, seq: 5, label: "timer")),
      .effect(TraceEffectEvent(event: .cancelled, effect: 1, t: 20)),
      .effect(TraceEffectEvent(event: .finished, effect: 9, t: 21)),
    ]
    records.forEach { builder.add($0) }
    let report = builder.report()
    #expect(report.timeline.lanes.map(\.name) == ["reducer", "timer", "load"])
    #expect(
      report.effects.map {
        "\($0.label) started \($0.started) outputs \($0.outputs) finished \($0.finished) cancelled \($0.cancelled) running \($0.running) lifetime \($0.lifetime.map { "\($0.total)" } ?? "-")"
      } == [
        "timer started 2 outputs 2 finished 1 cancelled 0 running 1 lifetime 5",
        "load started 1 outputs 0 finished 0 cancelled 1 running 0 lifetime 20",
      ])
  }

  @Test func timelineWidensWithoutGrowing() {
    var timeline = TimingTimeline()
    timeline.add(start: 0, end: 500)
    timeline.add(start: 10_000_000_000, end: 10_000_000_500)
    #expect(timeline.lanes[0].busy.count == TimingTimeline.bucketCount)
    #expect(timeline.lanes[0].busy.reduce(0, +) == 1000)
    #expect(timeline.bucketWidth == 16_777_216)
  }
}
