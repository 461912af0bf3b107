/// `quickSkipValue()` with the rest of the reader's rules: no key twice in one object, integers
/// within 64 bits, numbers within `Double`. What it returns `true` for, `JSONReader` reads
/// without an error; `false` means "not known to be fine", and the caller reads the value with
/// `JSONReader` for the exact answer (an error, or a value this check leaves to the reader).
///
/// Left to the reader (`false`): a key with an escape, an object with more than 32 members, an
/// integer of more than 18 digits, a number with an exponent that may not fit a `Double`.
///
/// ```swift
/// var parser = JSONParser(base, count: count, from: valueStart)
/// parser.quickCheckValue()  // {"a":1,"a":2} → false (JSONReader: duplicate key "a")
/// ```
extension JSONParser {
  /// Moves past the value at `index` and returns `true` when `JSONReader` accepts it; else
  /// returns `false` with `index` unchanged.
  mutating func quickCheckValue() -> Bool {
    quickCheckValue(reusing: QuickKeys())
  }

  /// `quickCheckValue()` that also records where the members and elements of the containers on
  /// the first `children.levels` levels of the value are (`JSONChildIndex`).
  mutating func quickCheckValue(children: inout JSONChildIndex) -> Bool {
    quickCheckValue(children: &children, reusing: QuickKeys())
  }

  /// `quickCheckValue(children:)` with the key table of earlier checks (`keys`).
  mutating func quickCheckValue(children: inout JSONChildIndex, reusing keys: QuickKeys) -> Bool {
    quickCheckValue(recording: &children, reusing: keys)
  }

  /// `quickCheckValue()` with the key table of earlier checks (`keys`), for checking many values
  /// in a row without allocating one each time.
  mutating func quickCheckValue(reusing keys: QuickKeys) -> Bool {
    var none = JSONNoChildren()
    return quickCheckValue(recording: &none, reusing: keys)
  }

  /// `quickCheckValue(reusing:)` that tells `recorder` what it passes (`JSONCheckRecorder`).
  mutating func quickCheckValue<Recorder: JSONCheckRecorder>(
    recording recorder: inout Recorder, reusing keys: QuickKeys
  )
    -> Bool
  {
    let end =
      keys.checksForms
      ? quickScanEnd(JSONFormRules.self, keys: keys, recording: &recorder)
      : quickScanEnd(JSONReaderRules.self, keys: keys, recording: &recorder)
    guard let after = end else { return false }
    index = after
    return true
  }
}

/// The storage for the keys of the objects open during `quickCheckValue()`, to find one given
/// twice, and the state of the enclosing objects: allocated small at the first object checked (48
/// keys, 16 levels: the open objects of a trace's values hold fewer), grown as needed, and kept
/// for the next checks (`quickCheckValue(reusing:)`).
final class QuickKeys {
  /// More members than this in one object are left to the reader.
  static let perObject = 32
  fileprivate private(set) var keys: UnsafeMutablePointer<QuickKeyFrame.Key>?
  fileprivate private(set) var keyCapacity = 0
  fileprivate private(set) var levels: UnsafeMutablePointer<QuickKeyFrame.Level>?
  fileprivate private(set) var levelCapacity = 0
  /// Whether checks with this table also check the trace's value form (`JSONFormRules`):
  /// `validate`'s table.
  let checksForms: Bool
  /// The value form's state per level (`QuickFormFrame`), made at the first check of forms.
  private var forms: UnsafeMutablePointer<QuickFormFrame.State>?
  /// The shapes of values checked with this table (`CompactLine.checkedValue(_:shapedLike:)`).
  private(set) lazy var valueTemplates = JSONValueTemplates()

  init(checksForms: Bool = false) { self.checksForms = checksForms }

  deinit {
    keys?.deallocate()
    levels?.deallocate()
    forms?.deallocate()
  }

  /// The room for `QuickFormFrame`'s states: one per level a quick scan can open (64).
  func formStates() -> UnsafeMutablePointer<QuickFormFrame.State> {
    if let forms { return forms }
    let made = UnsafeMutablePointer<QuickFormFrame.State>.allocate(capacity: 64)
    made.initialize(repeating: .pending, count: 64)
    forms = made
    return made
  }

  fileprivate func allocate() {
    keyCapacity = 48
    keys = .allocate(capacity: keyCapacity)
    levelCapacity = 16
    levels = .allocate(capacity: levelCapacity)
  }

  /// Twice the room for keys, the first `count` kept.
  fileprivate func growKeys(keeping count: Int) {
    keys = Self.grown(keys!, from: keyCapacity, keeping: count)
    keyCapacity *= 2
  }

  /// Twice the room for levels, the first `count` kept.
  fileprivate func growLevels(keeping count: Int) {
    levels = Self.grown(levels!, from: levelCapacity, keeping: count)
    levelCapacity *= 2
  }

  private static func grown<T>(_ buffer: UnsafeMutablePointer<T>, from capacity: Int, keeping count: Int)
    -> UnsafeMutablePointer<T>
  {
    let larger = UnsafeMutablePointer<T>.allocate(capacity: capacity * 2)
    larger.moveInitialize(from: buffer, count: count)
    buffer.deallocate()
    return larger
  }
}

/// The keys of the objects open during one check, in a `QuickKeys`' storage: those of the
/// innermost object are `base..<top`; `bloom` has one bit per key of it (from its length and
/// its first and last bytes), so a key is compared with the others only when its bit is taken.
///
/// ```text
/// {"$type":…,"description":…,"id":{"$uuid":…},"isComplete":…}
/// level 1: $type description id isComplete   (4 bits in bloom, no comparison)
/// level 2: $uuid                              (the level-1 keys and bloom saved while it is open)
/// ```
struct QuickKeyFrame {
  /// A key's bytes, between its quotes.
  struct Key {
    var start: UnsafePointer<UInt8>
    var count: Int
  }

  /// What an enclosing object had when an inner one opened.
  struct Level {
    var base: Int
    var bloom: UInt64
  }

  /// Where the storage comes from (`nil` for a skip, which records no key).
  private unowned(unsafe) let owner: QuickKeys?
  // Placeholders until the first object (`prepare()`, as the room for levels is 0).
  private var keys = UnsafeMutablePointer<Key>(bitPattern: 8)!
  private var keyCapacity = 0
  private var levels = UnsafeMutablePointer<Level>(bitPattern: 8)!
  private var levelCapacity = 0
  private var base = 0
  private var top = 0
  private var bloom: UInt64 = 0

  init(_ owner: QuickKeys?) { self.owner = owner }

  @inline(never)
  private mutating func prepare() {
    let storage = owner!
    if storage.keys == nil { storage.allocate() }
    keys = storage.keys!
    keyCapacity = storage.keyCapacity
    levels = storage.levels!
    levelCapacity = storage.levelCapacity
  }

  @inline(never)
  private mutating func growKeys() {
    owner!.growKeys(keeping: top)
    keys = owner!.keys!
    keyCapacity = owner!.keyCapacity
  }

  @inline(never)
  private mutating func growLevels(to level: Int) {
    if levelCapacity == 0 { prepare() }
    while levelCapacity <= level {
      owner!.growLevels(keeping: levelCapacity)
      levels = owner!.levels!
      levelCapacity = owner!.levelCapacity
    }
  }

  /// An object opens at `level` (1…63).
  @inline(__always)
  mutating func enter(level: Int) {
    if level >= levelCapacity { growLevels(to: level) }
    levels[level] = Level(base: base, bloom: bloom)
    base = top
    bloom = 0
  }

  /// The object at `level` closes: its keys are forgotten.
  @inline(__always)
  mutating func leave(level: Int) {
    top = base
    base = levels[level].base
    bloom = levels[level].bloom
  }

  /// Records a key of the innermost object (`count` bytes at `start`, read between its quotes);
  /// `false` when it is there already or the object has too many members to compare.
  @inline(__always)
  mutating func insert(_ start: UnsafePointer<UInt8>, count: Int) -> Bool {
    guard top - base < QuickKeys.perObject else { return false }
    // For the empty key both bytes are its quotes.
    let first = UInt64(start[0])
    let last = UInt64(start[count &- 1])
    let bit: UInt64 = 1 &<< ((UInt64(truncatingIfNeeded: count) &* 7 &+ first &* 3 &+ last) & 63)
    if bloom & bit != 0 {
      var i = base
      while i < top {
        if keys[i].count == count && Self.equal(keys[i].start, start, count) { return false }
        i += 1
      }
    }
    bloom |= bit
    if top == keyCapacity { growKeys() }
    keys[top] = Key(start: start, count: count)
    top += 1
    return true
  }

  @inline(__always)
  private static func equal(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    for i in 0..<count where a[i] != b[i] { return false }
    return true
  }
}
