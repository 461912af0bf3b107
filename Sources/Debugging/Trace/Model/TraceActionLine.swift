// An action line written straight from its record, byte for byte what `JSONWriter` writes for
// `TraceRecord.action(a).json`, without building that tree of members (and the patch's) first
// and taking it apart after: the recorder writes one per action.

extension TraceAction {
  /// Appends the compact JSON object of this action line (no newline), keys in the order of
  /// `TraceRecord.json`.
  ///
  /// ```text
  /// {"kind":"action","seq":3,"t":1200,"duration":40,"label":"Todos.Action.add","action":{…},"patch":[…]}
  /// ```
  func writeJSON(to output: inout JSONOutput) {
    output.appendRaw(#"{"kind":"action","seq":"#)
    output.appendInteger(seq)
    output.appendRaw(#","t":"#)
    output.appendInteger(t)
    output.appendRaw(#","duration":"#)
    output.appendInteger(duration)
    output.appendRaw(#","label":"#)
    output.appendJSONString(label)
    if let effect {
      output.appendRaw(#","effect":"#)
      output.appendInteger(effect)
    }
    if coalesced { output.appendRaw(#","coalesced":true"#) }
    output.appendRaw(#","action":"#)
    JSONWriter.write(action, to: &output, depth: 1)
    output.appendRaw(#","patch":"#)
    patch.writeJSON(to: &output, depth: 1)
    if let state {
      output.appendRaw(#","state":"#)
      JSONWriter.write(state, to: &output, depth: 1)
    }
    output.append(.closeBrace)
  }
}

extension JSONPatch {
  /// Appends the compact text of `json` without building it, `depth` levels down the document
  /// (as `JSONWriter` would write it there).
  ///
  /// ```text
  /// [{"op":"replace","path":"/todos/3/isComplete","value":true},{"op":"remove","path":"/todos/7"}]
  /// ```
  func writeJSON(to output: inout JSONOutput, depth: Int) {
    output.append(.openBracket)
    for (index, operation) in operations.enumerated() {
      if index > 0 { output.append(.comma) }
      operation.writeJSON(to: &output, depth: depth + 1)
    }
    output.append(.closeBracket)
  }
}

extension JSONPatch.Operation {
  /// Appends the compact text of `json` (`{"op":…,"path":…}`, keys in its order) without building it.
  fileprivate func writeJSON(to output: inout JSONOutput, depth: Int) {
    switch self {
    case let .add(path, value): write("add", path: path, value: value, to: &output, depth: depth)
    case let .remove(path): write("remove", path: path, value: nil, to: &output, depth: depth)
    case let .replace(path, value): write("replace", path: path, value: value, to: &output, depth: depth)
    case let .test(path, value): write("test", path: path, value: value, to: &output, depth: depth)
    case let .move(from, path): write("move", from: from, path: path, to: &output)
    case let .copy(from, path): write("copy", from: from, path: path, to: &output)
    }
  }

  /// `{"op":"replace","path":"/a","value":1}`, or without `value`.
  private func write(_ op: StaticString, path: JSONPointer, value: JSON?, to output: inout JSONOutput, depth: Int) {
    output.appendRaw(#"{"op":""#)
    output.appendRaw(op)
    output.appendRaw(#"","path":"#)
    output.appendJSONPointer(path)
    if let value {
      output.appendRaw(#","value":"#)
      JSONWriter.write(value, to: &output, depth: depth + 1)
    }
    output.append(.closeBrace)
  }

  /// `{"op":"move","from":"/a","path":"/b"}`.
  private func write(_ op: StaticString, from: JSONPointer, path: JSONPointer, to output: inout JSONOutput) {
    output.appendRaw(#"{"op":""#)
    output.appendRaw(op)
    output.appendRaw(#"","from":"#)
    output.appendJSONPointer(from)
    output.appendRaw(#","path":"#)
    output.appendJSONPointer(path)
    output.append(.closeBrace)
  }
}

extension JSONOutput {
  /// `pointer.description` as a JSON string (`appendJSONString(pointer.description)`), written
  /// token by token without making the description.
  ///
  /// ```text
  /// "/todos/a~1b/0"
  /// ```
  fileprivate mutating func appendJSONPointer(_ pointer: JSONPointer) {
    append(.quote)
    for token in pointer.tokens {
      append(UInt8(ascii: "/"))
      var token = token
      if token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) {
        token = JSONPointer(tokens: [token]).description
        token.removeFirst()
      }
      token.withUTF8 { appendEscaped($0) }
    }
    append(.quote)
  }
}
