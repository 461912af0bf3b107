@_exported import struct Debugging.ActionFilter
@_exported import protocol Debugging.CustomTraceRepresentable
@_exported import struct Debugging.Redacted
@_exported import class Debugging.TraceBuffer
@_exported import class Debugging.TraceRecorder
@_exported import struct Debugging.TraceRecorderOptions
// What a feature needs for `.debug(to: .file(...), options: ...)`, and no more: the sink, the
// options and their parts, the recorder `DebugReducer.recorder` hands out, and the two ways a type
// chooses how it reads in a trace (`@Redacted`, `CustomTraceRepresentable` with its `Value`).
// Everything else in Debugging (reflection, diffs, the trace reader) takes `import Debugging`.
@_exported import struct Debugging.TraceSink
@_exported import enum Debugging.TraceTimestamps
@_exported import enum Debugging.Value
