/// Writes JSON as compact UTF-8 bytes (no spaces), keys in their given order.
///
/// ```swift
/// JSONWriter.string(.object([.init("a", .double(1)), .init("b", .string("x\n"))]))
/// ```
/// ```text
/// {"a":1.0,"b":"x\n"}
/// ```
///
/// Escaping and number forms are described on `appendJSONString` / `appendDouble`
/// (JSONOutput.swift). A non-finite `.double` has no JSON form and is written as `null`.
public enum JSONWriter {
  /// The JSON string literal of the UTF-8 `bytes` appended to `output`: what
  /// `write(.string(…), into:)` writes, without making a `String` or a buffer of its own.
  ///
  /// ```swift
  /// var bytes: [UInt8] = []
  /// Array("a\"b".utf8).withUnsafeBufferPointer { JSONWriter.writeString(utf8: $0, into: &bytes) }  // "a\"b"
  /// ```
  public static func writeString(utf8 bytes: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
    output.append(.quote)
    forEachJSONStringRun(
      bytes, run: { output.append(contentsOf: $0) }, escape: { byte in writeJSONEscape(byte) { output.append($0) } })
    output.append(.quote)
  }

  /// `writeString(utf8:into:)` of a string.
  public static func writeString(_ string: String, into output: inout [UInt8]) {
    var string = string
    string.withUTF8 { writeString(utf8: $0, into: &output) }
  }

  /// Appends the compact JSON text of `json` to `output`.
  public static func write(_ json: JSON, into output: inout [UInt8]) {
    var sink = JSONOutput()
    write(json, to: &sink)
    sink.finish(into: &output)
  }

  static func write(_ json: JSON, to output: inout JSONOutput) {
    write(json, to: &output, depth: 0)
  }

  /// Writes the compact JSON text of `json` in pieces of about `chunkSize` bytes or more (cut
  /// after an element of an array or a member of an object), each handed to `body` as soon as it
  /// is written: the text of a 100 MB state is never held whole. `body` returns `false` to stop
  /// (a closed pipe): the rest is not written.
  ///
  /// ```swift
  /// JSONWriter.write(state, chunksOf: 1 << 16) { piece in output.write(piece) }
  /// ```
  public static func write(
    _ json: JSON, chunksOf chunkSize: Int, to body: (UnsafeBufferPointer<UInt8>) -> Bool
  ) {
    withoutActuallyEscaping(body) { body in
      var output = JSONOutput(drainingAt: max(1, chunkSize), into: body)
      write(json, to: &output, depth: 0)
      output.drainAll()
    }
  }

  /// Recursive for the first `JSON.recursionLimit` levels, then with a work list: a tree built in
  /// code deeper than any stack is written without overflowing it. `depth` is how deep `json`
  /// lies in the document being written (a writer of an enclosing container passes its own + 1).
  static func write(_ json: JSON, to output: inout JSONOutput, depth: Int) {
    if depth >= JSON.recursionLimit, json.isContainer {
      writeIteratively(json, to: &output)
      return
    }
    switch json {
    case .null: output.appendRaw("null")
    case let .bool(b): b ? output.appendRaw("true") : output.appendRaw("false")
    case let .int(i): output.appendInteger(i)
    case let .uint(u): output.appendInteger(u)
    case let .double(d):
      if d.isFinite { output.appendDouble(d) } else { output.appendRaw("null") }
    case let .string(s): output.appendJSONString(s)
    case let .array(container):
      if container.hasPendingElements {
        writeKeepingText(container, to: &output, depth: depth)
        return
      }
      output.append(.openBracket)
      var first = true
      for element in container {
        if !first { output.append(.comma) }
        first = false
        write(element, to: &output, depth: depth + 1)
        output.drainIfFull()
        if output.isStopped { return }
      }
      output.append(.closeBracket)
    case let .object(container):
      let members = container.array
      output.append(.openBrace)
      for i in members.indices {
        if i > 0 { output.append(.comma) }
        output.appendJSONString(members[i].key)
        output.append(.colon)
        write(members[i].value, to: &output, depth: depth + 1)
        output.drainIfFull()
        if output.isStopped { return }
      }
      output.append(.closeBrace)
    }
  }

  /// An array whose elements are partly still text: the text of each such element is copied
  /// when the array's text is in the writer's form (`JSONCanonicalText`), else it is parsed.
  private static func writeKeepingText(_ elements: JSONElements, to output: inout JSONOutput, depth: Int) {
    let storage = elements.storage
    if storage.pending?.canonical == nil {
      let pending = storage.pending!
      let bytes = pending.text.bytes
      let canonical = pending.ranges.allSatisfy {
        $0.isEmpty || JSONCanonicalText.isCanonical(bytes.baseAddress!, $0.range)
      }
      storage.pending!.canonical = canonical
    }
    output.append(.openBracket)
    for i in elements.indices {
      if i > 0 { output.append(.comma) }
      if storage.pending?.canonical == true, let (text, range) = storage.text(of: i) {
        output.append(contentsOf: UnsafeBufferPointer(rebasing: text.bytes[range]))
      } else {
        write(elements[i], to: &output, depth: depth + 1)
      }
      output.drainIfFull()
      if output.isStopped { return }
    }
    output.append(.closeBracket)
  }

  private static func writeIteratively(_ json: JSON, to output: inout JSONOutput) {
    // A container being written and the position of its next item.
    struct Frame {
      var elements: [JSON]?
      var members: [JSON.Member]?
      var next = 0
    }
    var stack: [Frame] = []
    var pending: JSON? = json
    while true {
      if let value = pending {
        pending = nil
        switch value {
        case let .array(container):
          output.append(.openBracket)
          stack.append(Frame(elements: container.array, members: nil))
        case let .object(container):
          output.append(.openBrace)
          stack.append(Frame(elements: nil, members: container.array))
        default:
          write(value, to: &output, depth: 0)
        }
      }
      guard let top = stack.indices.last else { return }
      let index = stack[top].next
      if let elements = stack[top].elements {
        if index < elements.count {
          if index > 0 { output.append(.comma) }
          stack[top].next += 1
          pending = elements[index]
        } else {
          output.append(.closeBracket)
          stack.removeLast()
        }
      } else if let members = stack[top].members {
        if index < members.count {
          if index > 0 { output.append(.comma) }
          output.appendJSONString(members[index].key)
          output.append(.colon)
          stack[top].next += 1
          pending = members[index].value
        } else {
          output.append(.closeBrace)
          stack.removeLast()
        }
      }
    }
  }

  /// The compact JSON text of `json`.
  public static func string(_ json: JSON) -> String {
    var output = JSONOutput()
    write(json, to: &output)
    return output.string
  }
}
