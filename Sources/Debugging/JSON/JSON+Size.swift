extension JSON {
  /// About how many bytes this value takes as compact JSON text (numbers count 8, strings their
  /// UTF-8 and quotes, escapes aside), or `limit + 1` as soon as it is more than `limit`: a value
  /// shared many times over (a `copy` of a copy) is measured without walking all of it.
  ///
  /// ```swift
  /// try JSONReader.parse(#"{"a":[1,2]}"#).encodedSize(atMost: 100)  // 2 + 3 + 1 + 2 + 8 + 1 + 8 = 25
  /// ```
  package func encodedSize(atMost limit: Int) -> Int {
    var size = 0
    var pending: [JSON] = [self]
    while let value = pending.popLast() {
      switch value {
      case .null, .bool: size += 5
      case .int, .uint, .double: size += 8
      case let .string(text): size += text.utf8.count + 2
      case let .array(elements):
        size += 1 + elements.count
        for element in elements { pending.append(element) }
      case let .object(members):
        size += 1 + members.count
        for member in members {
          size += member.key.utf8.count + 3
          pending.append(member.value)
        }
      }
      if size > limit { return limit + 1 }
    }
    return size
  }
}
