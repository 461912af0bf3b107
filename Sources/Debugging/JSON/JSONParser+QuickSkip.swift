/// The fast path of `skipValue()` (`quickScanEnd` with `JSONSyntaxRules`): one loop with a bit
/// stack of open containers instead of a recursive descent, strings scanned sixteen bytes at a
/// time, literals compared as words.
///
/// It accepts exactly what `skipValue()` accepts and ends at the same byte; it reports no errors:
/// on anything it does not accept (bad syntax, a cut-off value, nesting deeper than 63 levels
/// below the current one or than `JSONReader.maximumDepth`) it returns `false`, and the caller runs
/// `skipValue()` from the same place for the exact message and position.
///
/// ```swift
/// var parser = JSONParser(base, count: count, from: valueStart)
/// if !parser.quickSkipValue() {  // `index` unchanged
///   try parser.skipValue()  // throws e.g. "line 1, column 40: unexpected end of input"
/// }
/// ```
extension JSONParser {
  /// Moves past the value at `index` (after whitespace) and returns `true`, or returns `false`
  /// with `index` and `depth` unchanged.
  mutating func quickSkipValue() -> Bool {
    var none = JSONNoChildren()
    return quickSkipValue(recording: &none)
  }

  /// `quickSkipValue()` that tells `recorder` what it passes (`JSONCheckRecorder`), but for
  /// keys.
  mutating func quickSkipValue<Recorder: JSONCheckRecorder>(recording recorder: inout Recorder) -> Bool {
    guard let after = quickScanEnd(JSONSyntaxRules.self, keys: nil, recording: &recorder) else { return false }
    index = after
    return true
  }
}
