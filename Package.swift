// swift-tools-version: 6.0
import PackageDescription

// Layers, bottom to top (imports only point down):
//   SmartFill                       the engine and the catalog format
//   SyntheticCatalogs, Feeds, Queues   on SmartFill
//   fillbench, smartfill            executables on top
let package = Package(
  name: "SmartFill",
  products: [
    .library(name: "SmartFill", targets: ["SmartFill"]),
    .library(name: "SyntheticCatalogs", targets: ["SyntheticCatalogs"]),
    .executable(name: "fillbench", targets: ["fillbench"]),
    .library(name: "Feeds", targets: ["Feeds"]),
    .executable(name: "smartfill", targets: ["smartfill"]),
    .library(name: "Queues", targets: ["Queues"]),
  ],
  targets: [
    .target(name: "SmartFill"),
    .testTarget(name: "SmartFillTests", dependencies: ["SmartFill", "SyntheticCatalogs"]),
    .target(name: "SyntheticCatalogs", dependencies: ["SmartFill"]),
    .testTarget(name: "SyntheticCatalogsTests", dependencies: ["SyntheticCatalogs", "SmartFill"]),
    .target(name: "BenchmarkSupport", path: "Benchmarks/BenchmarkSupport"),
    .testTarget(name: "BenchmarkSupportTests", dependencies: ["BenchmarkSupport"]),
    .executableTarget(
      name: "fillbench", dependencies: ["SmartFill", "SyntheticCatalogs", "BenchmarkSupport"],
      path: "Benchmarks/fillbench"),
    .testTarget(name: "FillbenchTests", dependencies: ["fillbench"]),
    .target(name: "Feeds", dependencies: ["SmartFill"]),
    .testTarget(name: "FeedsTests", dependencies: ["Feeds", "SmartFill"]),
    .target(name: "SmartFillCLI", dependencies: ["SmartFill", "Feeds", "SyntheticCatalogs"]),
    .executableTarget(name: "smartfill", dependencies: ["SmartFillCLI"]),
    .testTarget(
      name: "SmartFillCLITests", dependencies: ["SmartFillCLI", "SmartFill", "SyntheticCatalogs", "smartfill"]),
    .target(name: "Queues", dependencies: ["SmartFill"]),
    .testTarget(name: "QueuesTests", dependencies: ["Queues", "SmartFill", "SyntheticCatalogs", "queue-store-writer"]),
    .executableTarget(name: "queue-store-writer", dependencies: ["Queues", "SmartFill"]),
    .executableTarget(
      name: "queuebench", dependencies: ["Queues", "SmartFill", "BenchmarkSupport"], path: "Benchmarks/queuebench"),
  ],
  swiftLanguageModes: [.v6]
)
