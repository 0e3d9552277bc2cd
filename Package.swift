// swift-tools-version: 6.2
import PackageDescription

// The module arrows, which bulkhead.json states again so Bulkhead can check itself:
//   bulkhead → BulkheadCLI → Engine, GitChanges, PackageLoading, Caches, XcodeProjects, Processes, FileAccess, Selection,
//            Rules, Configuration, Reporting, DeclarationFiles, ModuleGraph, ImportScanning, Diagnostics, Formats
//   Engine → PackageLoading, Caches, XcodeProjects, Processes, FileAccess, Rules, Configuration, Reporting, ModuleGraph,
//            ImportScanning, Diagnostics, Formats (one run under every command: configuration, graph,
//            sources, rules, the fix plan)
//   Rules → Configuration, DeclarationFiles, ModuleGraph, ImportScanning, Diagnostics, Formats, ParallelWork
//   DeclarationFiles → ImportScanning, Formats, ProjectObjects (a Package.swift and a project.pbxproj
//            behind one seam: locate, edit, read directives)
//   ProjectObjects → Formats (a project.pbxproj's objects, typed, with references and positions)
//   Configuration → ModuleGraph, Diagnostics, Formats
//   Reporting → ModuleGraph, ImportScanning, Diagnostics, Formats
//   The input modules, the only ones that touch the disk or run processes, each above the next:
//   GitChanges → PackageLoading, XcodeProjects, Processes, FileAccess, Selection, ModuleGraph, Formats (it
//            reads changes into Selection's values, and a base version's manifest or project)
//   PackageLoading → Caches, XcodeProjects, Processes, FileAccess, ModuleGraph, ImportScanning, Diagnostics,
//            Formats, ParallelWork (it loads packages into the graph and scans their sources)
//   Caches → FileAccess, ModuleGraph, ImportScanning, Diagnostics, Formats
//   XcodeProjects → FileAccess, ProjectObjects, Selection, ModuleGraph, Diagnostics, Formats
//   Processes → FileAccess, and on Linux SystemCalls (the few C calls the Glibc module lacks)
//   FileAccess → Diagnostics, Formats, and on Linux SystemCalls
//   Selection → ModuleGraph, Diagnostics, Formats
//   ModuleGraph, ImportScanning, Diagnostics, Formats and ParallelWork depend on nothing. Formats is
//   pure format code: the JSON and JSON5 reader, the sorted JSON writer, the property-list reader,
//   stable hashing and SHA-256, path arithmetic and globs, trimming blanks, numbering names.
//   ParallelWork is the one parallel map (indexed jobs on cores or on threads of our own, results in
//   index order) and the one value worked out in the background, which Rules and PackageLoading both need
//   and neither may take from the other.
let package = Package(
    name: "Bulkhead",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "bulkhead", targets: ["bulkhead"]),
        .plugin(name: "BulkheadPlugin", targets: ["BulkheadPlugin"]),
        .plugin(name: "BulkheadWritePlugin", targets: ["BulkheadWritePlugin"]),
        .plugin(name: "BulkheadBuildPlugin", targets: ["BulkheadBuildPlugin"]),
    ],
    targets: [
        .executableTarget(name: "bulkhead", dependencies: ["BulkheadCLI"]),
        // `swift package bulkhead check` in any package that depends on Bulkhead.
        .plugin(
            name: "BulkheadPlugin",
            capability: .command(intent: .custom(verb: "bulkhead", description: "Check the package's architecture rules with Bulkhead.")),
            dependencies: ["bulkhead"]),
        // `swift package --allow-writing-to-package-directory bulkhead-write baseline|init`: the
        // commands that write into the package ask for that permission; the others need none.
        .plugin(
            name: "BulkheadWritePlugin",
            capability: .command(
                intent: .custom(verb: "bulkhead-write", description: "Write Bulkhead's baseline or a starting bulkhead.json into the package."),
                permissions: [.writeToPackageDirectory(reason: "bulkhead baseline and bulkhead init write bulkhead-baseline.json and bulkhead.json")]),
            dependencies: ["bulkhead"]),
        // `bulkhead check` before a target builds, so `swift build` fails on a violation; the Xcode
        // variant is compiled where XcodeProjectPlugin exists. A package that uses the artifact
        // bundle instead of this package gets the same plugin beside a `.binaryTarget`.
        .plugin(name: "BulkheadBuildPlugin", capability: .buildTool(), dependencies: ["bulkhead"]),
        .target(name: "BulkheadCLI", dependencies: ["Engine", "GitChanges", "PackageLoading", "Caches", "XcodeProjects", "Processes", "FileAccess", "Selection", "Rules", "Configuration", "Reporting", "DeclarationFiles", "ModuleGraph", "ImportScanning", "Diagnostics", "Formats"]),
        // One run under every command: configuration, graph, sources, rules, fix plan.
        .target(name: "Engine", dependencies: ["PackageLoading", "Caches", "XcodeProjects", "Processes", "FileAccess", "Rules", "Configuration", "Reporting", "ModuleGraph", "ImportScanning", "Diagnostics", "Formats"]),
        .target(name: "Rules", dependencies: ["Configuration", "DeclarationFiles", "ModuleGraph", "ImportScanning", "Diagnostics", "Formats", "ParallelWork"]),
        .target(name: "Configuration", dependencies: ["ModuleGraph", "Diagnostics", "Formats"]),
        .target(name: "Reporting", dependencies: ["ModuleGraph", "ImportScanning", "Diagnostics", "Formats"]),
        // git: the change list and the files as they were at the base commit, read into
        // Selection's values; above PackageLoading, which reads a base version's manifest or project.
        .target(name: "GitChanges", dependencies: ["PackageLoading", "XcodeProjects", "Processes", "FileAccess", "Selection", "ModuleGraph", "Formats"]),
        .target(name: "PackageLoading", dependencies: ["Caches", "XcodeProjects", "Processes", "FileAccess", "ModuleGraph", "ImportScanning", "Diagnostics", "Formats", "ParallelWork"]),
        // The caches on disk, keyed on what they stand for: scanned files, folder listings, stored
        // graphs, manifest inputs, and the byte format they share.
        .target(name: "Caches", dependencies: ["FileAccess", "ModuleGraph", "ImportScanning", "Diagnostics", "Formats"]),
        // Xcode projects, workspaces and .xcconfig files read into the graph's values.
        .target(name: "XcodeProjects", dependencies: ["FileAccess", "ProjectObjects", "Selection", "ModuleGraph", "Diagnostics", "Formats"]),
        // Child processes: the one runner, the process tree and its interruption, the run's
        // temporary folder.
        .target(name: "Processes", dependencies: ["FileAccess", .target(name: "SystemCalls", condition: .when(platforms: [.linux]))]),
        // Files: reading them within the run's boundary, listing folders, writing and replacing
        // files atomically, and the error every input module throws.
        .target(name: "FileAccess", dependencies: ["Diagnostics", "Formats", .target(name: "SystemCalls", condition: .when(platforms: [.linux]))]),
        // The glibc calls Swift's Glibc module leaves out, compiled against the build machine's
        // headers: the statically linked Linux binary cannot look them up by name at run time.
        .target(name: "SystemCalls"),
        // affected: typed changes, ownership, manifest and pin impact, the selection — pure.
        .target(name: "Selection", dependencies: ["ModuleGraph", "Diagnostics", "Formats"]),
        .target(name: "ModuleGraph"),
        // Benchmarks that need the modules themselves (never run as tests).
        .executableTarget(name: "selection-benchmark", dependencies: ["Selection", "ModuleGraph"], path: "Benchmarks/Selection"),
        .target(name: "ImportScanning", exclude: ["Platforms/README.md"]),
        .target(name: "Diagnostics"),
        // The files that declare targets and dependencies (Package.swift, project.pbxproj), read
        // and edited behind one seam, so rules and fixes never ask which kind they hold.
        .target(name: "DeclarationFiles", dependencies: ["ImportScanning", "Formats", "ProjectObjects"]),
        // The objects of a project.pbxproj, typed by isa, with their references and positions:
        // the one reading of a project file under the reader (XcodeProjects), the locator and the editor.
        .target(name: "ProjectObjects", dependencies: ["Formats"]),
        // Pure format code, no dependencies: readers of the formats Bulkhead reads, hashing, paths,
        // and the small string work several modules share (trimming blanks, numbering names).
        .target(name: "Formats"),
        // The one parallel map: indexed jobs on a fixed number of workers, results in index order.
        .target(name: "ParallelWork"),

        // Test helpers shared by the test targets: fixture paths and copies.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "ImportScanningTests", dependencies: ["ImportScanning", "PackageLoading", "Processes", "TestSupport"]),
        .testTarget(name: "InputsTests", dependencies: ["GitChanges", "PackageLoading", "Caches", "XcodeProjects", "Processes", "FileAccess", "Selection", "ModuleGraph", "ImportScanning", "ParallelWork", "Formats", "Diagnostics", "TestSupport"]),
        .testTarget(name: "ParallelWorkTests", dependencies: ["ParallelWork", "TestSupport"]),
        .testTarget(name: "FormatsTests", dependencies: ["Formats", "TestSupport"]),
        // One project file read by the reader, the locator and the editor, which must agree.
        .testTarget(name: "ProjectObjectsTests", dependencies: ["ProjectObjects", "XcodeProjects", "FileAccess", "DeclarationFiles", "TestSupport"]),
        .testTarget(name: "DeclarationFilesTests", dependencies: ["DeclarationFiles", "TestSupport"]),
        .testTarget(name: "ModuleGraphTests", dependencies: ["ModuleGraph", "TestSupport"]),
        .testTarget(name: "SelectionTests", dependencies: ["Selection", "ModuleGraph", "Formats", "TestSupport"]),
        .testTarget(name: "ConfigurationTests", dependencies: ["Configuration", "ModuleGraph", "TestSupport"]),
        .testTarget(name: "RulesTests", dependencies: ["Rules", "Configuration", "DeclarationFiles", "ModuleGraph", "ImportScanning", "Diagnostics", "TestSupport"]),
        .testTarget(name: "ReportingTests", dependencies: ["Reporting", "ModuleGraph", "ImportScanning", "PackageLoading", "Processes", "Diagnostics", "Formats", "TestSupport"], exclude: ["Snapshots"]),
        // Rules, Configuration, ModuleGraph and ImportScanning for the catalog's test, which names
        // every producer of a code, and for the fix's re-check.
        .testTarget(name: "BulkheadCLITests", dependencies: ["BulkheadCLI", "Engine", "PackageLoading", "Caches", "XcodeProjects", "Processes", "FileAccess", "Rules", "Configuration", "ModuleGraph", "ImportScanning", "Diagnostics", "TestSupport"],
                    exclude: ["Snapshots"]),
        .testTarget(name: "EndToEndTests", dependencies: ["bulkhead", "PackageLoading", "Processes", "FileAccess", "TestSupport"]),
    ]
)
