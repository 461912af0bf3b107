/// Diffs two multi-line strings line by line: unchanged runs, removed and inserted lines.
///
/// ```swift
/// LineDiffer.diff("a\nb\nc", "a\nB\nc")
/// // [unchanged "a", removed "b", inserted "B", unchanged "c"]
/// ```
enum LineDiffer {
  static func diff(_ old: String, _ new: String) -> [StateDiff.Node] {
    let a = lines(old), b = lines(new)
    var nodes: [StateDiff.Node] = []
    var i = 0, j = 0
    for (mi, mj) in SequenceMatcher.matches(old: a, new: b) + [(a.count, b.count)] {
      while i < mi {
        nodes.append(.init(key: .line(old: i, new: nil, text: a[i]), change: .removed(.string(a[i])))); i += 1
      }
      while j < mj {
        nodes.append(.init(key: .line(old: nil, new: j, text: b[j]), change: .inserted(.string(b[j])))); j += 1
      }
      if mi < a.count { nodes.append(.unchanged(.line(old: mi, new: mj, text: a[mi]))) }
      i = mi + 1
      j = mj + 1
    }
    return nodes
  }

  static func lines(_ string: String) -> [String] {
    string.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }
}
