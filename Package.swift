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
  ],
  targets: [
    .target(name: "SmartFill"),
    .testTarget(name: "SmartFillTests", dependencies: ["SmartFill"]),
  ],
  swiftLanguageModes: [.v6]
)
