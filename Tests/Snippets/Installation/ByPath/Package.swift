// swift-tools-version: 6.2
import PackageDescription

// The README's installation listing, from a checkout in a folder of another name:
// `DocumentListingTests` checks that `swift package dump-package` reads it.
let package = Package(
  name: "MyApp",
  platforms: [.macOS(.v15), .iOS(.v18)],
  dependencies: [
    .package(path: "../flow-containers")
  ],
  targets: [
    .executableTarget(
      name: "MyApp",
      dependencies: [.product(name: "FlowContainers", package: "flow-containers")]
    )
  ]
)
