// swift-tools-version: 6.0
import Foundation
import PackageDescription

// Layers, bottom to top; imports only point down, and every edge is written out below:
//
//   SmartFillSupport        JSON reader and writer, timestamps, hashing, SplitMix64, the command-line parser
//                           (no product: the package's own utilities, as swift-collections'
//                           InternalCollectionsUtilities)
//   SmartFill               the engine and the catalog format                      on SmartFillSupport
//   FillRules               the fill rules' plain definitions: the model that the  on SmartFill (its public
//                           tests, fillbench and Audit check the engine against    types only)
//                           (no product)
//   SyntheticCatalogs       the benchmark's catalog generator                      on SmartFill
//   DesignBaseline          the design's own greedy algorithms, the benchmark's    on SmartFill
//                           baseline and the audit's (no product)
//   Feeds                   RSS and OPML import                                    on SmartFill
//   Queues                  named queues and their store                           on SmartFill
//   AutoSwitch              context-aware switching between queues, the timeline   on Queues
//   QueueSync               multi-device sync of the queues (replicated state, server
//                           protocol, engine)                                      on Queues
//   QueueSyncSimulation     sync's randomized simulation, its control rules and
//                           workloads (no product)                                 on QueueSync
//   QueueSyncPostgres       the sync server's record store on PostgreSQL           on QueueSync, CLibPQ (libpq)
//   QueueScreens            the switcher, management and editor screens as values  on Queues
//   Audit                   the design's validation checklist as a report of checks run on SmartFill, FillRules,
//                           Queues, AutoSwitch, QueueSync, QueueSyncSimulation, SyntheticCatalogs,
//                           DesignBaseline
//   SmartFillCLI, smartfill the command-line tool                                  on Feeds, Queues, AutoSwitch,
//                                                                                  QueueSync, QueueSyncSimulation,
//                                                                                  QueueScreens, SyntheticCatalogs,
//                                                                                  Audit
//   Benchmarks/             BenchmarkSupport (measurement), fillbench, queuebench and syncbench
//   Tests/                  a test target per module, SmartFillTestSupport (shared test helpers) and
//                           queue-store-writer (the store's crash-test child process), sync-device-process
//                           (sync's kill-test child process), postgres-device-process (the same on
//                           PostgreSQL), SyncDeviceSupport (the two device processes' edits, and the model
//                           their tests check against), PostgresTestCluster (a throwaway cluster)
//   Benchmarks/syncstorebench  the PostgreSQL record store under load      on QueueSyncPostgres, PostgresTestCluster
// The `smartfill` tool links the Swift runtime and Foundation statically on Linux in release builds: a process
// that loads them dynamically spends about 7 ms binding symbols before `main`, more than reading and filling from a
// 100-subscription catalog. `-static-stdlib` links swift_static's archives; the archives those need that the
// objects do not name (compiled against the dynamic modules) are listed after it. Checked with Swift 6.3; other
// compilers link dynamically. It is also linked as a position-dependent executable (`-no-pie`): a position-
// independent one has about 77,000 addresses in its data that the loader rewrites at every start, about 200 pages
// copied and 0.7-0.9 ms of the tool's 9-14 ms on a 100-subscription catalog; the shared libraries it loads keep
// their random addresses, the executable's own are fixed. No test target depends on `smartfill` (`swift test`
// builds it anyway), because a test bundle that linked with these flags could not load swift-testing, which only
// comes as a shared library.
//
// libxml2 (FoundationXML's parser) and what it loads (ICU, liblzma, zlib) are linked from their archives too when
// the system has all of them (Debian's -dev packages install them; Foundation's own link needs libxml2's anyway):
// loaded as shared libraries, they had the loader bind about 10,000 of their symbols at every start (0.5 ms).
// `--as-needed` then leaves out the shared libxml2 that FoundationXML's objects name. Without the archives, the
// tool loads them as shared libraries, as before.
#if compiler(>=6.3)
  let xmlArchives = ["libxml2.a", "libicuuc.a", "libicudata.a", "liblzma.a", "libz.a"]
  let xmlArchiveDirectory = ["/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib64", "/usr/lib"]
    .first { directory in xmlArchives.allSatisfy { FileManager.default.fileExists(atPath: "\(directory)/\($0)") } }
  let xmlLinking =
    xmlArchiveDirectory.map { directory in
      ["-Xlinker", "--as-needed"] + xmlArchives.flatMap { ["-Xlinker", "\(directory)/\($0)"] }
    } ?? ["-lxml2"]
  let staticToolLinking: [LinkerSetting] = [
    .unsafeFlags(
      ["-static-stdlib", "-l_CFXMLInterface"] + xmlLinking + [
        "-lCoreFoundation", "-l_FoundationICU", "-l_FoundationCShims", "-l_FoundationCollections",
        "-lswiftSynchronization", "-Xclang-linker", "-no-pie",
      ], .when(platforms: [.linux], configuration: .release))
  ]
#else
  let staticToolLinking: [LinkerSetting] = []
#endif

let package = Package(
  name: "SmartFill",
  // The oldest systems whose Foundation has what the libraries use: `Duration`'s format styles in QueueScreens
  // need iOS 16 and macOS 13. Only Linux is built and tested here (the README says so).
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
  products: [
    .library(name: "SmartFill", targets: ["SmartFill"]),
    .library(name: "SyntheticCatalogs", targets: ["SyntheticCatalogs"]),
    .library(name: "Feeds", targets: ["Feeds"]),
    .library(name: "Queues", targets: ["Queues"]),
    .library(name: "AutoSwitch", targets: ["AutoSwitch"]),
    .library(name: "QueueSync", targets: ["QueueSync"]),
    .library(name: "QueueScreens", targets: ["QueueScreens"]),
    .library(name: "QueueSyncPostgres", targets: ["QueueSyncPostgres"]),
    .executable(name: "smartfill", targets: ["smartfill"]),
    .executable(name: "fillbench", targets: ["fillbench"]),
  ],
  targets: [
    // The support layer.
    .target(name: "SmartFillSupport"),
    .testTarget(name: "SmartFillSupportTests", dependencies: ["SmartFillSupport", "SmartFillTestSupport"]),

    // The engine.
    .target(name: "SmartFill", dependencies: ["SmartFillSupport"]),
    .testTarget(
      name: "SmartFillTests",
      dependencies: ["SmartFill", "SmartFillSupport", "SyntheticCatalogs", "FillRules", "SmartFillTestSupport"]
    ),

    // On the engine.
    .target(name: "FillRules", dependencies: ["SmartFill"]),
    .testTarget(
      name: "FillRulesTests", dependencies: ["FillRules", "SmartFill", "SyntheticCatalogs", "SmartFillTestSupport"]),
    .target(name: "SyntheticCatalogs", dependencies: ["SmartFill", "SmartFillSupport"]),
    .target(name: "DesignBaseline", dependencies: ["SmartFill"]),
    .testTarget(name: "DesignBaselineTests", dependencies: ["DesignBaseline", "SmartFill", "SyntheticCatalogs"]),
    .testTarget(
      name: "SyntheticCatalogsTests", dependencies: ["SyntheticCatalogs", "SmartFill", "SmartFillTestSupport"]),
    .target(name: "Feeds", dependencies: ["SmartFill", "SmartFillSupport"]),
    .testTarget(
      name: "FeedsTests", dependencies: ["Feeds", "SmartFill", "SmartFillSupport", "SmartFillTestSupport"]),
    .target(name: "Queues", dependencies: ["SmartFill", "SmartFillSupport"]),
    .testTarget(
      name: "QueuesTests",
      dependencies: [
        "Queues", "SmartFill", "SmartFillSupport", "SyntheticCatalogs", "SmartFillTestSupport", "queue-store-writer",
      ]),

    // On the queues.
    .target(name: "AutoSwitch", dependencies: ["Queues", "SmartFillSupport"]),
    .testTarget(
      name: "AutoSwitchTests", dependencies: ["AutoSwitch", "Queues", "SmartFillSupport", "SmartFillTestSupport"]),

    .target(name: "QueueSync", dependencies: ["Queues", "SmartFill", "SmartFillSupport"]),
    .testTarget(
      name: "QueueSyncTests",
      dependencies: [
        "QueueSync", "QueueSyncSimulation", "Queues", "SmartFill", "SmartFillSupport", "SmartFillTestSupport",
        "SyncDeviceSupport", "sync-device-process",
      ]),
    .target(name: "QueueSyncSimulation", dependencies: ["QueueSync", "Queues", "SmartFill", "SmartFillSupport"]),
    .testTarget(
      name: "QueueSyncSimulationTests",
      dependencies: [
        "QueueSyncSimulation", "QueueSync", "Queues", "SmartFill", "SmartFillSupport", "SmartFillTestSupport",
      ]),

    // The screens.
    .target(name: "QueueScreens", dependencies: ["Queues", "SmartFill", "SmartFillSupport"]),
    .testTarget(
      name: "QueueScreensTests",
      dependencies: ["QueueScreens", "Queues", "SmartFill", "SmartFillSupport", "SmartFillTestSupport"]),
    // The sync server's record store on PostgreSQL, apart so that an app embedding the engine never links libpq.
    .systemLibrary(name: "CLibPQ", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),
    .target(name: "QueueSyncPostgres", dependencies: ["QueueSync", "SmartFillSupport", "CLibPQ"]),
    .testTarget(
      name: "QueueSyncPostgresTests",
      dependencies: [
        "QueueSyncPostgres", "QueueSync", "Queues", "SmartFill", "SmartFillSupport", "SmartFillTestSupport",
        "PostgresTestCluster", "SyncDeviceSupport", "postgres-device-process",
      ]),

    // The audit: the design's checklist, run.
    .target(
      name: "Audit",
      dependencies: [
        "SmartFill", "SmartFillSupport", "SyntheticCatalogs", "FillRules", "Queues", "AutoSwitch", "QueueSync",
        "QueueSyncSimulation", "DesignBaseline",
      ]),
    .testTarget(
      name: "AuditTests",
      dependencies: [
        "Audit", "SmartFill", "SmartFillSupport", "Queues", "AutoSwitch", "QueueSync", "QueueSyncSimulation",
      ]),

    // The command-line tool.
    .target(
      name: "SmartFillCLI",
      dependencies: [
        "SmartFill", "SmartFillSupport", "Feeds", "SyntheticCatalogs", "Queues", "AutoSwitch", "QueueSync",
        "QueueSyncSimulation", "QueueScreens", "Audit",
      ]),
    .executableTarget(name: "smartfill", dependencies: ["SmartFillCLI"], linkerSettings: staticToolLinking),
    .testTarget(
      name: "SmartFillCLITests",
      dependencies: ["SmartFillCLI", "SmartFill", "SyntheticCatalogs", "SmartFillTestSupport", "QueueSyncSimulation"]),

    // Benchmarks.
    .target(name: "BenchmarkSupport", path: "Benchmarks/BenchmarkSupport"),
    .testTarget(name: "BenchmarkSupportTests", dependencies: ["BenchmarkSupport"]),
    .executableTarget(
      name: "fillbench",
      dependencies: [
        "SmartFill", "SmartFillSupport", "SyntheticCatalogs", "FillRules", "DesignBaseline", "BenchmarkSupport",
      ],
      path: "Benchmarks/fillbench"),
    .testTarget(
      name: "FillbenchTests",
      dependencies: [
        "fillbench", "BenchmarkSupport", "SmartFill", "SmartFillSupport", "SyntheticCatalogs", "FillRules",
        "SmartFillTestSupport",
      ]),
    .executableTarget(
      name: "queuebench", dependencies: ["Queues", "AutoSwitch", "SmartFill", "SmartFillSupport", "BenchmarkSupport"],
      path: "Benchmarks/queuebench"),
    .executableTarget(
      name: "syncbench",
      dependencies: [
        "QueueSync", "QueueSyncSimulation", "Queues", "SmartFill", "SmartFillSupport", "BenchmarkSupport",
      ],
      path: "Benchmarks/syncbench"),

    .executableTarget(
      name: "syncstorebench",
      dependencies: ["QueueSyncPostgres", "QueueSync", "SmartFillSupport", "BenchmarkSupport", "PostgresTestCluster"],
      path: "Benchmarks/syncstorebench"),

    // Test helpers.
    .target(name: "SmartFillTestSupport", dependencies: ["SmartFillSupport"], path: "Tests/TestSupport"),
    .executableTarget(
      name: "queue-store-writer", dependencies: ["Queues", "SmartFill", "SmartFillSupport"],
      path: "Tests/QueueStoreWriter"),
    .executableTarget(
      name: "sync-device-process",
      dependencies: ["QueueSync", "Queues", "SmartFill", "SmartFillSupport", "SyncDeviceSupport"],
      path: "Tests/SyncDeviceProcess"),
    .target(name: "PostgresTestCluster", path: "Tests/PostgresTestCluster"),
    .target(
      name: "SyncDeviceSupport", dependencies: ["QueueSync", "Queues", "SmartFill", "SmartFillSupport"],
      path: "Tests/SyncDeviceSupport"),
    .executableTarget(
      name: "postgres-device-process", dependencies: ["QueueSyncPostgres", "QueueSync", "SyncDeviceSupport"],
      path: "Tests/PostgresDeviceProcess"),
  ],
  swiftLanguageModes: [.v6]
)
