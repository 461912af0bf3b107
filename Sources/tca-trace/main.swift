import Debugging

// `tca-trace`: a thin shell over `TraceTool` (TraceTool.swift). A reader that goes away
// (`| head`) shows up as EPIPE from write(2), which the output stops on quietly.
Platform.ignoreBrokenPipeSignal()
Platform.exit(TraceTool.run(Array(CommandLine.arguments.dropFirst()), environment: .process()))
