import Foundation

/// The part of `swift package describe --type json` that scanning needs: each target's name,
/// module name, kind and Swift sources (after `exclude:`). The full graph loader replaces this
/// with the merged describe + dump-package model.
package struct DescribedPackage: Sendable, Equatable {
    package struct Target: Sendable, Equatable {
        package var name: String
        /// The c99 name: what `import` spells (`Legacy-Bridge` → `Legacy_Bridge`).
        package var moduleName: String
        /// `library`, `executable`, `test`, `macro`, `plugin`, `binary`, `system-target`, …
        package var kind: String
        /// `SwiftTarget`, `ClangTarget`, `BinaryTarget`, … as SwiftPM names them.
        package var moduleType: String
        /// Relative to the package root.
        package var path: String
        /// Relative to `path`.
        package var sources: [String]

        /// Swift sources, relative to the package root, sorted.
        package var swiftSourcePaths: [String] {
            sources.filter { $0.hasSuffix(".swift") }.map { path.isEmpty || path == "." ? $0 : "\(path)/\($0)" }.sorted()
        }
    }

    package var name: String
    /// Absolute path of the package root.
    package var root: String
    package var targets: [Target]

    /// Decodes describe's JSON; `root` is used for paths describe reports as absolute.
    package static func decode(_ data: Data, root: String) throws(DecodingFailure) -> DescribedPackage {
        struct Raw: Decodable {
            struct RawTarget: Decodable {
                var name: String
                var c99name: String?
                var type: String
                var module_type: String?
                var path: String
                var sources: [String]?
            }
            var name: String
            var targets: [RawTarget]
        }
        let raw: Raw
        do {
            raw = try JSONDecoder().decode(Raw.self, from: data)
        } catch {
            throw DecodingFailure(reason: String(describing: error))
        }
        let prefix = root.hasSuffix("/") ? root : root + "/"
        let targets = raw.targets.map { target in
            Target(
                name: target.name,
                moduleName: target.c99name ?? target.name,
                kind: target.type,
                moduleType: target.module_type ?? "",
                path: target.path.hasPrefix(prefix) ? String(target.path.dropFirst(prefix.count)) : target.path,
                sources: target.sources ?? [])
        }.sorted { $0.name < $1.name }
        return DescribedPackage(name: raw.name, root: root, targets: targets)
    }

    package struct DecodingFailure: Error {
        package var reason: String
    }
}

/// Asks the toolchain to describe a package.
package struct PackageDescriber: Sendable {
    package var swiftExecutable: String

    package init(swiftExecutable: String = "swift") {
        self.swiftExecutable = swiftExecutable
    }

    /// The swift executable to use: `BULKHEAD_SWIFT_EXEC` when set, else `swift` on PATH.
    package static func fromEnvironment(_ environment: [String: String]) -> PackageDescriber {
        PackageDescriber(swiftExecutable: environment["BULKHEAD_SWIFT_EXEC"].flatMap { $0.isEmpty ? nil : $0 } ?? "swift")
    }

    package func describe(packageAt directory: String) throws(InputError) -> DescribedPackage {
        let root = FileSystem.absolutePath(directory)
        guard FileSystem.isRegularFile(root + "/Package.swift") else {
            throw .noPackageManifest(directory: directory)
        }
        let command = [swiftExecutable, "package", "--package-path", root, "describe", "--type", "json"]
        let output = try ProcessRunner.run(command)
        guard output.status == 0 else {
            throw .commandFailed(command: command, status: output.status, standardError: output.standardErrorText)
        }
        do {
            return try DescribedPackage.decode(output.standardOutput, root: root)
        } catch {
            throw .unreadableDescription(command: command, reason: error.reason)
        }
    }
}
