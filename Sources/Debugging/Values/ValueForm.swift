import Foundation

/// Whether a JSON value is in the trace's value form, without building the value: what
/// `Value(json:)` reads without an error, rule for rule (`ValueJSONDecoding`). For the values
/// `validate` has as trees: patch values, and the states and actions its quick scan leaves to the
/// reader; `Value(json:)` gives the error of one that is not.
///
/// ```swift
/// Value.isInForm(try JSONReader.parse(#"{"$uuid":"nope"}"#))   // false
/// ```
extension Value {
  /// `deep: false` checks the value's own shape only, taking the values inside it (a struct's
  /// fields, a dictionary's values, a set's members) as in the form: what `validate` checks of a
  /// container a patch changed, whose other members were checked before (`PatchFormCheck`).
  static func isInForm(_ json: JSON, deep: Bool = true) -> Bool {
    switch json {
    case let .array(elements): return !deep || elements.allSatisfy { isInForm($0) }
    case let .object(members): return objectIsInForm(members, deep: deep)
    default: return true
    }
  }

  /// Whether `json` is in the form for `place`: a value; an object of values (the fields of a
  /// case or tuple, whose keys may start with `$`); an array of pairs of values; a pair. Inside a
  /// marker anything is taken (the marker's own check looks).
  static func isInForm(_ json: JSON, at place: FormPlace) -> Bool {
    switch (place, json) {
    case (.value, _): return isInForm(json)
    case let (.fields, .object(fields)): return fields.allSatisfy { isInForm($0.value) }
    case let (.pairs, .array(pairs)): return pairs.allSatisfy { isInForm($0, at: .pair) }
    case let (.pair, .array(pair)): return pair.count == 2 && pair.allSatisfy { isInForm($0) }
    case (.marker, _): return true
    default: return false
    }
  }

  private static func objectIsInForm(_ members: JSONMembers, deep: Bool) -> Bool {
    func isInForm(_ json: JSON) -> Bool { !deep || Value.isInForm(json) }
    guard let first = members.first, first.key.utf8.first == 0x24 else {
      return members.allSatisfy { $0.key.utf8.first != 0x24 && isInForm($0.value) }
    }
    func text(_ member: JSON.Member) -> String? {
      guard case let .string(text) = member.value else { return nil }
      return text
    }
    func fields(_ value: JSON) -> Bool {
      guard case let .object(fields) = value else { return false }
      return fields.allSatisfy { isInForm($0.value) }
    }
    switch first.key {
    case "$type":
      return text(first) != nil && members.dropFirst().allSatisfy { isInForm($0.value) }
    case "$enum":
      return text(first) != nil && members.count == 2 && members[1].key.utf8.first != 0x24 && fields(members[1].value)
    case "$date":
      guard text(first) != nil, members.count == 2, members[1].key == "$t" else { return false }
      switch members[1].value {
      case .double, .int: return true
      case let .object(seconds):
        // Only `{"$double":…}` reads as a number.
        return seconds.count == 1 && seconds[0].key == "$double" && doubleText(text(seconds[0]))
      default: return false
      }
    default:
      guard members.count == 1 else { return false }
      switch first.key {
      case "$tuple": return fields(first.value)
      case "$set":
        guard case let .array(elements) = first.value else { return false }
        return elements.allSatisfy(isInForm)
      case "$dict":
        guard case let .array(pairs) = first.value else { return false }
        return pairs.allSatisfy { pair in
          guard case let .array(kv) = pair, kv.count == 2 else { return false }
          return isInForm(kv[0]) && isInForm(kv[1])
        }
      case "$double": return doubleText(text(first))
      case "$uuid": return text(first).flatMap(parseUUID) != nil
      case "$url": return text(first).flatMap { URL(string: $0) } != nil
      case "$data": return text(first).flatMap { Data(base64Encoded: $0) } != nil
      case "$redacted", "$ref": return text(first) != nil
      default: return false
      }
    }
  }

  private static func doubleText(_ text: String?) -> Bool {
    text == "nan" || text == "inf" || text == "-inf"
  }
}
