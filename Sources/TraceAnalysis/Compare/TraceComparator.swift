import Debugging

/// How two runs are compared.
public struct CompareOptions: Sendable {
  /// Parts of states and actions that may differ (ids, timestamps).
  public var ignore: [IgnorePattern] = []
  /// Compare per-label reducer durations and effect lifetimes as well.
  public var timings = false
  /// Relative increase that counts as a timing regression (0.25 = 25%).
  public var threshold = 0.25
  /// Absolute increase (nanoseconds) below which a timing never counts as a regression.
  public var minimumDifference: Int64 = 1_000_000
  /// How many actions of each run are aligned at a time (memory is O(window²) at worst). A run
  /// of more than about `window` consecutive missing or extra actions is reported as such, but
  /// may not be re-aligned at the best place after it.
  public var window = 1_024
  /// How many divergences are kept in detail (all are counted). Beyond it, states are only
  /// compared for equality: see `TraceComparison.Counts.statesNotExamined`.
  public var detailLimit = 200
  /// How many changed places (`StateDiff.changedNodeCount`) the state diffs kept in detail may
  /// hold in all; beyond it, states are only compared for equality, as beyond `detailLimit`.
  /// Two runs whose large states differ everywhere then cost what two similar runs cost (a
  /// 10,000-todo run against a 1,000-todo one: 7.4 s, 860 MB and 144 MB of text before, 0.7 s,
  /// 64 MB and 6 MB now). The first state difference is always kept whole.
  public var detailNodeLimit = 20_000
  /// Keep every compared action in `TraceComparison.cases` (JUnit lists them).
  public var collectsCases = false

  public init() {}
}

/// Compares two recorded runs, streaming both: actions are aligned (Myers, over label and
/// action value, `window` actions at a time after a common prefix), aligned actions are checked
/// for differing values, resulting states and effects, and unaligned ones are reported as
/// missing or extra.
///
/// States are compared cheaply while the runs agree: equal states with equal patches give equal
/// states, so a full comparison happens only after a difference. A state difference that merely
/// persists after an earlier one (the same paths differ: an extra todo stays extra) is counted,
/// not shown again; after
/// `exactCarriedComparisons` such actions in a row, equal patches are taken to carry it without
/// comparing, and the final states are compared at the end. Beyond `detailLimit` divergences,
/// states are only compared for equality. Where the runs are unrelated, windows shrink
/// (`adaptSpan`), so that two unrelated runs cost about as much as two similar ones.
///
/// ```swift
/// let comparison = try TraceComparator.compare(golden: "golden.jsonl", current: "current.jsonl")
/// print(ComparisonTextRenderer().render(comparison))
/// ```
public final class TraceComparator {
  let options: CompareOptions
  let golden: CompareSide
  let current: CompareSide
  var goldenBuffer: [CompareStep] = []
  var currentBuffer: [CompareStep] = []
  var recorder: DivergenceRecorder
  /// Whether the states after the last aligned pair were equal, with nothing unaligned since.
  var inSync = false
  /// Where the states differed (`JSONDifferencePaths`) at the last state difference shown, to
  /// recognise one that merely persists (the same paths differ, with values that may have moved
  /// on: a counter that is one ahead stays one ahead).
  var lastStatePaths: [String]?
  /// Aligned actions in a row that carried the difference at `lastStatePaths`.
  var carriedRun = 0
  /// Whether the states differed after the last aligned pair (or the initial states), with
  /// nothing unaligned since: the same patch applied to both then only carries that difference,
  /// even when it moves it (a todo inserted before the one that differs).
  var carryingDifference = false
  /// The last action of each run taken into account (aligned or not).
  var lastGolden: CompareStep?
  var lastCurrent: CompareStep?
  var pendingEffects: [PendingEffects] = []
  /// How many actions of each run the next window aligns (`adaptSpan`): `window`, less where
  /// the runs are unrelated.
  var span: Int
  var pendingStart = 0

  /// An aligned pair, or an unaligned action (`nil` on the other side), whose effects are
  /// compared (or reported) once they all ended.
  struct PendingEffects {
    var order: Int
    var golden: EffectOwner?
    var current: EffectOwner?
  }

  /// The action that started the effects: only what the report needs (not the whole step, which
  /// may hold a keyframe, for effects that may run long).
  struct EffectOwner {
    var position: TraceComparison.Position
    var label: String
    var effects: [Int64]
  }

  /// Compares the traces at two paths.
  public static func compare(golden: String, current: String, options: CompareOptions = .init()) throws
    -> TraceComparison
  {
    try compare(golden: TraceReader(path: golden), current: TraceReader(path: current), options: options)
  }

  public static func compare(golden: TraceReader, current: TraceReader, options: CompareOptions = .init())
    throws(TraceError) -> TraceComparison
  {
    try TraceComparator(golden: golden, current: current, options: options).run()
  }

  package init(golden: TraceReader, current: TraceReader, options: CompareOptions) {
    self.options = options
    let mask = IgnoreMask(options.ignore)
    self.golden = CompareSide(reader: golden, mask: mask, timings: options.timings)
    self.current = CompareSide(reader: current, mask: mask, timings: options.timings)
    recorder = DivergenceRecorder(limit: options.detailLimit, collectsCases: options.collectsCases)
    recorder.nodeBudget = options.detailNodeLimit
    span = max(options.window, 2)
  }

  /// Calls `body` with every line either trace reads, in each trace's order (`isGolden` says
  /// whose), as the comparison reads them: a caller that wants more of the lines (the gap
  /// notes, `tca-trace diff`) does not read the files again. Both traces are read to their end
  /// when `run()` returns.
  package func observeLines(_ body: @escaping (_ isGolden: Bool, TraceLine) -> Void) {
    golden.observer = { body(true, $0) }
    current.observer = { body(false, $0) }
  }

  /// The warnings of both traces read so far (a cut-off last line), golden's first: what the
  /// comparison reports, or what precedes the error when it stops at a bad line.
  package var warnings: [TraceError] { golden.warnings + current.warnings }

  package func run() throws(TraceError) -> TraceComparison {
    try golden.start()
    try current.start()
    try compareInitialStates()
    while true {
      try skipCommonPrefix()
      try fill()
      if goldenBuffer.isEmpty && currentBuffer.isEmpty { break }
      try alignWindow(final: golden.isAtEnd && current.isAtEnd)
    }
    try compareFinalStates()
    try settleEffects(all: true)
    return result()
  }

  /// Reads until each buffer holds `window` actions (or its trace ended).
  private func fill() throws(TraceError) {
    let window = max(options.window, 2)
    while goldenBuffer.count < window, let step = try golden.next() { goldenBuffer.append(step) }
    while currentBuffer.count < window, let step = try current.next() { currentBuffer.append(step) }
  }

  /// Pairs equal actions at the front of both runs without aligning them, reading one action at
  /// a time: the common case, in which memory holds one action of each run.
  private func skipCommonPrefix() throws(TraceError) {
    while true {
      if goldenBuffer.isEmpty, let step = try golden.next() { goldenBuffer.append(step) }
      if currentBuffer.isEmpty, let step = try current.next() { currentBuffer.append(step) }
      guard let a = goldenBuffer.first, let b = currentBuffer.first, a.sameAction(as: b) else { return }
      goldenBuffer.removeFirst()
      currentBuffer.removeFirst()
      try pair(a, b, differentAction: false)
    }
  }

  /// Aligns the buffers and reports up to a match about half way through them (everything when
  /// both traces are read to the end).
  private func alignWindow(final: Bool) throws(TraceError) {
    let window = span
    let final = final && goldenBuffer.count <= window && currentBuffer.count <= window
    let a = Array(goldenBuffer.prefix(window)), b = Array(currentBuffer.prefix(window))
    let operations = Self.align(a, b)
    adaptSpan(edits: 2 * operations.count - a.count - b.count)
    if !final, !a.isEmpty, !b.isEmpty, !operations.contains(where: { if case .match = $0 { true } else { false } }) {
      if try resynchronise(window: window) { return }
    }
    var cut = operations.count
    if !final {
      var consumedA = 0, consumedB = 0
      var lastMatch: Int?
      for (index, operation) in operations.enumerated() {
        switch operation {
        case .match: consumedA += 1; consumedB += 1; lastMatch = index
        case .delete: consumedA += 1
        case .insert: consumedB += 1
        }
        if case .match = operation, consumedA * 2 >= a.count || consumedB * 2 >= b.count { break }
      }
      if let lastMatch { cut = lastMatch + 1 }
    }
    var deleted: [CompareStep] = [], inserted: [CompareStep] = []
    var consumedA = 0, consumedB = 0
    for operation in operations[..<cut] {
      switch operation {
      case let .delete(i): deleted.append(a[i]); consumedA += 1
      case let .insert(j): inserted.append(b[j]); consumedB += 1
      case let .match(i, j):
        try flushGap(&deleted, &inserted)
        try pair(a[i], b[j], differentAction: false)
        consumedA += 1
        consumedB += 1
      }
    }
    try flushGap(&deleted, &inserted)
    goldenBuffer.removeFirst(consumedA)
    currentBuffer.removeFirst(consumedB)
  }

  /// Where the runs are unrelated (a window that is mostly edits), the next windows are smaller,
  /// down to `minimumSpan`: Myers costs O(span × edits), so this keeps the cost per action
  /// bounded by a small span instead of the whole window; windows that align well grow back to
  /// `window`.
  private func adaptSpan(edits: Int) {
    let window = max(options.window, 2)
    if edits * 2 > span {
      span = max(min(window, Self.minimumSpan), span / 2)
    } else {
      span = min(window, span * 2)
    }
  }

  /// The smallest window `adaptSpan` shrinks to (a smaller `window` is kept as it is).
  static let minimumSpan = 64

  /// Myers over the two windows, comparing keys (hashes) first. Windows without an action in
  /// common (unrelated runs) are not searched: their alignment is all deletions and insertions,
  /// which would cost Myers its worst case, O(window²).
  static func align(_ a: [CompareStep], _ b: [CompareStep]) -> [SequenceAlignment.Operation] {
    let keysA = a.map(\.key), keysB = b.map(\.key)
    let inB = Set(keysB)
    guard keysA.contains(where: inB.contains) else {
      return a.indices.map { .delete($0) } + b.indices.map { .insert($0) }
    }
    return SequenceAlignment.align(count: (a.count, b.count)) { keysA[$0] == keysB[$1] && a[$0].sameAction(as: b[$1]) }
  }

  /// No action of one window matches one of the other: reads up to `lookahead` windows further
  /// for the first golden action in the current run and the first current action in the golden
  /// run; the nearer one ends a block of extra (or missing) actions longer than the window.
  /// Returns `false` when neither is within reach. Where the runs are unrelated, windows are
  /// smaller (`span`), and so is this look-ahead.
  private func resynchronise(window: Int) throws(TraceError) -> Bool {
    let limit = window * Self.lookahead
    // Keyframes of steps read beyond a window are kept as text (a trace with a keyframe every
    // 100 actions of a 1,000-todo state: 425 MB of trees for 16 windows of 1,024).
    let compactFrom = max(options.window, 2)
    while goldenBuffer.count < limit, var step = try golden.next() {
      if goldenBuffer.count >= compactFrom { step.compact() }
      goldenBuffer.append(step)
    }
    while currentBuffer.count < limit, var step = try current.next() {
      if currentBuffer.count >= compactFrom { step.compact() }
      currentBuffer.append(step)
    }
    let goldenHead = goldenBuffer[0], currentHead = currentBuffer[0]
    let extra = currentBuffer.firstIndex { $0.sameAction(as: goldenHead) }
    let missing = goldenBuffer.firstIndex { $0.sameAction(as: currentHead) }
    if let extra, extra <= (missing ?? .max) {
      for step in currentBuffer[..<extra] { try unaligned(step, inGolden: false) }
      currentBuffer.removeFirst(extra)
      return true
    }
    if let missing {
      for step in goldenBuffer[..<missing] { try unaligned(step, inGolden: true) }
      goldenBuffer.removeFirst(missing)
      return true
    }
    return false
  }

  /// How many windows `resynchronise()` reads ahead (actions hold no state: about 1 KB each).
  static let lookahead = 16

  /// Between two matches: golden actions that are not in the current run and the reverse.
  /// Those with the same label, in order, are the same action with a different value.
  private func flushGap(_ deleted: inout [CompareStep], _ inserted: inout [CompareStep]) throws(TraceError) {
    var next = 0
    for step in deleted {
      if let match = inserted[next...].firstIndex(where: { $0.label == step.label }) {
        for extra in inserted[next..<match] { try unaligned(extra, inGolden: false) }
        try pair(step, inserted[match], differentAction: true)
        next = match + 1
      } else {
        try unaligned(step, inGolden: true)
      }
    }
    for extra in inserted[next...] { try unaligned(extra, inGolden: false) }
    deleted.removeAll()
    inserted.removeAll()
  }
}
