/// An identified array encodes as the plain array of its elements, as TCA's does; decoding one
/// with two elements of the same id is an error, not a silent drop.
///
/// ```swift
/// try JSONDecoder().decode(IdentifiedArrayOf<Todo.State>.self, from: Data(#"[{"id":…}]"#.utf8))
/// ```
extension IdentifiedArray: Decodable where Element: Decodable & Identifiable, ID == Element.ID {
  public init(from decoder: any Decoder) throws {
    let elements = try [Element](from: decoder)
    self.init(uniqueElements: elements)
    if self.count != elements.count {
      var seen = Set<ID>()
      let index = elements.firstIndex { !seen.insert($0.id).inserted } ?? 0
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: decoder.codingPath,
          debugDescription: "duplicate id \(elements[index].id) at index \(index) of an identified array"
        )
      )
    }
  }
}

extension IdentifiedArray: Encodable where Element: Encodable {
  public func encode(to encoder: any Encoder) throws {
    try elements.encode(to: encoder)
  }
}
