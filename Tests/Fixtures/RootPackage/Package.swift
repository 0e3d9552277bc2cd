// swift-tools-version: 5.9
// The repository's own tooling at the root, as a Danger file often is: the real code is in the
// nested packages below, which Bulkhead must check all the same.
import PackageDescription

let package = Package(
    name: "RepositoryTools",
    targets: [
        .executableTarget(name: "ReleaseNotes", path: "Tools/ReleaseNotes"),
    ]
)
