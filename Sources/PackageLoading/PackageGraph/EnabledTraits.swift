/// The traits each package of the repository builds with, as SwiftPM 6.1 and later enables them
/// (checked with `swift build -v` of 6.3): a package nobody here depends on builds with its
/// defaults (the trait named `default` and what it enables); a package the others depend on
/// builds with what its dependents ask for — the union of every dependent's `traits:` whose
/// `.when(traits:)` holds in that dependent, or the defaults for a dependent that names none.
/// A trait enables the traits it lists, and those theirs. SwiftPM passes each enabled trait to
/// the compiler as `-D<name>`, and a setting or dependency `.when(traits:)` holds when any of
/// its traits is enabled.
///
/// A package that another package of the repository depends on is read as that package builds
/// it, not as a `swift build` in its own folder would: the app's build is the one that ships.
enum EnabledTraits {
    /// One package: its declared traits and, per package it depends on (by identity), what it asks.
    struct Package {
        var identity: String
        var declared: [ManifestDump.DeclaredTrait]
        var requests: [(dependency: String, traits: [ManifestDump.TraitRequest]?)]
    }

    /// The enabled traits of every package, by identity. Dependents are settled before what
    /// they depend on (Kahn's order over the package graph); packages on a dependency cycle,
    /// which SwiftPM refuses to load, take their defaults.
    static func resolve(_ packages: [Package]) -> [String: Set<String>] {
        let byIdentity = Dictionary(packages.map { ($0.identity, $0) }, uniquingKeysWith: { first, _ in first })
        var dependents: [String: Int] = [:]
        for package in packages {
            for request in package.requests where byIdentity[request.dependency] != nil && request.dependency != package.identity {
                dependents[request.dependency, default: 0] += 1
            }
        }
        var asked: [String: Set<String>] = [:]
        var enabled: [String: Set<String>] = [:]
        var ready = packages.filter { dependents[$0.identity, default: 0] == 0 }.map(\.identity).sorted(by: >)
        while let identity = ready.popLast() {
            guard let package = byIdentity[identity], enabled[identity] == nil else { continue }
            let mine = asked[identity].map { closure(of: $0, in: package.declared) } ?? defaults(of: package.declared)
            enabled[identity] = mine
            for request in package.requests where byIdentity[request.dependency] != nil && request.dependency != identity {
                let dependency = request.dependency
                let names: [String] = request.traits.map { requests in
                    requests.filter { $0.condition.map { !mine.isDisjoint(with: $0) } ?? true }.map(\.name)
                } ?? ["default"]
                asked[dependency, default: []].formUnion(names)
                dependents[dependency, default: 1] -= 1
                if dependents[dependency] == 0 { ready.append(dependency) }
            }
        }
        for package in packages where enabled[package.identity] == nil {
            enabled[package.identity] = defaults(of: package.declared)
        }
        return enabled
    }

    /// The traits the package's `default` trait enables, and theirs.
    static func defaults(of declared: [ManifestDump.DeclaredTrait]) -> Set<String> {
        closure(of: ["default"], in: declared)
    }

    /// `names` with every trait they enable, transitively; `default` stands for the defaults
    /// and is no trait of its own (SwiftPM passes no `-Ddefault`). Names the package does not
    /// declare are kept: SwiftPM refuses such a request, and a refused manifest is not read.
    static func closure(of names: Set<String>, in declared: [ManifestDump.DeclaredTrait]) -> Set<String> {
        let enables = Dictionary(declared.map { ($0.name, $0.enabledTraits) }, uniquingKeysWith: { first, _ in first })
        var result: Set<String> = []
        var pending = Array(names)
        while let name = pending.popLast() {
            guard result.insert(name).inserted else { continue }
            pending.append(contentsOf: enables[name] ?? [])
        }
        result.remove("default")
        return result
    }

    /// Whether a `.when(traits:)` holds: no traits named, or any of them enabled.
    static func holds(_ condition: [String]?, enabled: Set<String>) -> Bool {
        guard let condition, !condition.isEmpty else { return true }
        return condition.contains(where: enabled.contains)
    }
}
