/// Frees a `JSON` tree with a work list instead of recursion, so that no depth overflows the
/// stack: a container being freed moves the children it holds alone into the list, and the
/// containers that leaves behind are freed empty.
///
/// A subtree that is still shared (another copy of the state holds it) is only released: its
/// last holder frees it later, the same way.
enum JSONTeardown {
  static func dismantle(_ items: inout [JSON]) {
    guard items.contains(where: \.isContainer) else { return }
    var pending: [JSON] = []
    swap(&pending, &items)
    drain(&pending)
  }

  static func dismantle(_ elements: inout ChunkedArray<JSON>) {
    switch elements.takeAll() {
    case var .flat(items):
      dismantle(&items)
    case let .chunks(chunks):
      var pending: [JSON] = []
      append(chunks, to: &pending)
      drain(&pending)
    }
  }

  /// The containers in `chunks`, for `drain`: slices may share memory, so no container in them is
  /// held by `pending` alone until all of them are freed (when this returns).
  private static func append(_ chunks: consuming [ArraySlice<JSON>], to pending: inout [JSON]) {
    while let chunk = chunks.popLast() {
      for item in chunk where item.isContainer { pending.append(item) }
    }
  }

  static func dismantle(_ members: inout [JSON.Member]) {
    guard members.contains(where: \.value.isContainer) else { return }
    var pending: [JSON] = []
    pending.reserveCapacity(members.count)
    for member in members where member.value.isContainer { pending.append(member.value) }
    members = []
    drain(&pending)
  }

  private static func drain(_ pending: inout [JSON]) {
    while let value = pending.popLast() {
      moveChildrenIfUnique(of: consume value, into: &pending)
    }
  }

  /// When nothing else holds the container `value`, moves its children to `pending` so that
  /// freeing it frees no subtree. `value` is taken (not borrowed) and bound with `guard case`, so
  /// that the binding holds the only reference (a `switch` keeps a second one in debug builds and
  /// nothing would look unique).
  private static func moveChildrenIfUnique(of value: consuming JSON, into pending: inout [JSON]) {
    if case .array = value {
      guard case var .array(elements) = consume value,
        isKnownUniquelyReferenced(&elements.storage), elements.storage !== JSONElements.Storage.empty
      else { return }
      switch elements.storage.trees.takeAll() {
      case let .flat(items):
        for item in items where item.isContainer { pending.append(item) }
      case let .chunks(chunks):
        append(chunks, to: &pending)
      }
    } else {
      guard case var .object(members) = consume value,
        isKnownUniquelyReferenced(&members.storage), members.storage !== JSONMembers.Storage.empty
      else { return }
      var items: [JSON.Member] = []
      swap(&items, &members.storage.items)
      for item in items where item.value.isContainer { pending.append(item.value) }
    }
  }
}
