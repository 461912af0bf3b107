import Debugging
import Foundation
import Runtime
import Testing

/// Equal by `id` alone, as some apps write `==` for their models.
private struct Contact: Equatable, Identifiable {
  var id: Int
  var name: String
  static func == (a: Self, b: Self) -> Bool { a.id == b.id }
}

private struct Contacts: Reducer {
  enum Screen: Equatable {
    case list
    case detail(Contact)
  }

  struct State: Equatable {
    var contacts: IdentifiedArrayOf<Contact>
    var recent: [Contact]
    var pinned: Contact?
    var screen = Screen.list
  }

  enum Action: Equatable {
    case rename(id: Int, to: String)
    case renameRecent(to: String)
    case pin(Contact)
    case show(Contact)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .rename(id, name): state.contacts[id: id]?.name = name
    case let .renameRecent(name): state.recent[0].name = name
    case let .pin(contact): state.pinned = contact
    case let .show(contact): state.screen = .detail(contact)
    }
    return .none
  }
}

/// A change `==` does not see (a contact equal by `id`, renamed) is recorded wherever the value
/// sits: in an identified array, an array, an optional, an enum's payload. (The recorder skipped
/// them as unchanged, and the trace kept the old name for good.)
@Suite struct DebugReducerHiddenChangeTests {
  @Test func aRenameEqualityIgnoresIsRecorded() throws {
    let buffer = TraceBuffer()
    let reducer = Contacts().debug(to: .memory(buffer))
    let ann = Contact(id: 1, name: "Ann"), bob = Contact(id: 2, name: "Bob")
    var state = Contacts.State(contacts: [ann, bob], recent: [bob], pinned: ann, screen: .detail(ann))
    for action: Contacts.Action in [
      .rename(id: 2, to: "Bobby"), .renameRecent(to: "Robert"), .pin(Contact(id: 1, name: "Anna")),
      .show(Contact(id: 1, name: "Annie")),
    ] {
      _ = reducer.reduce(into: &state, action: action)
    }
    reducer.recorder.close()
    let patches = try recordedPatches(buffer)
    #expect(
      patches.joined(separator: "\n") == """
        [{"op":"replace","path":"/contacts/1/name","value":"Bobby"}]
        [{"op":"replace","path":"/recent/0/name","value":"Robert"}]
        [{"op":"replace","path":"/pinned/name","value":"Anna"}]
        [{"op":"replace","path":"/screen/detail/_0/name","value":"Annie"}]
        """)
  }
}
