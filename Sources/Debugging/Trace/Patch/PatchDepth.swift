/// The depth limit for states built by patches: the same `JSONReader.maximumDepth` as for parsed
/// lines, so that no tree a reader holds — parsed, patched or replayed — nests deeper than a
/// parsed line may. (A `copy` of a subtree into itself doubles its depth: seven such operations
/// turn 500 levels into 64,000.)
///
/// ```swift
/// try JSONPatch([.copy(from: JSONPointer("/a"), path: JSONPointer("/a/0/0"))]).apply(to: &state)
/// ```
/// ```text
/// JSONPatchError: the value at /a/0/0 would nest the state deeper than 512 levels
/// ```
enum PatchDepth {
  /// A path longer than the limit cannot name anything in a state within it.
  static func check(_ path: JSONPointer) throws(JSONPatchError) {
    guard path.tokens.count > JSONReader.maximumDepth else { return }
    throw JSONPatchError("path \(abbreviated(path)) is nested deeper than \(JSONReader.maximumDepth) levels")
  }

  /// `value` placed at `path` sits inside `path.tokens.count` containers.
  static func check(_ value: JSON, at path: JSONPointer) throws(JSONPatchError) {
    let room = JSONReader.maximumDepth - path.tokens.count
    guard room < 0 || value.nestsDeeper(than: room) else { return }
    throw JSONPatchError(
      "the value at \(abbreviated(path)) would nest the state deeper than \(JSONReader.maximumDepth) levels")
  }

  /// The first 8 tokens of a long pointer and its length: `/a/0/0/0/0/0/0/0/… (600 tokens)`.
  static func abbreviated(_ path: JSONPointer) -> String {
    guard path.tokens.count > 8 else { return path.description }
    return JSONPointer(tokens: Array(path.tokens.prefix(8))).description + "/… (\(path.tokens.count) tokens)"
  }
}
