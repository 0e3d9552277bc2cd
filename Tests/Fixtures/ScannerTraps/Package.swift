// swift-tools-version: 6.0
import PackageDescription

// Scanner traps: every Feature source hides imports where a line-based scanner looks, or shows
// them where it does not. Feature declares only Core. The true undeclared imports are exactly:
//   Semicolons.swift:1  Storage        (second import after `;`)
//   ByteOrderMark.swift:1  Networking  (file starts with a BOM and uses CRLF)
//   Attributes.swift:3  Legacy_Bridge  (attribute on the line before; dashed target's c99 name)
// Everything else that looks like an import is in a string, a comment, `#if false`, or an
// excluded file. Folders follow `Sources/<Layer>/<Target>` so the seed's layer script reads
// every target too. The package is scanned, never built: Feature does not compile on purpose.
let package = Package(
    name: "ScannerTraps",
    targets: [
        .target(name: "Core", path: "Sources/Kernel/Core"),
        .target(name: "Networking", path: "Sources/Infrastructure/Networking"),
        .target(name: "Storage", path: "Sources/Infrastructure/Storage"),
        .target(name: "Legacy-Bridge", path: "Sources/Infrastructure/Legacy-Bridge"),
        .target(name: "Feature", dependencies: ["Core"], path: "Sources/Features/Feature", exclude: ["Excluded.swift"]),
    ]
)
