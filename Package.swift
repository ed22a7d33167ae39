// swift-tools-version: 6.2
import PackageDescription

// The modules `import FlowContainers` gives. Targets that use the library depend on all four, not
// on the umbrella alone: the build does not notice a change to a module that is only re-exported
// (`@_exported`), and would link a dependent against symbols that are gone.
let library: [Target.Dependency] = [
  "FlowContainers", "FlowContainersCore", "FlowContainersRestoration", "FlowContainersLinks",
]

let package = Package(
  name: "FlowContainers",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(
      name: "FlowContainers",
      targets: [
        "FlowContainers", "FlowContainersCore", "FlowContainersRestoration", "FlowContainersLinks",
      ]),
    .library(name: "FlowContainersTesting", targets: ["FlowContainersTesting"]),
  ],
  targets: [
    // Library
    // The core: containers, presentation, ownership, endings, observation. No links.
    .target(
      name: "FlowContainersCore",
      swiftSettings: [.treatAllWarnings(as: .error)]
    ),
    // Restoration: routes and screens, sub-flow declarations, snapshots, and the planning by
    // difference that restoring and links share; on the core's public API and its seam.
    .target(
      name: "FlowContainersRestoration",
      dependencies: ["FlowContainersCore"],
      swiftSettings: [.treatAllWarnings(as: .error)]
    ),
    // Deep links: patterns, resolution, guards, held links; on restoration.
    .target(
      name: "FlowContainersLinks",
      dependencies: ["FlowContainersCore", "FlowContainersRestoration"],
      swiftSettings: [.treatAllWarnings(as: .error)]
    ),
    // What users import: all three, re-exported.
    .target(
      name: "FlowContainers",
      dependencies: ["FlowContainersCore", "FlowContainersRestoration", "FlowContainersLinks"],
      swiftSettings: [.treatAllWarnings(as: .error)]
    ),
    .target(
      name: "FlowContainersTesting",
      dependencies: library,
      swiftSettings: [.treatAllWarnings(as: .error)]
    ),

    // Samples and benchmarks: targets, not products, so that users of the package do not
    // inherit them; `swift run notes`, `swift run notes-server`, `swift run quick-start` and
    // `swift run -c release flow-benchmarks` run them here.
    .executableTarget(
      name: "quick-start",
      dependencies: library,
      path: "Samples/QuickStart"
    ),
    // The Notes sample's flows, screens and model, and the commands its hosts take: one target
    // the terminal app and the server share.
    .target(
      name: "NotesKit",
      dependencies: library,
      path: "Samples/NotesKit"
    ),
    .executableTarget(
      name: "notes",
      dependencies: library + ["NotesKit"],
      path: "Samples/Notes"
    ),
    // The Notes server (`swift run notes-server`): the same flows for many users, one tree per
    // user, at rest in SQLite or PostgreSQL. The system libraries, found by pkg-config, are
    // for the server, its benchmarks and its tests only: the library and `notes` need none.
    .systemLibrary(
      name: "CSQLite", path: "Samples/CSQLite", pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
    .systemLibrary(
      name: "CLibPQ", path: "Samples/CLibPQ", pkgConfig: "libpq",
      providers: [.apt(["libpq-dev"]), .brew(["libpq"])]),
    .target(
      name: "NotesServerKit",
      dependencies: library + ["NotesKit", "CSQLite", "CLibPQ"],
      path: "Samples/NotesServerKit"
    ),
    .executableTarget(
      name: "notes-server",
      dependencies: ["NotesServerKit"],
      path: "Samples/NotesServer"
    ),
    // The README's deep-link and restoration listings, compiled and run.
    .executableTarget(
      name: "readme-links",
      dependencies: library,
      path: "Samples/ReadmeLinks"
    ),
    .executableTarget(
      name: "flow-benchmarks",
      dependencies: library + ["FlowContainersTesting"],
      path: "Benchmarks/FlowBenchmarks"
    ),
    // The Notes server's figures (Benchmarks/measure-notes-server runs it): a target of its
    // own, so that flow-benchmarks links no system library.
    .executableTarget(
      name: "notes-server-benchmarks",
      dependencies: ["NotesServerKit"],
      path: "Benchmarks/NotesServerBenchmarks"
    ),

    // Fuzzing: libFuzzer targets when built with -DFUZZING (see Tests/Fuzzing/run-fuzzer),
    // corpus replayers otherwise (the tests replay the committed corpora).
    .target(
      name: "FuzzSupport",
      path: "Tests/Fuzzing/FuzzSupport"
    ),
    .executableTarget(
      name: "FuzzDeepLink",
      dependencies: library + ["FuzzSupport"],
      path: "Tests/Fuzzing/FuzzDeepLink"
    ),
    .executableTarget(
      name: "FuzzRoutePatterns",
      dependencies: library + ["FuzzSupport"],
      path: "Tests/Fuzzing/FuzzRoutePatterns"
    ),
    .executableTarget(
      name: "FuzzSnapshot",
      dependencies: library + ["FuzzSupport"],
      path: "Tests/Fuzzing/FuzzSnapshot"
    ),

    // The DocC articles' listings that stand alone, compiled (`DocumentListingTests` checks
    // that each listing is in compiled code; `DocSnippetTests` runs those that use the samples).
    .target(
      name: "GettingStartedSnippets", dependencies: library, path: "Tests/Snippets/GettingStarted"),
    .target(name: "OwnershipSnippets", dependencies: library, path: "Tests/Snippets/Ownership"),
    .target(
      name: "PresentingSubFlowsSnippets", dependencies: library,
      path: "Tests/Snippets/PresentingSubFlows"),
    .target(name: "RestorationSnippets", dependencies: library, path: "Tests/Snippets/Restoration"),
    .target(
      name: "ResultsAndAlertsSnippets", dependencies: library,
      path: "Tests/Snippets/ResultsAndAlerts"),
    .target(name: "SplitViewsSnippets", dependencies: library, path: "Tests/Snippets/SplitViews"),
    .target(name: "HostAdapterSnippets", dependencies: library, path: "Tests/Snippets/HostAdapter"),
    .target(
      name: "CheckingEveryFlowSnippets", dependencies: library + ["FlowContainersTesting"],
      path: "Tests/Snippets/CheckingEveryFlow"),

    // Tests
    .testTarget(
      name: "FlowContainersTests",
      dependencies: library + ["FlowContainersTesting"],
      resources: [.copy("Fixtures")]
    ),
    .testTarget(
      name: "FlowContainersTestingTests",
      dependencies: library + ["FlowContainersTesting"]
    ),
    .testTarget(
      name: "DocSnippetTests",
      dependencies: library + [
        "FlowContainersTesting", "notes", "NotesKit", "quick-start", "GettingStartedSnippets",
        "ResultsAndAlertsSnippets", "SplitViewsSnippets", "HostAdapterSnippets",
        "CheckingEveryFlowSnippets",
      ]
    ),
    .testTarget(
      name: "SampleTests",
      dependencies: [
        "quick-start", "notes", "readme-links", "flow-benchmarks", "FuzzDeepLink",
        "FuzzRoutePatterns", "FuzzSnapshot",
      ],
      // The golden files, read from the source tree.
      exclude: ["Fixtures"]
    ),
    // The Notes server's tests: in this process, and `notes-server` run as a child (killed,
    // restarted, two on one PostgreSQL database).
    .testTarget(
      name: "NotesServerTests",
      dependencies: library + [
        "NotesKit", "NotesServerKit", "notes-server", "notes-server-benchmarks",
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)

for target in package.targets where target.type != .system {
  var settings = target.swiftSettings ?? []
  settings += [
    // SE-0335: spell existential types `any P`.
    .enableUpcomingFeature("ExistentialAny"),
    // SE-0409: imports are internal unless marked `public import`.
    .enableUpcomingFeature("InternalImportsByDefault"),
    // SE-0444: a member is visible only where its module is imported.
    .enableUpcomingFeature("MemberImportVisibility"),
  ]
  target.swiftSettings = settings
}
