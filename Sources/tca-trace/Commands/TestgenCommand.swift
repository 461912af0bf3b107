import Debugging
import Foundation

/// `tca-trace testgen FILE`: a Swift Testing test that replays the trace with a `TestStore`.
package enum TestgenCommand: TraceCommand {
  package static let name = "testgen"
  package static let abstract = "Write a Swift Testing test that replays the trace with a TestStore, step by step."
  package static let discussion = """
    The test builds a TestStore from the trace's initial state (or the state before --from) and,
    for every action, sends it (or receives it, when an effect sent it) with the state change
    the trace recorded written as mutations: $0.todos[id: …]?.isComplete = true. Values are
    Swift expressions: memberwise initialisers, enum cases, literals, UUID(uuidString:)!,
    Date(timeIntervalSinceReferenceDate:), URL(string:)!, Data(base64Encoded:)!. A value the
    trace does not hold (redacted, a cycle) becomes a comment at its line.
    """
  package static let arguments = [ArgumentSpec.file]
  package static let options: [OptionSpec] = [.prefix, feature, reducer, testName, imports, from, to, effects, output]
  package static let feature = OptionSpec(
    ["--feature"], value: "<type>", help: "The reducer's type (default: the trace's session name).")
  package static let reducer = OptionSpec(
    ["--reducer"], value: "<expression>", help: "The expression that builds the reducer (default: <type>()).")
  package static let testName = OptionSpec(
    ["--test-name"], value: "<name>", help: "The test function's name (default: from the file name).")
  package static let imports = OptionSpec(
    ["--import"], value: "<module>", help: "A module to import (the feature's); repeatable.", repeatable: true)
  package static let from = OptionSpec(
    ["--from"], value: "<seq>", help: "Start at this action: the store starts from the state before it.")
  package static let to = OptionSpec(["--to"], value: "<seq>", help: "Stop after this action.")
  package static let effects = OptionSpec(
    ["--effects"], value: "<mode>", help: "Actions effects sent: receive (the default) or skip.")
  package static let output = OptionSpec(
    ["-o", "--output"], value: "<file>", help: "Where to write (default: - for standard output).")

  package static func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> Int32 {
    context.reducer = arguments.value(OptionSpec.prefix)
    var options = TestgenOptions()
    options.feature = arguments.value(Self.feature)
    options.reducer = arguments.value(Self.reducer)
    if let name = arguments.value(Self.testName) {
      // Written into the test as a function's name (and its helpers' prefix): an identifier only.
      guard SwiftLiteral.isIdentifier(name) else {
        throw arguments.invalid(name, Self.testName, expected: "a Swift identifier (letters, digits and _)")
      }
      options.testName = name
    }
    options.imports = arguments.allValues(Self.imports)
    if let from = try arguments.integer(Self.from) {
      if from < 1 { throw arguments.invalid(String(from), Self.from, expected: "a sequence number, 1 or more") }
      options.from = Int64(from)
    }
    if let to = try arguments.integer(Self.to) {
      if to < 0 { throw arguments.invalid(String(to), Self.to, expected: "a sequence number, 0 or more") }
      options.to = Int64(to)
    }
    if let effects = try arguments.choice(Self.effects, as: TestgenOptions.Effects.self) { options.effects = effects }
    let destination = try OutputFile(
      path: arguments.value(Self.output) ?? "-", permissions: 0o644, reading: arguments.positionals[0], context: context
    )
    do {
      let input = try RecordInput(file: arguments.positionals[0], context: context)
      var writer = TestgenWriter(
        file: input.file == "<stdin>" ? "<stdin>" : URL(fileURLWithPath: input.file).lastPathComponent,
        path: input.file, options: options)
      while let line = try input.next() { try writer.consume(line) }
      // The reader's warnings first (a cut-off last line): they explain an error of `source()`.
      try input.finish()
      try destination.write(try writer.source())
      try destination.commit()
    } catch {
      destination.discard()
      throw error
    }
    return CommandLineExit.success
  }
}
