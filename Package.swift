// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "tca-trace",
  platforms: [.macOS(.v13), .iOS(.v16)],
  products: [
    .library(name: "Runtime", targets: ["Runtime"]),
    .library(name: "Debugging", targets: ["Debugging"]),
    .library(name: "RuntimeTesting", targets: ["RuntimeTesting"]),
    .executable(name: "tca-trace", targets: ["tca-trace"]),
  ],
  dependencies: [],
  targets: [
    .target(name: "Debugging"),
    .target(name: "Runtime", dependencies: ["Debugging"]),
    .target(name: "RuntimeTesting", dependencies: ["Runtime", "Debugging"]),
    .executableTarget(name: "tca-trace", dependencies: ["Debugging"]),
    .target(name: "ExampleFeatures", dependencies: ["Runtime"], path: "Examples/Features"),
    .executableTarget(name: "Examples", dependencies: ["ExampleFeatures", "Runtime"], path: "Examples/Runner"),
    .target(name: "FixtureSessions", dependencies: ["ExampleFeatures", "Runtime"], path: "Examples/FixtureRecorder/Sessions"),
    .executableTarget(name: "FixtureRecorder", dependencies: ["FixtureSessions", "ExampleFeatures", "Runtime"], path: "Examples/FixtureRecorder/Main"),
    .executableTarget(name: "Benchmarks", dependencies: ["Debugging", "Runtime"]),
    .testTarget(name: "DebuggingTests", dependencies: ["Debugging"]),
    .testTarget(name: "RuntimeTests", dependencies: ["Runtime", "Debugging", "ExampleFeatures", "FixtureSessions"]),
    .testTarget(name: "RuntimeTestingTests", dependencies: ["RuntimeTesting", "Runtime", "ExampleFeatures"]),
    .testTarget(
      name: "TCATraceTests",
      dependencies: ["Debugging", "Runtime", "tca-trace"],
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
