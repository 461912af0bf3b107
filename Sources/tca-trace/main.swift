import Debugging

// `tca-trace`: a thin shell over `TraceTool` (TraceTool.swift). A reader that goes away
// (`| head`) shows up as EPIPE from write(2), which the output stops on quietly.
Platform.ignoreBrokenPipeSignal()
ProcessEnd.endsWithCommand()
let code = TraceTool.run(Array(CommandLine.arguments.dropFirst()), environment: .process())
// A trace cut short, rewritten or recorded to again by another program while a line mapped from
// it (a lazily read state) was still being read: those bytes read as zeros or as the new ones
// (`MappedFileRegion`), and an error above may come from them. A file that only grew is fine.
if MappedFileRegion.truncationsSeen > 0 || !MappedFileRegion.filesChangedSinceMapped().isEmpty {
  let message =
    "tca-trace: error: a trace file changed while it was read (another program cut it short or rewrote it); what was shown may be wrong: run the command again\n"
  _ = message.utf8CString.withUnsafeBytes {
    Platform.writeAll(Platform.standardError, UnsafeRawBufferPointer(rebasing: $0.dropLast()))
  }
  Platform.exit(2)
}
Platform.exit(code)
