import Foundation
import Testing

@testable import Debugging

private struct Reading: Equatable {
  var label: String
  var value: Double
}

/// Not an `Array`; `==` also compares `revision`, which its mirror does not show.
private struct RevisedList: Equatable, RandomAccessCollection, CustomReflectable {
  var elements: [Reading]
  var revision = 0
  var startIndex: Int { 0 }
  var endIndex: Int { elements.count }
  subscript(position: Int) -> Reading { elements[position] }
  var customMirror: Mirror { Mirror(self, unlabeledChildren: elements, displayStyle: .collection) }
}

private struct Credential: Equatable {
  var service: String
  var apiKey: String
}

private enum Auth: Equatable {
  case anonymous
  case apiKey(String)
  case bearer(token: String)
}

@Suite struct DiffLiveArrayTests {
  private let readings = (0..<6).map { Reading(label: "r\($0)", value: Double($0)) }

  /// NaN is not `==` to itself; the live diff reads as the diff of the reflected trees (which
  /// compare doubles by bits), with or without identical bits in between.
  @Test func notANumberReadsAsTheValueTreeDiff() {
    var old = readings
    old[2].value = .nan
    var new = old
    new[4].value = 40
    #expect(StateDiff(old, new) == StateDiff(Value(reflecting: old), Value(reflecting: new)))
    new.remove(at: 0)
    #expect(StateDiff(old, new) == StateDiff(Value(reflecting: old), Value(reflecting: new)))
    #expect(StateDiff.text(old, old) == nil)
  }

  /// A collection is diffed by its elements: a difference its mirror does not show is no change.
  @Test func collectionsAreComparedByTheirElements() {
    let old = RevisedList(elements: readings)
    var new = old
    new.revision += 1
    #expect(old != new)
    #expect(StateDiff.text(old, new) == nil)
    new.elements[3].label = "three"
    #expect(
      StateDiff.text(old, new) == """
          [
            … (3 unchanged),
            [3]: Reading(
        -     label: "r3",
        +     label: "three",
              … (1 unchanged)
            ),
            … (2 unchanged)
          ]
        """)
  }

  /// Arrays sharing one buffer, and equal arrays in different buffers, are unchanged.
  @Test func sharedAndCopiedBuffersAreUnchanged() {
    let old = readings
    var copy = old
    copy.reserveCapacity(100)  // a new buffer, the same elements
    #expect(StateDiff(old, old).isEqual)
    #expect(StateDiff(old, copy).isEqual)
  }

  /// A secret replaced by another reads the same once redacted. In an array that also grew,
  /// shrank or shifted, whose middle is diffed as value trees, its element is still changed: the
  /// secret replaced, redacted on both sides (it read as unchanged).
  @Test func aSecretChangedInAnArrayThatAlsoChangedOtherwise() {
    let options = ReflectionOptions(redaction: .default)
    let old = [Credential(service: "mail", apiKey: "k1"), Credential(service: "maps", apiKey: "k2")]
    var new = old
    new[1].apiKey = "k3"
    new.insert(Credential(service: "news", apiKey: "k4"), at: 0)
    #expect(
      StateDiff.text(old, new, reflection: options) == """
          [
        +   [0]: Credential(
        +     service: "news",
        +     apiKey: <redacted String>
        +   ),
            … (1 unchanged),
            [2 (was 1)]: Credential(
              … (1 unchanged),
        -     apiKey: <redacted String>
        +     apiKey: <redacted String>
            )
          ]
        """)
    var shorter = old
    shorter[0].apiKey = "k5"
    shorter.removeLast()
    #expect(
      StateDiff.text(old, shorter, reflection: options) == """
          [
            [0]: Credential(
              … (1 unchanged),
        -     apiKey: <redacted String>
        +     apiKey: <redacted String>
            ),
        -   [1]: Credential(
        -     service: "maps",
        -     apiKey: <redacted String>
        -   )
          ]
        """)
    // In enum payloads: unlabelled under a case named for a secret, labelled by one.
    let auths: [Auth] = [.anonymous, .apiKey("k1"), .bearer(token: "t1")]
    #expect(
      StateDiff.text(auths, [Auth.anonymous, .apiKey("k2"), .bearer(token: "t2"), .anonymous], reflection: options)
        == """
          [
            … (1 unchanged),
            [1]: .apiKey(
        -     <redacted String>
        +     <redacted String>
            ),
            [2]: .bearer(
        -     token: <redacted String>
        +     token: <redacted String>
            ),
        +   [3]: .anonymous
          ]
        """)
    // The same secrets, elements added: only the additions.
    #expect(
      StateDiff.text(auths, auths + [.anonymous], reflection: options) == """
          [
            … (3 unchanged),
        +   [3]: .anonymous
          ]
        """)
  }
}
