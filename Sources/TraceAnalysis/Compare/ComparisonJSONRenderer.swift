import Debugging

/// `tca-trace diff --format json`: the whole comparison for scripts.
///
/// ```text
/// {"equivalent":false,
///  "golden":{"file":"golden.jsonl","name":"Todos","actions":6},"current":{…},
///  "counts":{"aligned":6,"missing":0,"extra":0,"actionDifferences":0,"stateDifferences":1,…},
///  "divergences":[{"kind":"state","title":"state after the action differs",
///    "golden":{"seq":3,"line":5},"current":{"seq":3,"line":5},"label":"…",
///    "changes":[{"path":"/todos/0/isComplete","change":"replaced","old":true,"new":false}],
///    "diff":{…DiffJSONRenderer…},"text":"…"}],
///  "timings":{"threshold":0.25,"minimumDifference":1000000,"rows":[…]}}
/// ```
/// `counts.exact` is `false` when states were left unexamined beyond the detail limit
/// (`statesNotExamined`): `stateDifferences` and `total` are then lower bounds.
/// `changes` is the flat list of changed JSON Pointer paths (`StateDiff.changes`), `diff` the
/// whole diff tree (`DiffJSONRenderer`), `text` the text diff. Missing and extra actions have
/// `null` for the other side; effect divergences have `effects` instead of a diff (also those of
/// a missing or extra action, `missingEffects` and `extraEffects`, with `null` on the other side).
package struct ComparisonJSONRenderer {
  package init() {}

  package func render(_ comparison: TraceComparison) -> JSON {
    var members: [JSON.Member] = [
      .init("equivalent", .bool(comparison.isEquivalent)),
      .init("golden", side(comparison.golden)),
      .init("current", side(comparison.current)),
      .init("counts", counts(comparison.counts)),
      .init("divergences", .array(comparison.divergences.map(divergence))),
    ]
    if let timings = comparison.timings { members.append(.init("timings", self.timings(timings))) }
    members.append(.init("warnings", .array(comparison.warnings.map { .string($0.description) })))
    return .object(members)
  }

  private func side(_ side: TraceComparison.Side) -> JSON {
    .object([
      .init("file", .string(side.file)), .init("name", .string(side.name)), .init("actions", .int(Int64(side.actions))),
    ])
  }

  private func counts(_ counts: TraceComparison.Counts) -> JSON {
    .object([
      .init("aligned", .int(Int64(counts.aligned))), .init("missing", .int(Int64(counts.missing))),
      .init("extra", .int(Int64(counts.extra))), .init("actionDifferences", .int(Int64(counts.actionDifferences))),
      .init("stateDifferences", .int(Int64(counts.stateDifferences))),
      .init("carriedStateDifferences", .int(Int64(counts.carriedStateDifferences))),
      .init("statesNotExamined", .int(Int64(counts.statesNotExamined))),
      .init("effectDifferences", .int(Int64(counts.effectDifferences))),
      .init("missingEffects", .int(Int64(counts.missingEffects))),
      .init("extraEffects", .int(Int64(counts.extraEffects))),
      .init("total", .int(Int64(counts.total))), .init("exact", .bool(counts.isExact)),
    ])
  }

  private func position(_ position: TraceComparison.Position?) -> JSON {
    guard let position else { return .null }
    return .object([.init("seq", .int(position.seq)), .init("line", .int(Int64(position.line)))])
  }

  private func divergence(_ divergence: Divergence) -> JSON {
    var members: [JSON.Member] = [
      .init("kind", .string(divergence.kindName)), .init("title", .string(divergence.title)),
      .init("golden", position(divergence.golden)), .init("current", position(divergence.current)),
      .init("label", .string(divergence.label)),
    ]
    switch divergence.kind {
    case .missing, .extra: break
    case let .initialState(model), let .action(model), let .state(model), let .finalState(model):
      members.append(.init("changes", .array(model.changes.map(change))))
      members.append(.init("diff", DiffJSONRenderer().render(model)))
      members.append(.init("text", .string(DiffTextRenderer().render(model))))
    case let .effects(differences):
      members.append(
        .init(
          "effects",
          .array(
            differences.map { difference in
              .object([
                .init("position", .int(Int64(difference.position))),
                .init("golden", difference.golden.map(effect) ?? .null),
                .init("current", difference.current.map(effect) ?? .null),
              ])
            })))
    case let .missingEffects(outcomes), let .extraEffects(outcomes):
      // The same shape as an effect difference, `null` on the side that lacks the action.
      let missing = divergence.kindName == "missingEffects"
      members.append(
        .init(
          "effects",
          .array(
            outcomes.enumerated().map { index, outcome in
              .object([
                .init("position", .int(Int64(index + 1))),
                .init("golden", missing ? effect(outcome) : .null),
                .init("current", missing ? .null : effect(outcome)),
              ])
            })))
    }
    return .object(members)
  }

  private func change(_ change: StateDiff.PathChange) -> JSON {
    var members: [JSON.Member] = [.init("path", .string(change.path))]
    switch change.change {
    case let .replaced(old, new):
      members += [.init("change", .string("replaced")), .init("old", old.json), .init("new", new.json)]
    case let .inserted(value): members += [.init("change", .string("inserted")), .init("new", value.json)]
    case let .removed(value): members += [.init("change", .string("removed")), .init("old", value.json)]
    case let .moved(from, to, _):
      members += [.init("change", .string("moved")), .init("from", .int(Int64(from))), .init("to", .int(Int64(to)))]
    case .unchanged, .nested: members.append(.init("change", .string("nested")))
    }
    return .object(members)
  }

  private func effect(_ outcome: EffectOutcome) -> JSON {
    .object([
      .init("id", outcome.cancellationID.map(JSON.string) ?? .null),
      .init("outputs", .array(outcome.outputs.map(JSON.string))),
      .init("end", .string(outcome.end)),
    ])
  }

  private func timings(_ timings: TimingComparison) -> JSON {
    .object([
      .init("threshold", .double(timings.threshold)),
      .init("minimumDifference", .int(timings.minimumDifference)),
      .init("regressions", .int(Int64(timings.regressions.count))),
      .init(
        "rows",
        .array(
          timings.rows.map { row in
            .object([
              .init("measure", .string(row.measure.rawValue)), .init("label", .string(row.label)),
              .init("statistic", .string(row.statistic)), .init("golden", .int(row.golden)),
              .init("current", .int(row.current)), .init("regression", .bool(row.isRegression)),
            ])
          })),
    ])
  }
}
