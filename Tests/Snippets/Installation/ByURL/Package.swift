// swift-tools-version: 6.2
import PackageDescription

// The README's installation listing, by URL: `DocumentListingTests` checks that
// `swift package dump-package` reads it.
let package = Package(
  name: "MyApp",
  platforms: [.macOS(.v15), .iOS(.v18)],
  dependencies: [
    .package(url: "https://git.example.com/FlowContainers.git", branch: "main")
  ],
  targets: [
    .executableTarget(
      name: "MyApp",
      dependencies: [.product(name: "FlowContainers", package: "FlowContainers")]
    ),
    .testTarget(
      name: "MyAppTests",
      dependencies: [
        "MyApp", .product(name: "FlowContainersTesting", package: "FlowContainers"),
      ]
    ),
  ]
)
