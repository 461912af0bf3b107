/// The closest known name to a mistyped one, for "did you mean …?": within two edits (an insertion,
/// a deletion, a substitution or two neighbours swapped), and only when one name is closest.
///
/// ```swift
/// Suggestion.closest(to: "shwo", among: ["show", "state", "timings"])  // "show"
/// Suggestion.closest(to: "xyz", among: ["show", "state"])             // nil
/// ```
package enum Suggestion {
  package static func closest(to typed: String, among names: [String]) -> String? {
    let letters = typed.drop { $0 == "-" }.count
    guard letters >= 3 else { return nil }  // `-o` is not a typo of `-h`
    let limit = letters <= 4 ? 1 : 2
    var best: (name: String, distance: Int)?
    var tie = false
    for name in names {
      let distance = editDistance(Array(typed.lowercased()), Array(name.lowercased()))
      guard distance <= limit else { continue }
      if let current = best, distance >= current.distance {
        if distance == current.distance { tie = true }
        continue
      }
      best = (name, distance)
      tie = false
    }
    return tie ? nil : best?.name
  }

  /// `Error: …` text: ` Did you mean 'show'?`, or nothing.
  package static func didYouMean(_ typed: String, among names: [String]) -> String {
    closest(to: typed, among: names).map { ". Did you mean '\($0)'?" } ?? ""
  }

  /// Optimal string alignment distance (Damerau–Levenshtein without repeated edits of a substring).
  static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous2 = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], previous2[j - 2] + 1)
        }
      }
      (previous2, previous, current) = (previous, current, previous2)
    }
    return previous[b.count]
  }
}
