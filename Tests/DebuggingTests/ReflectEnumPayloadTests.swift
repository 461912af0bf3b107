import Foundation
import Testing

@testable import Debugging

// An enum case met before with values has its payload read straight from the runtime instead of
// through a `Mirror` (`Reflector.reflectEnum`): the tree must be the one a `Mirror` gives, for
// every kind of payload, when the reflector that learnt the case is used again (as the recorder's
// worker keeps one for its actions) and within one value (an array of cases).

private final class Box: Equatable {
  let name: String
  init(_ name: String) { self.name = name }
  static func == (a: Box, b: Box) -> Bool { a.name == b.name }
}

private enum Payloads {
  case pair(Int, String)
  case labelled(from: Int, to: Int)
  case single(value: Int)
  case unlabelled(String)
  case optional(Int?)
  indirect case nested(Payloads?)
  case object(Box)
  case objects(Box, Box)
  case structure(Point)
  case setPassword(String)
  case login(user: String, password: String)
  case tokenReceived(String, expires: Int)
  case nothing
}

private struct Point: Equatable { var x: Int; var y: Int }

private indirect enum Expression {
  case number(Int)
  case add(Expression, Expression)
  case negate(Expression)
}

private enum Generic<T> {
  case value(T)
  case values([T])
  case none
}

/// Two cases of multi-payload enum whose payloads are references: the runtime keeps the tag in
/// the pointers' spare bits, which a read of the payload's bytes would see.
private enum References {
  case left(Box)
  case right(Box)
}

/// Values of every kind of payload, each case twice with different values.
private func values() -> [Any] {
  [
    Payloads.pair(1, "one"), Payloads.pair(2, "two"),
    Payloads.labelled(from: 1, to: 2), Payloads.labelled(from: 3, to: 4),
    Payloads.single(value: 7), Payloads.single(value: 8),
    Payloads.unlabelled("a\nb"), Payloads.unlabelled(""),
    Payloads.optional(nil), Payloads.optional(5),
    Payloads.nested(.single(value: 1)), Payloads.nested(nil), Payloads.nested(.nested(.pair(3, "x"))),
    Payloads.object(Box("first")), Payloads.objects(Box("a"), Box("b")),
    Payloads.structure(Point(x: 1, y: 2)), Payloads.structure(Point(x: 3, y: 4)),
    Payloads.setPassword("hunter2"), Payloads.setPassword("swordfish"),
    Payloads.login(user: "ada", password: "secret"), Payloads.login(user: "bob", password: "other"),
    Payloads.tokenReceived("abc", expires: 60), Payloads.tokenReceived("def", expires: 120),
    Payloads.nothing,
    Expression.add(.number(1), .negate(.number(2))), Expression.negate(.add(.number(3), .number(4))),
    Expression.number(5),
    Generic.value("text"), Generic.value("other"), Generic<Int>.values([1, 2]), Generic<Int>.values([]),
    Generic<Point>.value(Point(x: 5, y: 6)), Generic<Point>.none,
    References.left(Box("l")), References.right(Box("r")), References.left(Box("l2")),
  ]
}

@Suite struct ReflectEnumPayloadTests {
  private static let optionSets = [
    ReflectionOptions(), ReflectionOptions(redaction: .default),
    ReflectionOptions(maximumDepth: 2, redactedFieldNames: ["to"], redaction: .default),
  ]

  /// One reflector used again and again (the recorder's worker keeps one for its actions): the
  /// second time round every case with values is known, and each tree is still the `Mirror`'s.
  @Test func aReflectorUsedAgainGivesTheMirrorsTrees() {
    for options in Self.optionSets {
      var kept = Reflector(options: options)
      for round in 0..<3 {
        for value in values() {
          var mirror = Reflector(options: options)
          mirror.readsInPlace = false
          let expected = mirror.reflect(value, depth: 0)
          #expect(kept.reflect(value, depth: 0) == expected, "round \(round): \(value)")
          #expect(Value(reflecting: value, options: options) == expected, "\(value)")
        }
      }
    }
  }

  /// Within one value: the first element of an array teaches the reflector its case, the others
  /// take the runtime path, at every depth (below the depth limit a case with values is a reference).
  @Test func casesMetAgainWithinOneValue() {
    let actions: [Payloads] = [
      .pair(1, "a"), .pair(2, "b"), .setPassword("p1"), .setPassword("p2"), .nested(.pair(3, "c")),
      .nested(.nested(.pair(4, "d"))), .labelled(from: 1, to: 2), .labelled(from: 5, to: 6), .nothing,
    ]
    for options in Self.optionSets {
      var mirror = Reflector(options: options)
      mirror.readsInPlace = false
      let expected = mirror.reflect(actions, depth: 0)
      #expect(Value(reflecting: actions, options: options) == expected)
    }
  }

  /// A case learnt at a shallow depth and met again below the depth limit is a reference there.
  @Test func aKnownCaseBelowTheDepthLimitIsAReference() {
    var reflector = Reflector(options: ReflectionOptions(maximumDepth: 1))
    _ = reflector.reflect(Payloads.pair(1, "a"), depth: 0)
    #expect(reflector.reflect(Payloads.pair(2, "b"), depth: 1) == .reference(type: "Payloads"))
    #expect(
      reflector.reflect(Payloads.pair(2, "b"), depth: 0)
        == .enumCase(type: "Payloads", name: "pair", values: [.init(nil, .int(2)), .init(nil, .string("b"))]))
  }

  /// The payload of a secret-named case stays redacted when the case is known.
  @Test func aKnownSecretCaseIsStillRedacted() {
    var reflector = Reflector(options: ReflectionOptions(redaction: .default))
    for password in ["hunter2", "swordfish"] {
      #expect(
        reflector.reflect(Payloads.setPassword(password), depth: 0)
          == .enumCase(type: "Payloads", name: "setPassword", values: [.init(nil, .redacted(type: "String"))]))
    }
  }
}
