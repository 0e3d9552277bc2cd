import Diagnostics
import Formats
import ImportScanning
import ModuleGraph
import XcodeProjects

/// Turns read Xcode projects into graph nodes beside the loaded packages: one node per project
/// (origin `.project`), its native targets as targets of their kind, their package products as
/// product edges — to the loaded package at a local reference's folder, or to a remote package
/// by its identity — and their target dependencies as target edges.
struct ProjectAssembler {
    /// The graph's root, absolute.
    let root: String
    /// Loaded local packages: absolute folder → identity.
    let packageIdentities: [String: String]
    /// Products of the loaded local packages: product name → package identities offering it.
    let localProductOwners: [String: [String]]
    /// Local package folders outside the root, not loaded: already warned about, not missing.
    var refusedPackageFolders: Set<String> = []
    /// Products of remote packages described from their checkouts, by package identity and name.
    var checkouts: [String: [String: CheckoutProduct]] = [:]

    /// Identity of each project, by `.xcodeproj` path: its file name lowercased
    /// (`travelapp.xcodeproj`, never a package's identity), or its path from the root when two
    /// projects share a name.
    func identities(of projects: [XcodeProject]) -> [String: String] {
        let byName = Dictionary(grouping: projects.map(\.path)) { PathArithmetic.lastComponent($0).lowercased() }
        var result: [String: String] = [:]
        for (name, paths) in byName {
            for path in paths { result[path] = paths.count == 1 ? name : PathArithmetic.relative(path, to: root).lowercased() }
        }
        return result
    }

    struct Assembled {
        var packages: [PackageNode] = []
        var targets: [Target] = []
        var externalProducts: [ExternalProduct] = []
        var warnings: [LoadWarning] = []
    }

    /// `pins` are each project's `Package.resolved` pins (by project path), which name remote
    /// packages as SwiftPM does.
    func assemble(_ projects: [XcodeProject], pins: [String: ResolvedPins]) -> Assembled {
        var result = Assembled()
        let identities = identities(of: projects)
        var remotes: [String: PackageNode] = [:]
        var externals: Set<ExternalProduct> = []
        let byPath = Dictionary(projects.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        for project in projects.sorted(by: { $0.path < $1.path }) {
            let identity = identities[project.path] ?? project.name.lowercased()
            let folder = PathArithmetic.parent(project.path)
            var dependencies: Set<String> = []
            let targetNames = Set(project.targets.map(\.name))
            let typesByName = Dictionary(project.targets.map { ($0.name, $0.productType) }, uniquingKeysWith: { first, _ in first })
            var missing: [String: Set<String>] = [:]  // package path → targets using it
            var requirements: [String: RemoteRequirement] = [:]
            for target in project.targets {
                var edges: [DependencyEdge] = []
                // A test bundle depends on its host even when only TEST_HOST says so: a change to
                // the app must run the tests that run inside it.
                var dependencyNames = target.targetDependencies
                if let host = target.testHost, !dependencyNames.contains(host) { dependencyNames.append(host) }
                for name in dependencyNames where targetNames.contains(name) {
                    let arrival = Self.arrival(of: typesByName[name], from: target, hosted: name == target.testHost, linkOnly: false)
                    edges.append(DependencyEdge(.target(TargetID(package: identity, name: name)), arrival: arrival))
                }
                for name in target.linkedTargets where targetNames.contains(name) && !dependencyNames.contains(name) {
                    let arrival = Self.arrival(of: typesByName[name], from: target, hosted: false, linkOnly: true)
                    edges.append(DependencyEdge(.target(TargetID(package: identity, name: name)), arrival: arrival))
                }
                for other in target.otherProjectTargets {
                    // A target of a project the run did not read (outside the root, not found) is left out.
                    guard let otherProject = byPath[other.project], let otherIdentity = identities[other.project],
                          let found = otherProject.targets.first(where: { $0.objectIdentifier == other.remoteIdentifier || $0.productReference == other.remoteIdentifier })
                            ?? otherProject.targets.first(where: { $0.name == other.name })
                    else { continue }
                    let id = TargetID(package: otherIdentity, name: found.name)
                    guard !edges.contains(where: { $0.destination == .target(id) }) else { continue }
                    edges.append(DependencyEdge(.target(id), arrival: Self.arrival(of: found.productType, from: target, hosted: false, linkOnly: other.isLinkOnly)))
                }
                let declaredProducts = target.packageProducts.map { ($0, DependencyEdge.Arrival.declared) }
                let linkedProducts = target.linkedProducts.map { ($0, DependencyEdge.Arrival.linked) }
                for (product, arrival) in declaredProducts + linkedProducts {
                    switch product.package {
                    case .local(let relativePath)?:
                        let packageFolder = PathArithmetic.absolute(relativePath, relativeTo: folder)
                        if let owner = packageIdentities[packageFolder] {
                            dependencies.insert(owner)
                            edges.append(DependencyEdge(.product(name: product.productName, package: owner), arrival: arrival))
                        } else if !refusedPackageFolders.contains(packageFolder) {
                            missing[relativePath, default: []].insert(target.name)
                        }
                    case .remote(let url, let requirement)?:
                        let packageIdentity = Self.remoteIdentity(url, pins: pins[project.path])
                        dependencies.insert(packageIdentity)
                        requirements[packageIdentity] = RemoteRequirement(url: url, requirement: requirement)
                        remotes[packageIdentity] = PackageNode(identity: packageIdentity, name: packageIdentity, origin: .remote(url: url, requirement: requirement))
                        externals.insert(checkouts[packageIdentity]?[product.productName]?.external(name: product.productName, package: packageIdentity)
                            ?? .guessed(name: product.productName, package: packageIdentity))
                        edges.append(DependencyEdge(.product(name: product.productName, package: packageIdentity), arrival: arrival))
                    case nil:
                        // A product of a package the workspace holds: the loaded package offering it.
                        if let owner = localProductOwners[product.productName]?.first {
                            dependencies.insert(owner)
                            edges.append(DependencyEdge(.product(name: product.productName, package: owner), arrival: arrival))
                        }
                    }
                }
                let files = target.sources.map { PathArithmetic.relative($0, to: folder) }
                let path = Self.commonFolder(of: files) ?? target.name
                let sources = files.map { path == "." ? $0 : String($0.dropFirst(path.count + 1)) }
                result.targets.append(Target(
                    id: TargetID(package: identity, name: target.name), kind: target.productType.targetKind, moduleName: target.moduleName,
                    path: path, sources: sources,
                    // What it owns besides its sources, relative to the project folder as a
                    // package target's resources are to the package's: a change to one affects it.
                    resources: Set(target.ownedFiles + target.configurationFiles).map { PathArithmetic.relative($0, to: folder) }.sorted(),
                    settings: Self.settings(target), dependencies: edges,
                    productType: target.productType, testHost: target.testHost, platforms: target.platforms,
                    linkage: target.linkage,
                    keepsStaticDiamonds: target.buildSettings.values.contains { $0["DISABLE_DIAMOND_PROBLEM_DIAGNOSTIC"]?.trimmingBlanks() == "YES" }))
            }
            // One warning per missing package, not one per target that uses it.
            for (relativePath, users) in missing.sorted(by: { $0.key < $1.key }) {
                let shown = users.sorted().prefix(3).joined(separator: ", ") + (users.count > 3 ? " and \(users.count - 3) more" : "")
                result.warnings.append(LoadWarning(code: MissingPackageDependency.code, place: PathArithmetic.relative(project.path, to: root),
                                                  message: "refers to a package at \(relativePath) that has no Package.swift; its products used by \(shown) are left out"))
            }
            var node = PackageNode(
                identity: identity, name: project.name, origin: .project(path: PathArithmetic.relative(project.path, to: root)),
                dependencies: dependencies.sorted())
            node.remoteRequirements = requirements
            if let read = pins[project.path], read.isPresent { node.resolvedPins = read.pins }
            result.packages.append(node)
        }
        result.packages += remotes.values.filter { remote in !result.packages.contains { $0.identity == remote.identity } }
        result.externalProducts = Array(externals)
        return result
    }

    /// How a project target's dependency on another target arrived: the host a test bundle runs
    /// in, or any other product that is no library a test bundle depends on (the extension it
    /// tests), is `hosted`; a product that is no library (an extension, a bundle, an XPC service,
    /// a watch app) is `embedded`; a library only the Frameworks phase names is `linked`; the
    /// rest is `declared`.
    static func arrival(of type: ProjectProductType?, from target: XcodeProject.NativeTarget, hosted: Bool, linkOnly: Bool) -> DependencyEdge.Arrival {
        if hosted || (target.productType.targetKind == .test && type.map { !$0.isLibrary } == true) { return .hosted }
        // A dependency on an aggregate target orders the build; it is declared, and no module.
        if type == .aggregate { return .declared }
        if let type, !type.isLibrary { return .embedded }
        return linkOnly ? .linked : .declared
    }

    /// The identity SwiftPM gives a remote package: the pin's, else the URL's last component,
    /// lowercased, without `.git`.
    static func remoteIdentity(_ url: String, pins: ResolvedPins?) -> String {
        if let pinned = pins?.locations.first(where: { $0.value == url })?.key { return pinned }
        return PackageGraphLoader.repositoryName(url).lowercased()
    }

    /// The deepest folder holding every file (relative paths), "." when they share none; nil for no files.
    static func commonFolder(of files: [String]) -> String? {
        guard let first = files.first else { return nil }
        var common = first.split(separator: "/").dropLast().map(String.init)
        var commonPrefix = common.joined(separator: "/") + "/"
        for file in files.dropFirst() {
            if common.isEmpty { break }
            // Most files lie below the folder found so far: their bytes start with it and a file
            // name follows. Only the others are split into components.
            if file.utf8.starts(with: commonPrefix.utf8) && file.utf8.count > commonPrefix.utf8.count && file.utf8.last != UInt8(ascii: "/") { continue }
            let parts = file.split(separator: "/").dropLast()
            var shared = 0
            while shared < common.count && shared < parts.count && common[shared] == parts[shared] { shared += 1 }
            common.removeLast(common.count - shared)
            commonPrefix = common.joined(separator: "/") + "/"
        }
        // A folder above the project's (`../Shared/X.swift`) cannot be a target's own.
        if common.first == ".." || common.isEmpty { return "." }
        return common.joined(separator: "/")
    }

    /// `SWIFT_ACTIVE_COMPILATION_CONDITIONS` as `define` settings conditioned on the build
    /// configuration, so the graph carries them as it carries a package's `.define(…, .when(…))`;
    /// and `SWIFT_VERSION` as the target's `swiftLanguageMode`.
    ///
    /// Bulkhead decides `#if` for two configurations, debug and release; a project may have any
    /// number (Debug, Release, Staging, AppStore…). The rule: a configuration named `Debug`
    /// (any case), or whose conditions contain `DEBUG`, is a debug build; every other is a
    /// release build. Where several configurations map to one, a condition any of them sets is
    /// set: an import under it is compiled by some build of that kind.
    static func settings(_ target: XcodeProject.NativeTarget) -> [BuildSetting] {
        var flags: [String: Set<String>] = [:]  // "debug"/"release" → conditions
        for (configuration, values) in target.compilationConditions {
            flags[buildConfiguration(named: configuration, conditions: values), default: []].formUnion(values)
        }
        var result: [BuildSetting] = []
        for configuration in flags.keys.sorted() {
            // One setting per condition: a package's `.define` carries one name (and maybe a value).
            for flag in (flags[configuration] ?? []).sorted() {
                result.append(BuildSetting(tool: "swift", kind: "define", values: [flag], condition: DependencyCondition(configuration: configuration)))
            }
        }
        if let version = target.swiftVersion {
            result.append(BuildSetting(tool: "swift", kind: "swiftLanguageMode", values: [version]))
        }
        result += languageFeatures(target)
        // ENABLE_TESTABILITY in a release configuration: `@testable import` of the target builds
        // there, as a package's `unsafeFlags(["-enable-testing"])` makes it.
        let testable = target.buildSettings.filter { configuration, settings in
            settings["ENABLE_TESTABILITY"] == "YES"
                && buildConfiguration(named: configuration, conditions: target.compilationConditions[configuration] ?? []) == "release"
        }
        if !testable.isEmpty {
            result.append(BuildSetting(tool: "swift", kind: "unsafeFlags", values: ["-enable-testing"], condition: DependencyCondition(configuration: "release")))
        }
        return result
    }

    /// Upcoming features (`SWIFT_UPCOMING_FEATURE_EXISTENTIAL_ANY = YES`, `-enable-upcoming-feature`
    /// in `OTHER_SWIFT_FLAGS`), `SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor`,
    /// `SWIFT_STRICT_CONCURRENCY = complete` and `SWIFT_APPROACHABLE_CONCURRENCY = YES` as the
    /// settings a package spells them with (`enableUpcomingFeature`, `defaultIsolation`,
    /// `enableExperimentalFeature(StrictConcurrency)`), by `XcodeSettingEquivalence.table`:
    /// unconditional when every configuration resolves to it, else conditioned on the
    /// configurations that do.
    static func languageFeatures(_ target: XcodeProject.NativeTarget) -> [BuildSetting] {
        var configurationsBySetting: [BuildSetting: Set<String>] = [:]
        for (configuration, values) in target.buildSettings {
            var settings = XcodeSettingEquivalence.settings(in: values)
            for feature in TargetReader.upcomingFeatures(inSwiftFlags: values["OTHER_SWIFT_FLAGS"] ?? "") {
                settings.insert(BuildSetting(tool: "swift", kind: "enableUpcomingFeature", values: [feature]))
            }
            for setting in settings { configurationsBySetting[setting, default: []].insert(configuration) }
        }
        var result: [BuildSetting] = []
        for (setting, configurations) in configurationsBySetting {
            if configurations.count == target.buildSettings.count {
                result.append(setting)
                continue
            }
            let kinds = Set(configurations.map { buildConfiguration(named: $0, conditions: target.compilationConditions[$0] ?? []) })
            for kind in kinds {
                var conditioned = setting
                conditioned.condition = DependencyCondition(configuration: kind)
                result.append(conditioned)
            }
        }
        return result.sorted {
            ($0.kind, $0.values.joined(separator: " "), $0.condition?.configuration ?? "") < ($1.kind, $1.values.joined(separator: " "), $1.condition?.configuration ?? "")
        }
    }

    /// `debug` or `release` for an Xcode build configuration, by the rule above.
    static func buildConfiguration(named name: String, conditions: [String]) -> String {
        name.lowercased() == "debug" || conditions.contains("DEBUG") ? "debug" : "release"
    }
}
