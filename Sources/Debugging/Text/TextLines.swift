/// Lines of text being built for a diff or a dump, as UTF-8 bytes: a marker column (`-`, `+`, `~`
/// or space), then two spaces of indentation per level, then the line's pieces written one after
/// the other (no string is built per line).
///
/// ```swift
/// var lines = TextLines(color: false)
/// lines.start(.removed, 1)
/// lines.write("title: ")
/// ValueText.writeScalar(.string("Milk"), into: &lines.bytes)
/// lines.finish()
/// lines.text   // "-   title: \"Milk\""
/// ```
package struct TextLines {
  package enum Marker: Character {
    case context = " ", removed = "-", inserted = "+", moved = "~"

    var byte: UInt8 {
      switch self {
      case .context: UInt8(ascii: " ")
      case .removed: UInt8(ascii: "-")
      case .inserted: UInt8(ascii: "+")
      case .moved: UInt8(ascii: "~")
      }
    }
  }

  var color: Bool
  /// The text so far, lines separated by "\n" (none after the last).
  package internal(set) var bytes: [UInt8] = []
  /// Whether the line being written ends with the colour's reset.
  private var coloredLine = false

  package var text: String { String(decoding: bytes, as: UTF8.self) }

  private static let spaces = [UInt8](repeating: UInt8(ascii: " "), count: 81)

  package init(color: Bool) {
    self.color = color
  }

  /// Starts a line: the line break before it, the colour of its marker, the marker and the
  /// indentation of `depth`.
  package mutating func start(_ marker: Marker, _ depth: Int, dim: Bool = false) {
    let role: TextStyle.Role? =
      switch marker {
      case .removed: .removed
      case .inserted: .inserted
      case .moved: .moved
      case .context: dim ? .dim : nil
      }
    if !bytes.isEmpty { bytes.append(UInt8(ascii: "\n")) }
    coloredLine = color && role != nil
    if coloredLine, let role { bytes.appendUTF8(TextStyle.start(role)) }
    bytes.append(marker.byte)
    var indentation = 1 + 2 * depth
    // A few spaces (most lines) one by one: cheaper than copying a slice.
    if indentation <= 16 {
      for _ in 0..<indentation { bytes.append(UInt8(ascii: " ")) }
      return
    }
    while indentation > 0 {
      let run = min(indentation, Self.spaces.count)
      bytes.append(contentsOf: Self.spaces[0..<run])
      indentation -= run
    }
  }

  /// Empties the text, keeping its storage: one `TextLines` serves many values.
  package mutating func removeAll() {
    bytes.removeAll(keepingCapacity: true)
    coloredLine = false
  }

  /// Appends a piece of the line being written.
  package mutating func write(_ piece: String) {
    bytes.appendUTF8(piece)
  }

  /// Ends the line being written (its colour).
  /// A static piece of text (no `String` made of it).
  package mutating func write(_ piece: StaticString) {
    bytes.append(contentsOf: UnsafeBufferPointer(start: piece.utf8Start, count: piece.utf8CodeUnitCount))
  }

  /// `n` in decimal, without making a `String` of it.
  ///
  /// ```swift
  /// lines.writeInteger(-120)  // "-120"
  /// ```
  package mutating func writeInteger(_ n: Int) {
    if n < 0 { bytes.append(UInt8(ascii: "-")) }
    var magnitude = n.magnitude
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: room for 20 digits
    withUnsafeMutableBytes(of: &digits) { buffer in
      var end = buffer.count
      repeat {
        end -= 1
        buffer[end] = UInt8(ascii: "0") + UInt8(magnitude % 10)
        magnitude /= 10
      } while magnitude > 0
      bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[end...]))
    }
  }

  package mutating func finish() {
    if coloredLine { bytes.append(contentsOf: TextStyle.reset) }
    coloredLine = false
  }

  /// A whole line: `start`, `content`, `finish`.
  package mutating func append(_ marker: Marker, _ depth: Int, _ content: String, dim: Bool = false) {
    start(marker, depth, dim: dim)
    write(content)
    finish()
  }
}
