/// The members of an object that a patch changed inside, by key, as `FocusedChange` captures
/// them: usually one or two. The diff asks for every member of the object, so a miss must be
/// cheap: up to 8 entries are scanned (two keys of different lengths differ at once), more are
/// found through a dictionary (a patch that touches 5,000 fields of one struct).
///
/// ```swift
/// var captured = CapturedMembers<Int>()
/// captured["title"] = 1
/// captured["title"]        // 1
/// captured["isComplete"]   // nil
/// ```
struct CapturedMembers<Captured> {
  private var keys: [String] = []
  private var values: [Captured] = []
  /// Each key's place in `keys`, once there are more than `scanned` of them.
  private var places: [String: Int]?
  private static var scanned: Int { 8 }

  subscript(key: String) -> Captured? {
    get {
      if let places { return places[key].map { values[$0] } }
      for (place, candidate) in keys.enumerated() where candidate == key { return values[place] }
      return nil
    }
    set {
      let existing = places.map { $0[key] } ?? keys.firstIndex(of: key)
      switch (existing, newValue) {
      case let (place?, value?): values[place] = value
      case let (place?, nil):
        keys.remove(at: place)
        values.remove(at: place)
        places = nil
        indexIfLarge()
      case let (nil, value?):
        keys.append(key)
        values.append(value)
        if places != nil { places![key] = keys.count - 1 } else { indexIfLarge() }
      case (nil, nil): break
      }
    }
  }

  var count: Int { keys.count }

  private mutating func indexIfLarge() {
    guard keys.count > Self.scanned else { return }
    var index: [String: Int] = [:]
    for (place, key) in keys.enumerated() { index[key] = place }
    places = index
  }
}
