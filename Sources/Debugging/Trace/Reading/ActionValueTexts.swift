/// The text a reader wrote for each action value (`show` its lines, the report its page data),
/// by the value's identity (`JSON.identity`): the reader gives a repeated action value as the same
/// `JSON` (`ActionValueMemo`), and the same value has the same text, so it is written once and
/// copied after that. Bounded like the memo: once the texts kept reach `byteLimit` bytes, it
/// starts again empty.
///
/// ```swift
/// var texts = ActionValueTexts()
/// texts.text(of: action.action)                   // nil: not written yet
/// texts.remember(written, of: action.action)
/// texts.text(of: sameValueLater)                  // written
/// ```
package struct ActionValueTexts {
  package static let byteLimit = 1 << 22

  /// Each text with its value, which keeps the identity from being reused while it is here.
  private var texts: [ObjectIdentifier: (value: JSON, text: [UInt8])] = [:]
  private var bytesHeld = 0

  package init() {}

  package func text(of value: JSON) -> [UInt8]? {
    guard let identity = value.identity else { return nil }
    return texts[identity]?.text
  }

  package mutating func remember(_ text: ArraySlice<UInt8>, of value: JSON) {
    guard let identity = value.identity else { return }
    if bytesHeld + text.count > Self.byteLimit {
      texts.removeAll()
      bytesHeld = 0
    }
    texts[identity] = (value, Array(text))
    bytesHeld += text.count
  }
}
