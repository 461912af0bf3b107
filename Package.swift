// swift-tools-version: 6.0
import PackageDescription

// The layers (docs/architecture.md): apps link `Runtime` (and with it `Debugging`); the analysis
// (`TraceAnalysis`) builds on `Debugging`; the `tca-trace` tool sits on both. Nothing below
// imports anything above it, and only tests and benchmarks link `TraceTestSupport`.
let package = Package(
  name: "tca-trace",
  platforms: [.macOS(.v13), .iOS(.v16)],
  products: [
    .library(name: "Runtime", targets: ["Runtime"]),
    .library(name: "Debugging", targets: ["Debugging"]),
    .library(name: "TraceAnalysis", targets: ["TraceAnalysis"]),
    .library(name: "RuntimeTesting", targets: ["RuntimeTesting"]),
    .executable(name: "tca-trace", targets: ["tca-trace"]),
  ],
  dependencies: [],
  targets: [
    .target(name: "Debugging"),
    .target(name: "TraceAnalysis", dependencies: ["Debugging"]),
    .target(name: "TraceTestSupport", dependencies: ["Debugging"]),
    .target(name: "Runtime", dependencies: ["Debugging"]),
    .target(name: "RuntimeTesting", dependencies: ["Runtime", "Debugging"]),
    .executableTarget(name: "tca-trace", dependencies: ["Debugging", "TraceAnalysis"]),
    .target(name: "ExampleFeatures", dependencies: ["Runtime"], path: "Examples/Features"),
    .executableTarget(name: "Examples", dependencies: ["ExampleFeatures", "Runtime"], path: "Examples/Runner"),
    .target(
      name: "FixtureSessions", dependencies: ["ExampleFeatures", "Runtime"], path: "Examples/FixtureRecorder/Sessions"),
    .executableTarget(
      name: "FixtureRecorder", dependencies: ["FixtureSessions", "ExampleFeatures", "Runtime"],
      path: "Examples/FixtureRecorder/Main"),
    .executableTarget(
      name: "Benchmarks",
      dependencies: ["Debugging", "TraceAnalysis", "TraceTestSupport", "Runtime", "RuntimeTesting", "ExampleFeatures"]),
    .testTarget(name: "DebuggingTests", dependencies: ["Debugging", "TraceAnalysis", "TraceTestSupport"]),
    // The analysis on its own: a test here that needs the tool or the runtime does not compile.
    .testTarget(name: "TraceAnalysisTests", dependencies: ["Debugging", "TraceAnalysis", "TraceTestSupport"]),
    .testTarget(
      name: "RuntimeTests",
      dependencies: ["Runtime", "Debugging", "ExampleFeatures", "FixtureSessions", "TraceTestSupport"]),
    .testTarget(
      name: "RuntimeTestingTests",
      dependencies: ["RuntimeTesting", "Runtime", "Debugging", "ExampleFeatures", "TraceTestSupport"]),
    // Written by `tca-trace testgen` from Fixtures/ (scripts/check-testgen.sh).
    .testTarget(name: "GeneratedTests", dependencies: ["RuntimeTesting", "ExampleFeatures"]),
    .testTarget(
      name: "TCATraceTests",
      dependencies: ["Debugging", "TraceAnalysis", "TraceTestSupport", "Runtime", "tca-trace"],
      resources: []
    ),
  ],
  swiftLanguageModes: [.v6]
)

for target in package.targets {
  var settings = target.swiftSettings ?? []
  settings.append(.enableUpcomingFeature("ExistentialAny"))
  target.swiftSettings = settings
}
