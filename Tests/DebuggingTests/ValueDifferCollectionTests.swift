import Foundation
import Testing

@testable import Debugging

/// `ValueDiffer` pairs the members equal at the same place from either end without hashing (a
/// reader's diff of one id added to a set of 100,000, whose untouched members are stand-ins,
/// hashed all of them). The nodes are the ones the hashing walk gives, written out here as it
/// was, for random lists with repeated values too; entries are still paired by hashing their keys.
@Suite struct ValueDifferCollectionTests {
  /// The walk before: every old member looked up in the new set, then the new ones not in the old.
  static func hashedMembers(_ old: [Value], _ new: [Value]) -> [StateDiff.Node] {
    let oldSet = Set(old), newSet = Set(new)
    var nodes = NodeList()
    for member in old { nodes.append(.member, newSet.contains(member) ? .unchanged(count: 1) : .removed(member)) }
    for member in new where !oldSet.contains(member) { nodes.append(.member, .inserted(member)) }
    return nodes.nodes
  }

  /// The walk before, for entries (unique keys on each side, as a dictionary has).
  static func hashedEntries(_ old: [Value.Entry], _ new: [Value.Entry]) -> [StateDiff.Node] {
    var newIndex: [Value: Int] = [:]
    for (index, entry) in new.enumerated() { newIndex[entry.key] = index }
    var matched = Set<Int>()
    var nodes = NodeList()
    for entry in old {
      if let index = newIndex[entry.key] {
        matched.insert(index)
        nodes.append(.entry(key: entry.key), ValueDiffer().change(entry.value, new[index].value, depth: 1))
      } else {
        nodes.append(.entry(key: entry.key), .removed(entry.value))
      }
    }
    for (index, entry) in new.enumerated() where !matched.contains(index) {
      nodes.append(.entry(key: entry.key), .inserted(entry.value))
    }
    return nodes.nodes
  }

  static func nested(_ nodes: [StateDiff.Node], _ shape: StateDiff.Shape) -> StateDiff.Change {
    nodes.allSatisfy(\.change.isUnchanged) ? .unchanged(count: 1) : .nested(shape, nodes)
  }

  @Test func membersAreTheHashedWalks() {
    var random = SystemRandomNumberGenerator()
    for _ in 0..<2_000 {
      // Few distinct values: repeats (stand-ins, look-alike members) on both sides.
      let values: [Value] = [.null, .int(1), .int(2), .string("a"), .string("b"), .int(3)]
      let old = (0..<Int.random(in: 0...12, using: &random)).map { _ in values.randomElement(using: &random)! }
      var new = old
      for _ in 0..<Int.random(in: 0...3, using: &random) {
        if Bool.random(using: &random), !new.isEmpty {
          new.remove(at: Int.random(in: 0..<new.count, using: &random))
        } else {
          new.insert(values.randomElement(using: &random)!, at: Int.random(in: 0...new.count, using: &random))
        }
      }
      #expect(
        ValueDiffer().change(.set(old), .set(new), depth: 0) == Self.nested(Self.hashedMembers(old, new), .set),
        "\(old) → \(new)")
    }
  }

  @Test func entriesAreTheHashedWalks() {
    var random = SystemRandomNumberGenerator()
    for _ in 0..<2_000 {
      let keys = Array(0..<12).shuffled(using: &random).prefix(Int.random(in: 0...10, using: &random))
      let old = keys.map { Value.Entry(.int(Int64($0)), .int(Int64.random(in: 0..<2, using: &random))) }
      var new = old
      for _ in 0..<Int.random(in: 0...3, using: &random) {
        switch Int.random(in: 0..<3, using: &random) {
        case 0 where !new.isEmpty: new.remove(at: Int.random(in: 0..<new.count, using: &random))
        case 1 where !new.isEmpty: new[Int.random(in: 0..<new.count, using: &random)].value = .int(5)
        default:
          let key = Value.int(Int64.random(in: 0..<16, using: &random))
          if !new.contains(where: { $0.key == key }) {
            new.insert(.init(key, .int(7)), at: Int.random(in: 0...new.count, using: &random))
          }
        }
      }
      #expect(
        ValueDiffer().change(.dictionary(old), .dictionary(new), depth: 0)
          == Self.nested(Self.hashedEntries(old, new), .dictionary), "\(old) → \(new)")
    }
  }
}
