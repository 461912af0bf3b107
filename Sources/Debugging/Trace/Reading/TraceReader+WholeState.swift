extension TraceRecord {
  /// Whether the record holds a whole state: a `state` line, or an action with a keyframe.
  package var holdsWholeState: Bool {
    switch self {
    case .state: return true
    case let .action(action): return action.state != nil
    default: return false
    }
  }
}

extension TraceLineReader where Decoder == TraceRecordDecoder {
  /// The first line of `lines` of the first reducer (no `reducer` tag) that holds a whole state
  /// (`TraceRecord.holdsWholeState`), decoded
  /// as a `TraceReader` with `keepsArraysAsText` decodes it, and its offset from where `lines`
  /// started; the lines before it are skipped unread. `nil` when there is none among the lines
  /// that start before `limit` (an offset from where `lines` started), or when a line is too long
  /// or cut off first: the search reads at most `limit` bytes and one line.
  ///
  /// For a stretch of a trace read from an offset (`report` on several threads): a reader of the
  /// stretch before, stopping at its first such line after that offset, stops on the same line.
  ///
  /// ```swift
  /// let lines = LineReader(fileDescriptor: fd, name: path, closesDescriptor: true)  // fd at a line start
  /// TraceReader.firstWholeState(in: lines, before: 4 << 20)  // (line 57: .action(…, state: {…}), 1_048_921)
  /// ```
  package static func firstWholeState(in lines: LineReader, before limit: Int) -> (line: TraceLine, offset: Int)? {
    var decoder = TraceRecordDecoder()
    decoder.keepsArraysAsText = true
    while true {
      let offset = Int(lines.linesEnd)
      guard offset < limit else { return nil }
      let found: WholeStateSearch?
      do {
        found = try lines.nextLine { view -> WholeStateSearch in
          guard !view.isTruncated else { return .end }
          // Only a line with a "state" member can hold one: its bytes hold `state`, or an escape
          // (`"st\u0061te"`). Another reducer's line is skipped by the readers
          // (`TraceStreamSelection`), so it ends no stretch.
          guard ByteSearch.contains(view.bytes, "state") || ByteSearch.contains(view.bytes, #"\u"#),
            TraceStreamSelection.tag(of: view.bytes) == nil,
            TraceLineRules.problem(of: view, file: lines.name) == nil,
            case let .success(line) = decoder.decode(view, file: lines.name), line.record.holdsWholeState
          else { return .skipped }
          return .line(line)
        }
      } catch {
        return nil
      }
      switch found {
      case nil, .end?: return nil
      case .skipped?: continue
      case let .line(line)?: return (line, offset)
      }
    }
  }
}

/// What `firstWholeState(in:)` made of one line.
private enum WholeStateSearch { case skipped, end, line(TraceLine) }
