import Debugging

/// Streaming a whole trace into an `OutputFile`, as `export` and `report` do.
extension OutputFile {
  /// Reads every item of the input `open` returns, lets `add` append its bytes, lets `finish`
  /// append the end, and writes in 64 KiB chunks. Commits the file when everything worked;
  /// discards it when anything threw (opening, a bad line, a full disk), then rethrows.
  ///
  /// ```swift
  /// var exporter = PerfettoExporter()
  /// try destination.stream(
  ///   from: { try TraceInput<ExportEventDecoder>(file: path, context: context) },
  ///   add: { exporter.add($0, into: &$1) },
  ///   finish: { exporter.finish(into: &$0) }
  /// )
  /// ```
  package func stream<Decoder: TraceInputDecoder>(
    from open: () throws -> TraceInput<Decoder>,
    add: (Decoder.Record, inout [UInt8]) -> Void,
    finish: (inout [UInt8]) -> Void
  ) throws {
    do {
      let input = try open()
      var bytes: [UInt8] = []
      bytes.reserveCapacity(1 << 17)
      while let item = try input.next() {
        add(item, &bytes)
        if bytes.count >= 1 << 16 {
          try write(bytes: bytes)
          bytes.removeAll(keepingCapacity: true)
        }
      }
      finish(&bytes)
      try write(bytes: bytes)
      try commit()
      try input.finish()
    } catch {
      discard()
      throw error
    }
  }
}
