/// What `affected` compares of an Xcode project's two versions: each target as the project
/// reader resolved it, and the packages its products come from. Paths are relative to the folder
/// holding the `.xcodeproj`, so a base version read elsewhere compares equal.
package struct ProjectSummary: Sendable, Hashable {
    package var name: String
    /// In the project's order.
    package var targets: [Target]
    /// The packages its targets' products come from, in a stable order; when two share an
    /// identity, the last is the one compared.
    package var packages: [Package]

    package init(name: String, targets: [Target], packages: [Package]) {
        self.name = name
        self.targets = targets
        self.packages = packages
    }

    /// One target's declaration: a change to any part affects it.
    package struct Target: Sendable, Hashable {
        package var name: String
        /// Its product type's name (`application`, `framework`…).
        package var type: String
        package var module: String
        package var sources: [String]
        /// `location#product` (or the bare product for one that names no package), sorted.
        package var packageProducts: [String]
        /// Targets of the project and of other projects (`path#name`) it depends on or links, sorted.
        package var dependencies: [String]
        /// Every resolved setting per configuration: project-level ones are in every target's,
        /// so a change there affects every target, one on a target only it.
        package var buildSettings: [String: [String: String]]
        package var ownedFiles: [String]
        package var configurationFiles: [String]
        package var testHost: String?

        package init(name: String, type: String, module: String, sources: [String] = [], packageProducts: [String] = [],
                     dependencies: [String] = [], buildSettings: [String: [String: String]] = [:], ownedFiles: [String] = [],
                     configurationFiles: [String] = [], testHost: String? = nil) {
            self.name = name
            self.type = type
            self.module = module
            self.sources = sources
            self.packageProducts = packageProducts
            self.dependencies = dependencies
            self.buildSettings = buildSettings
            self.ownedFiles = ownedFiles
            self.configurationFiles = configurationFiles
            self.testHost = testHost
        }

        /// The parts of its declaration (all but its settings, compared one by one) that differ
        /// from `before`, by name, sorted.
        func changedParts(since before: Target) -> [String] {
            var parts: [String] = []
            if type != before.type { parts.append("type") }
            if module != before.module { parts.append("module") }
            if sources != before.sources { parts.append("sources") }
            if packageProducts != before.packageProducts { parts.append("packageProducts") }
            if dependencies != before.dependencies { parts.append("dependencies") }
            if ownedFiles != before.ownedFiles { parts.append("ownedFiles") }
            if configurationFiles != before.configurationFiles { parts.append("configurationFiles") }
            if testHost != before.testHost { parts.append("testHost") }
            return parts.sorted()
        }
    }

    /// A package the project references, by the identity SwiftPM would give it.
    package struct Package: Sendable, Hashable {
        package enum Source: Sendable, Hashable {
            /// A local folder, relative to the folder holding the `.xcodeproj`.
            case fileSystem(path: String)
            case sourceControl(location: String, requirement: String)
        }

        package var identity: String
        package var source: Source

        package init(identity: String, source: Source) {
            self.identity = identity
            self.source = source
        }
    }
}

extension ManifestComparison {
    /// Compares two versions of a project target by target, as two manifests are: a target
    /// whose declaration or settings changed, a target gone, a package whose declaration changed.
    package static func compare(base: ProjectSummary, head: ProjectSummary) -> ManifestComparison {
        var comparison = ManifestComparison()
        let oldTargets = Dictionary(base.targets.map { ($0.name, $0) }, uniquingKeysWith: { _, last in last })
        let newTargets = Dictionary(head.targets.map { ($0.name, $0) }, uniquingKeysWith: { _, last in last })
        for (name, target) in newTargets {
            guard let before = oldTargets[name] else {
                comparison.targets[name] = ["added"]
                continue
            }
            let changed = target.changedParts(since: before)
            if !changed.isEmpty { comparison.targets[name] = changed }
            let settings = changedSettings(base: before.buildSettings, head: target.buildSettings)
            if !settings.isEmpty { comparison.settings[name] = settings }
        }
        // A project target has no folder of its own: it departs only when it is gone.
        for name in oldTargets.keys.sorted() where newTargets[name] == nil {
            comparison.departed.append(DepartedTarget(name: name, folders: DepartedTarget.folders(name: name, path: nil), removed: true))
        }
        let oldPackages = Dictionary(base.packages.map { ($0.identity, $0) }, uniquingKeysWith: { _, last in last })
        let newPackages = Dictionary(head.packages.map { ($0.identity, $0) }, uniquingKeysWith: { _, last in last })
        for (identity, package) in newPackages where oldPackages[identity] != package {
            comparison.dependencies.insert(identity)
        }
        if base.name != head.name { comparison.packageWide = ["name"] }
        return comparison
    }
}
