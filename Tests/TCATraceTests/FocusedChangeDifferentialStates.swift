import Debugging
import Foundation
import Runtime

// The random states, reorders and hand-made patches `FocusedChangeDifferentialTests` checks.

// MARK: - States shaped like a TCA app

/// How the rows of an identified array carry their identity.
enum IDKind: CaseIterable {
  case int, uuid, string, computedInt, computedUUID
}

struct Child: Equatable {
  var id: Int
  var name: String
  var flag: Bool

  var value: Value {
    .structure(
      type: "Child", fields: [.init("id", .int(Int64(id))), .init("name", .string(name)), .init("flag", .bool(flag))])
  }
}

struct Row: Equatable {
  var id: Int
  var title: String
  var done = false
  var tags: [String] = []
  var note: String?
  /// 0 idle, 1 loading(n), 2 failed(message:)
  var status = 0
  var progress = 0
  var children: [Child] = []
  var meta: [(String, Int)] = []

  static func == (a: Row, b: Row) -> Bool {
    a.id == b.id && a.title == b.title && a.done == b.done && a.tags == b.tags && a.note == b.note
      && a.status == b.status && a.progress == b.progress && a.children == b.children
      && a.meta.map(\.0) == b.meta.map(\.0) && a.meta.map(\.1) == b.meta.map(\.1)
  }

  static func idValue(_ id: Int, _ kind: IDKind) -> Value {
    switch kind {
    case .int, .computedInt: .int(Int64(id))
    case .uuid, .computedUUID: .uuid(UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", id))!)
    case .string: .string("row-\(id)")
    }
  }

  func value(_ kind: IDKind) -> Value {
    var fields: [Value.Field] = []
    switch kind {
    case .int, .uuid, .string:
      fields.append(.init("id", Self.idValue(id, kind)))
    case .computedInt, .computedUUID:
      fields.append(.init(Value.identityLabel, Self.idValue(id, kind)))
      fields.append(
        .init(
          "item",
          .structure(type: "Item", fields: [.init("id", Self.idValue(id, kind)), .init("name", .string("i\(id)"))])))
    }
    fields.append(.init("title", .string(title)))
    fields.append(.init("done", .bool(done)))
    fields.append(.init("tags", .array(tags.map { .string($0) })))
    fields.append(.init("note", note.map { .string($0) } ?? .null))
    let status: Value =
      switch status {
      case 0: .enumCase(type: "Status", name: "idle", values: [])
      case 1: .enumCase(type: "Status", name: "loading", values: [.init(nil, .int(Int64(progress)))])
      default: .enumCase(type: "Status", name: "failed", values: [.init("message", .string("e\(progress)"))])
      }
    fields.append(.init("status", status))
    fields.append(.init("children", .array(children.map(\.value))))
    fields.append(.init("meta", .dictionary(meta.map { .init(.string($0.0), .int(Int64($0.1))) })))
    return .structure(type: "Row", fields: fields)
  }
}

/// A row of a list that mixes rows with an id and banners without one.
enum Entry: Equatable {
  case row(Row)
  case banner(String)

  var value: Value {
    switch self {
    case let .row(row): row.value(.int)
    case let .banner(text): .structure(type: "Banner", fields: [.init("text", .string(text))])
    }
  }
}

struct Section: Equatable {
  var id: String
  var title: String
  var rows: [Row]

  var value: Value {
    .structure(
      type: "Section",
      fields: [
        .init("id", .string(id)), .init("title", .string(title)), .init("rows", .array(rows.map { $0.value(.uuid) })),
      ])
  }
}

struct AppState {
  var kind: IDKind
  var rows: [Row]
  var sections: [Section]
  var numbers: [Int]
  var duplicates: [Row]
  var mixed: [Entry]
  var single: [Row]
  var counts: [(String, Int)]
  var selection: Int?
  /// 0 none, 1 detail(Row), 2 alert(title:)
  var destination: (Int, Row)

  var value: Value {
    let destination: Value =
      switch destination.0 {
      case 0: .null
      case 1: .enumCase(type: "Destination", name: "detail", values: [.init(nil, destination.1.value(.int))])
      default: .enumCase(type: "Destination", name: "alert", values: [.init("title", .string(destination.1.title))])
      }
    return .structure(
      type: "App.State",
      fields: [
        .init("rows", .array(rows.map { $0.value(kind) })),
        .init("sections", .array(sections.map(\.value))),
        .init("numbers", .array(numbers.map { .int(Int64($0)) })),
        .init("duplicates", .array(duplicates.map { $0.value(.int) })),
        .init("mixed", .array(mixed.map(\.value))),
        .init("single", .array(single.map { $0.value(.string) })),
        .init("counts", .dictionary(counts.map { .init(.string($0.0), .int(Int64($0.1))) })),
        .init("selection", selection.map { .int(Int64($0)) } ?? .null),
        .init("destination", destination),
      ])
  }

  static func random(_ random: DifferentialRandom) -> AppState {
    var nextID = 0
    func rows(_ count: Int) -> [Row] {
      (0..<count).map { _ in
        nextID += 1
        return Row.random(id: nextID, random)
      }
    }
    let kind = IDKind.allCases[random.next(IDKind.allCases.count)]
    let sizes = [0, 1, 2, 3, 4, 5, 7, 10, 14]
    var duplicates = rows(random.next(6))
    for index in duplicates.indices where random.chance(40) {
      duplicates[index] = random.chance(50) ? duplicates[random.next(duplicates.count)] : Row(id: 1, title: "dup")
    }
    return AppState(
      kind: kind,
      rows: rows(sizes[random.next(sizes.count)]),
      sections: (0..<random.next(4)).map { n in Section(id: "s\(n)", title: "S\(n)", rows: rows(random.next(6))) },
      numbers: (0..<random.next(8)).map { _ in random.next(4) },
      duplicates: duplicates,
      mixed: (0..<random.next(7)).map { n in
        random.chance(30) ? .banner("b\(n % 2)") : .row(Row(id: 500 + n, title: "m"))
      },
      single: rows(random.next(2)),
      counts: [("open", random.next(5)), ("done", random.next(5))],
      selection: random.chance(50) ? nil : random.next(9),
      destination: (random.next(3), Row(id: 900, title: "d"))
    )
  }

  /// A random edit: one to three parts of the state change, each in one of many ways.
  mutating func edit(_ random: DifferentialRandom) {
    var nextID = 10_000 + random.next(100)
    func fresh() -> Row {
      nextID += 1
      return Row.random(id: nextID, random)
    }
    for _ in 0..<(1 + random.next(3)) {
      switch random.next(12) {
      case 0...4: Reorder.random(random).apply(to: &rows, random, fresh: fresh, change: { $0.change(random) })
      case 5:
        guard !sections.isEmpty else { continue }
        if random.chance(50) {
          let s = random.next(sections.count)
          Reorder.random(random).apply(
            to: &sections[s].rows, random, fresh: fresh, change: { $0.change(random) })
        } else {
          Reorder.random(random).apply(
            to: &sections, random,
            fresh: {
              nextID += 1
              return Section(id: "n\(nextID)", title: "new", rows: [])
            },
            change: { section in
              if random.chance(50) { section.title += "!" }
              Reorder.random(random).apply(to: &section.rows, random, fresh: fresh, change: { $0.change(random) })
            })
        }
      case 6:
        Reorder.random(random).apply(to: &numbers, random, fresh: { random.next(4) }, change: { $0 = random.next(4) })
      case 7:
        Reorder.random(random).apply(
          to: &duplicates, random, fresh: { random.chance(50) ? Row(id: 1, title: "dup") : fresh() },
          change: { $0.change(random) })
      case 8:
        Reorder.random(random).apply(
          to: &mixed, random, fresh: { random.chance(50) ? .banner("b\(random.next(2))") : .row(fresh()) },
          change: { entry in
            if case var .row(row) = entry {
              row.change(random)
              entry = .row(row)
            } else {
              entry = .banner("c\(random.next(3))")
            }
          })
      case 9:
        Reorder.random(random).apply(to: &single, random, fresh: fresh, change: { $0.change(random) })
      case 10:
        if random.chance(50) {
          counts[random.next(counts.count)].1 += 1
        } else {
          selection = random.chance(30) ? nil : random.next(9)
        }
      default:
        switch random.next(3) {
        case 0: destination.0 = random.next(3)
        case 1: destination.1.change(random)
        default: destination.1.title += "?"
        }
      }
    }
  }
}

extension Row {
  static func random(id: Int, _ random: DifferentialRandom) -> Row {
    var row = Row(id: id, title: "r\(id)")
    row.done = random.chance(30)
    row.tags = (0..<random.next(4)).map { _ in ["a", "b", "c"][random.next(3)] }
    row.note = random.chance(50) ? nil : "n\(random.next(3))"
    row.status = random.next(3)
    row.progress = random.next(3)
    if random.chance(40) { row.children = (0..<random.next(5)).map { Child(id: $0, name: "c\($0)", flag: false) } }
    if random.chance(30) { row.meta = [("x", random.next(3)), ("y", random.next(3))] }
    return row
  }

  /// Something inside the row changes (or, now and then, nothing does).
  mutating func change(_ random: DifferentialRandom) {
    switch random.next(10) {
    case 0: title = "t\(random.next(1000))"
    case 1: done.toggle()
    case 2:
      Reorder.random(random).apply(
        to: &tags, random, fresh: { ["a", "b", "d"][random.next(3)] }, change: { $0 += "!" })
    case 3: note = note == nil ? "set" : nil
    case 4: status = (status + 1 + random.next(2)) % 3
    case 5: progress += 1
    case 6:
      var nextChild = 100 + random.next(50)
      Reorder.random(random).apply(
        to: &children, random,
        fresh: {
          nextChild += 1
          return Child(id: nextChild, name: "new", flag: true)
        },
        change: { $0.flag.toggle() })
    case 7: if !meta.isEmpty { meta[random.next(meta.count)].1 += 1 } else { title += "." }
    case 8:
      title = "t\(random.next(1000))"
      done.toggle()
    default: break
    }
  }
}

/// One way an array changes: what TCA apps do to their lists.
enum Reorder: CaseIterable {
  case none, moveOne, moveOneAndChange, swapAdjacent, toStart, toEnd, severalMoves, mixed, changeSome, insertRemove,
    reverse, sortByTitle, removeAll, replaceAll

  static func random(_ random: DifferentialRandom) -> Reorder {
    allCases[random.next(allCases.count)]
  }

  func apply<T>(
    to array: inout [T], _ random: DifferentialRandom, fresh: () -> T, change: (inout T) -> Void
  ) {
    func move(_ from: Int, _ to: Int) {
      let element = array.remove(at: from)
      array.insert(element, at: to)
    }
    let n = array.count
    switch self {
    case .none:
      break
    case .moveOne:
      if n > 1 { move(random.next(n), random.next(n)) }
    case .moveOneAndChange:
      if n > 1 {
        let to = random.next(n)
        move(random.next(n), to)
        change(&array[to])
      }
    case .swapAdjacent:
      if n > 1 {
        let i = random.next(n - 1)
        array.swapAt(i, i + 1)
      }
    case .toStart:
      if n > 1 { move(1 + random.next(n - 1), 0) }
    case .toEnd:
      if n > 1 { move(random.next(n - 1), n - 1) }
    case .severalMoves:
      for _ in 0..<(2 + random.next(4)) where n > 1 { move(random.next(n), random.next(n)) }
    case .mixed:
      for _ in 0..<random.next(3) where !array.isEmpty { array.remove(at: random.next(array.count)) }
      for _ in 0..<(1 + random.next(4)) where array.count > 1 {
        move(random.next(array.count), random.next(array.count))
      }
      for _ in 0..<random.next(3) { array.insert(fresh(), at: random.next(array.count + 1)) }
      for _ in 0..<random.next(4) where !array.isEmpty { change(&array[random.next(array.count)]) }
    case .changeSome:
      for _ in 0..<(1 + random.next(3)) where !array.isEmpty { change(&array[random.next(array.count)]) }
    case .insertRemove:
      for _ in 0..<random.next(3) where !array.isEmpty { array.remove(at: random.next(array.count)) }
      for _ in 0..<random.next(3) { array.insert(fresh(), at: random.next(array.count + 1)) }
    case .reverse:
      array.reverse()
    case .sortByTitle:
      // A stable sort by a random key: many rows move at once.
      let keys = array.indices.map { _ in random.next(3) }
      array = array.indices.sorted { keys[$0] < keys[$1] || (keys[$0] == keys[$1] && $0 < $1) }.map { array[$0] }
    case .removeAll:
      array.removeAll()
    case .replaceAll:
      array = (0..<random.next(4)).map { _ in fresh() }
    }
  }
}

/// A small deterministic generator.
final class DifferentialRandom {
  var seed: UInt64
  init(seed: UInt64) { self.seed = seed }
  func next(_ bound: Int) -> Int {
    seed = seed &* 6364136223846793005 &+ 1442695040888963407
    return bound <= 0 ? 0 : Int((seed >> 33) % UInt64(bound))
  }
  func chance(_ percent: Int) -> Bool { next(100) < percent }
}
