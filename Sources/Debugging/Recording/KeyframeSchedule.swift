/// When the recorder writes a full `state` on an action line (a keyframe): by bytes, so keyframes
/// stay a bounded share of the trace whatever the state's size, and a reader rebuilding any state
/// starts from a keyframe and applies at most about one state's worth of patches.
///
/// A keyframe is due on the action whose patch brings the patch bytes written since the last full
/// state (the initial state or a keyframe) to at least `ratio` × that state's size in bytes, and
/// to at least `minimumBytes` (small states do not get a keyframe every few actions). With
/// `interval` set, every `interval`-th action also carries one; after a gap, the next action does.
///
/// ```swift
/// var schedule = KeyframeSchedule(ratio: 1, minimumBytes: 0, interval: nil)
/// schedule.wroteState(bytes: 100)
/// schedule.isDue(seq: 1, patchBytes: 60)  // false: 60 of 100 bytes
/// schedule.isDue(seq: 2, patchBytes: 60)  // true: 120 ≥ 100
/// ```
struct KeyframeSchedule {
  let ratio: Double
  let minimumBytes: Int
  let interval: Int?
  /// Bytes of the last full state written, and of the patches written since.
  private(set) var stateBytes = 0
  private(set) var patchBytes = 0

  init(ratio: Double, minimumBytes: Int, interval: Int?) {
    self.ratio = ratio
    self.minimumBytes = minimumBytes
    self.interval = interval
  }

  init(_ options: TraceRecorderOptions) {
    self.init(
      ratio: options.keyframePatchRatio, minimumBytes: options.keyframeMinimumPatchBytes,
      interval: options.keyframeInterval)
  }

  /// A full state of `bytes` bytes was written: patches are counted from here.
  mutating func wroteState(bytes: Int) {
    stateBytes = bytes
    patchBytes = 0
  }

  /// Counts the patch of action `seq` (`patchBytes` bytes of JSON) and says whether that action
  /// carries a keyframe. The caller reports the keyframe it writes with `wroteState(bytes:)`.
  mutating func isDue(seq: Int64, patchBytes bytes: Int) -> Bool {
    patchBytes += bytes
    if let interval, interval > 0, seq % Int64(interval) == 0 { return true }
    guard ratio.isFinite, ratio >= 0 else { return false }
    let threshold = max(Double(minimumBytes), ratio * Double(stateBytes))
    return patchBytes > 0 && Double(patchBytes) >= threshold
  }
}
