// swift-tools-version: 6.0
import PackageDescription

// A package that uses Bulkhead the way a release user does: the binary from the artifact bundle
// (through .binaryTarget(path:)) and the build-tool plugin beside it, applied to one target: the
// check covers the whole package, so Kernel's plugin also stops a violation in Feature.
// The end-to-end test puts bulkhead.artifactbundle and Plugins/BulkheadBuildPlugin (copied from
// the repository) into a copy of this folder, then builds it with and without a violation.
let package = Package(
    name: "BuildPluginConsumer",
    targets: [
        .binaryTarget(name: "BulkheadBinary", path: "bulkhead.artifactbundle"),
        .plugin(name: "BulkheadBuildPlugin", capability: .buildTool(), dependencies: ["BulkheadBinary"]),
        .target(name: "Kernel", plugins: ["BulkheadBuildPlugin"]),
        .target(name: "Networking", dependencies: ["Kernel"]),
        .target(name: "Feature", dependencies: ["Kernel"]),
    ]
)
