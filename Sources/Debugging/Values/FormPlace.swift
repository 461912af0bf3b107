/// Where a container of a state sits in the value form, as the path from the root says: a value,
/// the fields of an enum case or tuple, a `$dict`'s pairs, one pair, or inside a marker (a
/// `$date`'s `$t`).
enum FormPlace {
  case value, fields, pairs, pair, marker

  /// The markers whose member is a container `Value(json:)` leaves out of its pointers.
  static func isCollectionMarker(_ key: String) -> Bool {
    key == "$tuple" || key == "$set" || key == "$dict"
  }

  /// The place of member `token` of a container at this place, whose first key is `firstKey`.
  ///
  /// ```swift
  /// FormPlace.value.child("$dict", firstKey: "$dict", isObject: true)  // .pairs
  /// FormPlace.pairs.child("3", firstKey: nil, isObject: false)         // .pair
  /// ```
  func child(_ token: String, firstKey: String?, isObject: Bool) -> FormPlace {
    switch self {
    case .value:
      guard isObject, let firstKey, firstKey.utf8.first == 0x24 else { return .value }
      switch firstKey {
      case "$type": return token == "$type" ? .marker : .value
      case "$enum": return token == "$enum" ? .marker : .fields
      case "$tuple": return .fields
      case "$set": return .value
      case "$dict": return .pairs
      default: return .marker
      }
    case .fields, .pair: return .value
    case .pairs: return .pair
    case .marker: return .marker
    }
  }

  /// Whether changing member `key` of an object at this place (whose first key is now
  /// `objectFirstKey`) may have broken the value form: a `$` key, or an object whose first key
  /// makes it a marker; inside a marker, anything. Fields of a case or tuple take any key.
  func mayBreak(objectFirstKey: String?, key: String) -> Bool {
    switch self {
    case .value:
      guard key.utf8.first != 0x24 else { return true }
      guard let objectFirstKey, objectFirstKey.utf8.first == 0x24 else { return false }
      return objectFirstKey != "$type"
    case .fields: return false
    case .pairs, .pair, .marker: return true
    }
  }

  /// Whether adding, replacing (`element`) or removing (`nil`) an element of an array at this
  /// place, leaving `arrayCount`, may have broken the value form: a `$dict` entry that is not a
  /// pair, a pair that is not two.
  func mayBreak(arrayCount: Int, element: JSON?) -> Bool {
    switch self {
    case .value, .fields: return false
    case .pairs:
      guard let element else { return false }
      if case let .array(pair) = element, pair.count == 2 { return false }
      return true
    case .pair: return arrayCount != 2
    case .marker: return true
    }
  }
}
