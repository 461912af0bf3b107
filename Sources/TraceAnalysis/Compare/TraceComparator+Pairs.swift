import Debugging

// What `TraceComparator` checks for each aligned pair and each unaligned action.

extension TraceComparator {
  /// How many aligned actions in a row may carry the same state difference before equal patches
  /// are trusted to carry it without comparing the states.
  static let exactCarriedComparisons = 64

  /// Whether two states are the same, members compared by key whatever their order (a
  /// dictionary's keys in another order, or members a patch added at the end, are not a
  /// difference: the diff would show none).
  static func same(_ old: JSON, _ new: JSON) -> Bool {
    old == new || JSONDifferencePaths.paths(old, new, limit: 1).isEmpty
  }

  func compareInitialStates() throws(TraceError) {
    let order = recorder.addCase(golden: nil, current: nil, label: "")
    let old = golden.mask.apply(to: golden.initialState ?? .null)
    let new = current.mask.apply(to: current.initialState ?? .null)
    inSync = Self.same(old, new)
    carryingDifference = !inSync
    guard !inSync else {
      golden.releaseInitialState()
      current.releaseInitialState()
      return
    }
    // Shown with their computed ids, compared without (`IgnoreMask.applyKeepingIDs`).
    let model = try stateDiff(
      golden.mask.applyKeepingIDs(to: golden.initialState ?? .null), line: 2,
      current.mask.applyKeepingIDs(to: current.initialState ?? .null), line: 2)
    golden.releaseInitialState()
    current.releaseInitialState()
    recorder.keep(model)
    lastStatePaths = JSONDifferencePaths.paths(old, new)
    recorder.counts.stateDifferences += 1
    recorder.add(Divergence(order: order, golden: nil, current: nil, label: "", kind: .initialState(model)))
  }

  func pair(_ a: CompareStep, _ b: CompareStep, differentAction: Bool) throws(TraceError) {
    lastGolden = a
    lastCurrent = b
    let order = recorder.addCase(golden: position(a), current: position(b), label: a.label)
    recorder.counts.aligned += 1
    if differentAction {
      recorder.counts.actionDifferences += 1
      if recorder.wantsDetails {
        let model = StateDiff(
          try value(a.action, golden, line: a.line, under: "/action"),
          try value(b.action, current, line: b.line, under: "/action"))
        recorder.add(divergence(order, a, b, .action(model)))
      } else {
        recorder.markFailed(order)
      }
    }
    try compareStates(order, a, b, golden.advance(past: a), current.advance(past: b))
    if !a.effects.isEmpty || !b.effects.isEmpty {
      pendingEffects.append(PendingEffects(order: order, golden: owner(a), current: owner(b)))
    }
    try settleEffects(all: false)
  }

  func unaligned(_ step: CompareStep, inGolden: Bool) throws(TraceError) {
    inSync = false
    carryingDifference = false
    _ = try (inGolden ? golden : current).advance(past: step)
    if inGolden { lastGolden = step } else { lastCurrent = step }
    let position = position(step)
    let order = recorder.addCase(
      golden: inGolden ? position : nil, current: inGolden ? nil : position, label: step.label)
    if inGolden { recorder.counts.missing += 1 } else { recorder.counts.extra += 1 }
    recorder.add(
      Divergence(
        order: order, golden: inGolden ? position : nil, current: inGolden ? nil : position, label: step.label,
        kind: inGolden ? .missing : .extra))
    if !step.effects.isEmpty {
      // Its effects are reported (as missing or extra) once they ended.
      pendingEffects.append(
        PendingEffects(order: order, golden: inGolden ? owner(step) : nil, current: inGolden ? nil : owner(step)))
    }
    try settleEffects(all: false)
  }

  /// After unaligned actions at the end, the states the runs end in.
  func compareFinalStates() throws(TraceError) {
    guard !inSync, lastGolden != nil || lastCurrent != nil else { return }
    let old = golden.mask.apply(to: golden.state ?? .null)
    let new = current.mask.apply(to: current.state ?? .null)
    guard !Self.same(old, new), JSONDifferencePaths.paths(old, new) != lastStatePaths else { return }
    recorder.counts.stateDifferences += 1
    guard recorder.wantsDetails else { return recorder.markFailed(recorder.lastOrder) }
    let model = try stateDiff(
      golden.mask.applyKeepingIDs(to: golden.state ?? .null), line: lastGolden?.line ?? 2,
      current.mask.applyKeepingIDs(to: current.state ?? .null), line: lastCurrent?.line ?? 2)
    recorder.keep(model)
    recorder.add(
      Divergence(
        order: recorder.lastOrder, golden: lastGolden.map(position), current: lastCurrent.map(position),
        label: lastGolden?.label ?? lastCurrent?.label ?? "", kind: .finalState(model)))
  }

  private func compareStates(_ order: Int, _ a: CompareStep, _ b: CompareStep, _ stateA: JSON, _ stateB: JSON)
    throws(TraceError)
  {
    // The state after a coalesced action was not captured: there is nothing to compare, and the
    // next state that was is compared whole (its patch carries the coalesced changes).
    guard !a.coalesced || a.hasKeyframe, !b.coalesced || b.hasKeyframe else {
      inSync = false
      return
    }
    // A state written whole (a keyframe, or the state line after coalesced actions) is compared
    // even after equal patches: it is the trace's evidence of the state.
    if a.patch == b.patch, !a.hasKeyframe, !b.hasKeyframe {
      if inSync { return }
      // A long-standing difference: the same change made in both runs is taken to carry it
      // (the final states are still compared), so that cost follows the change, not the state.
      if carriedRun >= Self.exactCarriedComparisons {
        recorder.counts.carriedStateDifferences += 1
        return
      }
    }
    let old = golden.mask.apply(to: stateA)
    let new = current.mask.apply(to: stateB)
    inSync = Self.same(old, new)
    let carried = carryingDifference && a.patch == b.patch
    carryingDifference = !inSync
    if inSync {
      lastStatePaths = nil
      carriedRun = 0
      return
    }
    guard recorder.wantsDetails else {
      // Beyond the detail limit the states are only compared for equality (cheap when they
      // differ: `==` stops at the first difference), so that unrelated runs cost no more than
      // similar ones. The same change in both runs carries the difference; after different
      // changes, whether it is new or carried is not looked for (`stateDifferences` becomes a
      // lower bound).
      lastStatePaths = nil
      if carried {
        recorder.counts.carriedStateDifferences += 1
        carriedRun += 1
        return
      }
      carriedRun = 0
      recorder.counts.statesNotExamined += 1
      return recorder.markFailed(order)
    }
    let paths = JSONDifferencePaths.paths(old, new)
    if paths == lastStatePaths || carried {
      lastStatePaths = paths
      recorder.counts.carriedStateDifferences += 1
      carriedRun += 1
      return
    }
    carriedRun = 0
    lastStatePaths = paths
    recorder.counts.stateDifferences += 1
    let model = try stateDiff(
      golden.mask.applyKeepingIDs(to: stateA), line: a.line, current.mask.applyKeepingIDs(to: stateB), line: b.line)
    recorder.keep(model)
    recorder.add(divergence(order, a, b, .state(model)))
  }

  /// Compares the effects of aligned pairs whose effects have all ended (all of them at the end),
  /// and reports those of unaligned actions as missing or extra.
  func settleEffects(all: Bool) throws(TraceError) {
    while pendingStart < pendingEffects.count {
      let pending = pendingEffects[pendingStart]
      let goldenIDs = pending.golden?.effects ?? [], currentIDs = pending.current?.effects ?? []
      guard all || (golden.settled(goldenIDs) && current.settled(currentIDs)) else { break }
      pendingStart += 1
      let old = goldenIDs.map { golden.history($0).outcome(id: $0) }
      let new = currentIDs.map { current.history($0).outcome(id: $0) }
      golden.release(goldenIDs)
      current.release(currentIDs)
      switch (pending.golden, pending.current) {
      case let (owner?, nil):
        recorder.counts.missingEffects += 1
        recorder.add(
          Divergence(
            order: pending.order, golden: owner.position, current: nil, label: owner.label, kind: .missingEffects(old)))
      case let (nil, owner?):
        recorder.counts.extraEffects += 1
        recorder.add(
          Divergence(
            order: pending.order, golden: nil, current: owner.position, label: owner.label, kind: .extraEffects(new)))
      case let (a?, b?) where old != new:
        var differences: [EffectDifference] = []
        for index in 0..<max(old.count, new.count) {
          let before = index < old.count ? old[index] : nil
          let after = index < new.count ? new[index] : nil
          if before != after {
            differences.append(EffectDifference(position: index + 1, golden: before, current: after))
          }
        }
        recorder.counts.effectDifferences += 1
        recorder.add(
          Divergence(
            order: pending.order, golden: a.position, current: b.position, label: a.label, kind: .effects(differences)))
      default:
        continue
      }
    }
    if pendingStart > 1_024, pendingStart * 2 > pendingEffects.count {
      pendingEffects.removeFirst(pendingStart)
      pendingStart = 0
    }
  }

  func result() -> TraceComparison {
    var timings: TimingComparison?
    if let old = golden.timings?.report(), let new = current.timings?.report() {
      timings = TimingComparison(
        golden: old, current: new, threshold: options.threshold, minimumDifference: options.minimumDifference)
    }
    return TraceComparison(
      golden: side(golden), current: side(current), divergences: recorder.sortedDivergences(), counts: recorder.counts,
      timings: timings, cases: recorder.cases, warnings: golden.warnings + current.warnings)
  }

  private func side(_ side: CompareSide) -> TraceComparison.Side {
    TraceComparison.Side(file: side.file, name: side.session?.name ?? "", actions: side.actionCount)
  }

  private func owner(_ step: CompareStep) -> EffectOwner {
    EffectOwner(position: position(step), label: step.label, effects: step.effects)
  }

  func position(_ step: CompareStep) -> TraceComparison.Position {
    TraceComparison.Position(seq: step.seq, line: step.line)
  }

  private func divergence(_ order: Int, _ a: CompareStep, _ b: CompareStep, _ kind: Divergence.Kind) -> Divergence {
    Divergence(order: order, golden: position(a), current: position(b), label: a.label, kind: kind)
  }

  /// The diff of two states (`JSONStateDiff`: it reads only the parts that differ). A part not in
  /// the value form where they differ is an error: the one the conversion of the whole states
  /// gives (the golden state's first, else the current's), at the line of its state.
  private func stateDiff(_ old: JSON, line oldLine: Int, _ new: JSON, line newLine: Int) throws(TraceError)
    -> StateDiff
  {
    do {
      return try JSONStateDiff.diff(old, new)
    } catch {
      _ = try value(old, golden, line: oldLine, in: .state)
      _ = try value(new, current, line: newLine, in: .state)
      let (side, line) = error.side == .old ? (golden, oldLine) : (current, newLine)
      throw TraceError.valueForm(error.error, file: side.file, line: line, in: .state)
    }
  }

  /// `place` and `pointer`: where the value is (`TraceError.valueForm`).
  private func value(
    _ json: JSON, _ side: CompareSide, line: Int, in place: TraceError.ValuePlace = .line, under pointer: String = ""
  ) throws(TraceError) -> Value {
    try Value.decoded(json, file: side.file, line: line, in: place, under: pointer)
  }
}

/// Keeps the first divergences in detail (by order) and counts them all.
struct DivergenceRecorder {
  let limit: Int
  var counts = TraceComparison.Counts()
  private var divergences: [Divergence] = []
  private(set) var cases: [TraceComparison.Case]?
  private var nextOrder = 0
  /// The order of the last compared action.
  var lastOrder: Int { nextOrder - 1 }

  init(limit: Int, collectsCases: Bool) {
    self.limit = max(limit, 1)
    cases = collectsCases ? [] : nil
  }

  /// Numbers the next compared action (its `order`).
  mutating func addCase(golden: TraceComparison.Position?, current: TraceComparison.Position?, label: String) -> Int {
    defer { nextOrder += 1 }
    cases?.append(TraceComparison.Case(golden: golden, current: current, label: label, failed: false, order: nextOrder))
    return nextOrder
  }

  /// Whether a divergence of the action being compared now would be kept in detail: actions and
  /// states come in order, so once `limit` are kept, later ones would be dropped anyway (and
  /// their diffs are not computed).
  ///
  /// Also bounded by size: once the state diffs kept hold `nodeBudget` changed nodes, later
  /// states are only compared for equality — two runs whose 100,000-element states differ
  /// everywhere would otherwise keep a diff of the whole state for every action.
  var wantsDetails: Bool { divergences.count < limit && keptNodes < nodeBudget }

  /// The changed nodes of the state diffs kept in detail (`StateDiff.changedNodeCount`).
  private(set) var keptNodes = 0
  /// The most changed nodes kept in detail before states are only compared for equality
  /// (`CompareOptions.detailNodeLimit`).
  var nodeBudget = 20_000

  /// Counts a state diff kept in detail against `nodeBudget`.
  mutating func keep(_ diff: StateDiff) {
    keptNodes += diff.changedNodeCount(stoppingAt: nodeBudget)
  }

  /// A divergence counted but not kept in detail.
  mutating func markFailed(_ order: Int) {
    cases?[order].failed = true
  }

  mutating func add(_ divergence: Divergence) {
    cases?[divergence.order].failed = true
    divergences.append(divergence)
    if divergences.count >= 2 * limit { trim() }
  }

  private mutating func trim() {
    divergences.sort { ($0.order, $0.rank) < ($1.order, $1.rank) }
    if divergences.count > limit { divergences.removeLast(divergences.count - limit) }
  }

  func sortedDivergences() -> [Divergence] {
    var copy = self
    copy.trim()
    return copy.divergences
  }
}

extension Divergence {
  /// Among divergences of one action: the value, then the state, then the effects.
  fileprivate var rank: Int {
    switch kind {
    case .initialState, .missing, .extra, .action: 0
    case .state, .finalState: 1
    case .effects, .missingEffects, .extraEffects: 2
    }
  }
}
