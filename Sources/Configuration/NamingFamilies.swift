import ModuleGraph

/// Naming families for `init`: suffixes (one or two words) shared by several target names,
/// features as `X` beside `XInterface`, and prefixes (one or two words) shared by the targets no
/// suffix placed. Each target joins the longest family suffix it has, so `SearchClientLive` is a
/// `ClientLive`, not a `Live`; a suffix says what a target is (a role, a layer), so it wins over
/// a prefix, which in `SearchFeature`/`SearchClient` only names a slice. Prefixes catch the
/// codebases that name modules after their product: `NIOCore`/`NIOPosix` beside the C shims
/// `CNIOLinux`, `SwiftDriver`/`SwiftDriverExecution`, `PocketCastsServer`/`PocketCastsUtils`.
enum NamingFamilies {
    /// What a known family is, for the comment above its layer.
    static let known: [String: String] = [
        "Interface": "contracts", "Interfaces": "contracts", "Models": "data types", "Model": "data types",
        "UI": "presentational components", "Assembly": "cross-package composition", "Services": "business logic",
        "Feature": "features", "Testing": "test support", "TestSupport": "test support", "TestUtils": "test support",
        "TestHelpers": "test support", "Mocks": "test doubles", "Client": "dependency interfaces", "ClientLive": "live implementations",
        "Live": "live implementations", "Kit": "toolkits", "Core": "core modules", "Utils": "utilities",
        "Domain": "domain rules", "Data": "data sources", "Presentation": "presentation",
    ]

    /// Suffixes of test support, which tests and previews may use: such a family may use anything.
    static let testSupport: Set<String> = ["Testing", "TestSupport", "TestUtils", "TestHelpers", "Mocks"]

    static func layers(for targets: [Target]) -> InferredConvention? {
        let names = targets.map(\.name)
        // Every one- and two-word suffix that is not the whole name, with its targets.
        var candidates: [String: Set<String>] = [:]
        for name in names {
            let words = camelWords(name)
            guard words.count > 1 else { continue }
            for length in 1...min(2, words.count - 1) {
                candidates[words.suffix(length).joined(), default: []].insert(name)
            }
        }
        let shared = Set(candidates.filter { $0.value.count >= 2 }.keys)
        var families: [String: [String]] = [:]
        for name in names {
            let words = camelWords(name)
            guard words.count > 1 else { continue }
            let suffix = (1...min(2, words.count - 1)).reversed().map { words.suffix($0).joined() }.first(where: shared.contains)
            if let suffix { families[suffix, default: []].append(name) }
        }
        // A known family (Feature, Client, Kit…) from two targets; any other suffix from three, so
        // two names that merely end alike (SwiftFormat, GenerateSwiftFormat) are not a layer.
        // A word that names the language or holds a number (`Swift`, `V2`) is never a layer.
        families = families.filter { $0.value.count >= (known[$0.key] != nil ? 2 : 3) && !GraphLayers.isCoincidental($0.key) }

        // Features as X beside XInterface (or XInterfaces): X joins a Features layer by name.
        let nameSet = Set(names)
        let featureNames = names.filter { name in
            (nameSet.contains(name + "Interface") || nameSet.contains(name + "Interfaces"))
                && !families.values.contains { $0.contains(name) }
        }.sorted()

        var layers: [ConfigurationInference.InferredLayer] = []
        // Longer suffixes first: a target takes the first layer that matches.
        for (suffix, members) in families.sorted(by: { ($0.key.count, $1.key) > ($1.key.count, $0.key) }) {
            let what = known[suffix].map { " (\($0))" } ?? ""
            let isSupport = testSupport.contains(suffix)
            layers.append(.init(
                layer: .init(name: layerName(suffix, taken: layers.map(\.layer.name)), suffixes: [suffix], mayUse: isSupport ? ["*"] : [], allowsThirdParty: isSupport),
                reason: "\(members.count) targets end in \(suffix)\(what): \(ConfigurationInference.listed(members.sorted()))."
                    + (isSupport ? " Test support may use anything; production code should not use it." : "")))
        }
        if featureNames.count >= 2 {
            layers.append(.init(layer: .init(name: layerName("Features", taken: layers.map(\.layer.name)), targets: featureNames),
                                reason: "\(featureNames.count) targets have an Interface sibling, feature implementations: \(ConfigurationInference.listed(featureNames))."))
        }
        var placedNames = Set(families.values.flatMap { $0 }).union(featureNames.count >= 2 ? featureNames : [])
        for family in prefixFamilies(of: names.filter { !placedNames.contains($0) }) {
            let members = family.members
            layers.append(.init(
                layer: .init(name: layerName(family.name, taken: layers.map(\.layer.name)), prefixes: family.prefixes),
                reason: "\(members.count) targets begin with \(family.prefixes.joined(separator: " or ")): \(ConfigurationInference.listed(members))."))
            placedNames.formUnion(members)
        }
        guard !layers.isEmpty else { return nil }
        return InferredConvention(kind: "naming families", layers: layers, placed: placedNames.count)
    }

    /// Families of names that share their first word (`_NIOFileSystem` with `NIOCore`: a leading
    /// underscore marks a module private to the same product, not another product), at least
    /// two each, with the longest word prefix all members share as the family's name
    /// (`PocketCasts`, not `Pocket`) and its prefixes as written (`NIO`, `_NIO`; `swift` is not
    /// `Swift`); longest name first, so a layer listed earlier never swallows the targets of a
    /// longer one. The first word, not the longest shared one: `NIOPosix` beside
    /// `NIOPosixBenchmarks` is no layer of its own inside `NIO`, which would only turn the
    /// module's neighbours into findings.
    static func prefixFamilies(of names: [String]) -> [(name: String, prefixes: [String], members: [String])] {
        var byFirstWord: [String: [String]] = [:]
        for name in names {
            // A one-word name is its own first word: it makes a family only with longer names.
            if let first = wordPrefixes(withoutUnderscores(name), upTo: 1).first { byFirstWord[first, default: []].append(name) }
        }
        var families: [String: (prefixes: [String], members: [String])] = [:]
        for members in byFirstWord.values.map({ Set($0).sorted() }) where members.count >= 2 {
            let prefixes = members.map { wordPrefixes(withoutUnderscores($0), upTo: 4) }
            guard let common = (prefixes.first ?? []).last(where: { prefix in prefixes.allSatisfy { $0.contains(prefix) } }),
                  !GraphLayers.isCoincidental(common) else { continue }
            let underscores = Set(members.map { String($0.prefix { $0 == "_" }) })
            families[common] = (underscores.sorted().map { $0 + common }, members)
        }
        let ordered = families.keys.sorted { ($0.count, $1) > ($1.count, $0) }
        // A name in no family that begins with a family's prefix is placed by it all the same
        // (`NIOHTTP1` is one word): counted there, so the comment says what `check` will do.
        let inFamilies = Set(families.values.flatMap(\.members))
        for name in names where !inFamilies.contains(name) {
            if let key = ordered.first(where: { key in families[key]?.prefixes.contains { name.hasPrefix($0) } ?? false }) {
                families[key]?.members.append(name)
            }
        }
        return ordered.compactMap { key in families[key].map { (name: key, prefixes: $0.prefixes, members: $0.members.sorted()) } }
    }

    private static func withoutUnderscores(_ name: String) -> String {
        String(name.drop { $0 == "_" })
    }

    /// The name as written up to the end of its first word, then its second…, at most `limit`
    /// words: `_NIOFileSystem` → `_NIO`, `_NIOFile`; `swift-driver` → `swift`, `swift-driver`.
    static func wordPrefixes(_ name: String, upTo limit: Int) -> [String] {
        let characters = Array(name)
        var prefixes: [String] = []
        var index = 0
        for word in camelWords(name).prefix(limit) {
            while index < characters.count, characters[index] == "-" || characters[index] == "_" || characters[index] == "." {
                index += 1
            }
            index = min(index + word.count, characters.count)
            prefixes.append(String(characters[..<index]))
        }
        return prefixes
    }

    /// A layer name not yet used.
    static func layerName(_ base: String, taken: [String]) -> String {
        var name = base
        var index = 2
        while taken.contains(name) {
            name = "\(base)\(index)"
            index += 1
        }
        return name
    }

    /// `SearchClientLive` → Search, Client, Live; `HTTPClient` → HTTP, Client; `swift-driver`
    /// and `Swift_Driver` split at the separator.
    static func camelWords(_ name: String) -> [String] {
        var words: [String] = []
        var current: [Character] = []
        let characters = Array(name)
        for (index, character) in characters.enumerated() {
            if character == "-" || character == "_" || character == "." {
                if !current.isEmpty { words.append(String(current)) }
                current = []
                continue
            }
            if character.isUppercase, let previous = current.last {
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                // A new word at lower→Upper, or at the last capital of a run before a lowercase letter.
                if previous.isLowercase || previous.isNumber || (previous.isUppercase && (next?.isLowercase ?? false)) {
                    words.append(String(current))
                    current = []
                }
            }
            current.append(character)
        }
        if !current.isEmpty { words.append(String(current)) }
        return words
    }
}
