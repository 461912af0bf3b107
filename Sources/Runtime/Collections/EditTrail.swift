/// Which positions of an `IdentifiedArray` were written, and since which earlier copy: a list of
/// writes shared by the copies of an array (a write adds to the writing copy's list only, so every
/// copy keeps its own history). The recorder's diff asks a new state's array which positions were
/// written since the array of the state it recorded last, and compares those elements only.
///
/// Each array starts with a record of its own, so unrelated arrays are never taken for copies of
/// one another. A list is cut after `maximumLength` writes (memory stays bounded); an insertion,
/// removal or move ends what it can tell. Then the diff compares elements as for any collection.
struct EditTrail: Sendable {
  private final class Record: Sendable {
    /// A position written; `structural` for insertions, removals, moves; `origin` for a start.
    let position: Int
    let previous: Record?
    let length: Int

    init(position: Int, previous: Record?) {
      self.position = position
      self.previous = previous
      length = (previous?.length ?? 0) + 1
    }
  }

  private static let structural = -1
  private static let origin = -2
  /// Writes kept in one list before it is cut.
  static let maximumLength = 256

  private var last = Record(position: EditTrail.origin, previous: nil)

  /// Notes a write of the element at `position`.
  mutating func wrote(_ position: Int) {
    append(position)
  }

  /// Notes an insertion, removal or move.
  mutating func changedStructure() {
    append(Self.structural)
  }

  private mutating func append(_ position: Int) {
    if last.length >= Self.maximumLength {
      last = Record(position: Self.origin, previous: nil)
    }
    last = Record(position: position, previous: last)
  }

  /// The positions written since `earlier` was this trail, or nil when that is not known.
  func positions(since earlier: EditTrail) -> [Int]? {
    var positions: [Int] = []
    var record: Record? = last
    while let current = record, current !== earlier.last {
      guard current.position >= 0 else { return nil }
      positions.append(current.position)
      record = current.previous
    }
    return record == nil ? nil : positions
  }
}
