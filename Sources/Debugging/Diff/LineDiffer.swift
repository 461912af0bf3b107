/// Diffs two multi-line strings line by line: unchanged runs, removed and inserted lines.
///
/// ```swift
/// LineDiffer.diff("a\nb\nc", "a\nB\nc")
/// // [unchanged ×1, removed "b", inserted "B", unchanged ×1]
/// ```
enum LineDiffer {
  static func diff(_ old: String, _ new: String) -> [StateDiff.Node] {
    let a = lines(old), b = lines(new)
    var nodes = NodeList()
    var i = 0, j = 0
    for (mi, mj) in SequenceMatcher.matches(old: a, new: b) + [(a.count, b.count)] {
      while i < mi { nodes.append(.line(old: i, new: nil), .removed(.string(a[i]))); i += 1 }
      while j < mj { nodes.append(.line(old: nil, new: j), .inserted(.string(b[j]))); j += 1 }
      if mi < a.count { nodes.append(.line(old: mi, new: mj), .unchanged(count: 1)) }
      i = mi + 1
      j = mj + 1
    }
    return nodes.nodes
  }

  static func lines(_ string: String) -> [String] {
    string.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }
}
