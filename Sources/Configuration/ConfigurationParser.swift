import Diagnostics
import Formats
import Foundation

/// One thing wrong with a configuration, at a key path such as `layers[2].mayUse[0]`.
package struct ConfigurationProblem: Sendable, Equatable, CustomStringConvertible {
    package var keyPath: String
    package var message: String

    package init(keyPath: String, message: String) {
        self.keyPath = keyPath
        self.message = message
    }

    /// Control characters a key or value may carry are shown escaped, never sent to the terminal.
    package var description: String { VisibleText.escaped(keyPath.isEmpty ? message : "\(keyPath): \(message)") }
}

/// Reads `bulkhead.json` (JSON5: comments, trailing commas, unquoted keys) strictly: unknown keys
/// are errors with the nearest valid key suggested, wrong types name their key path, and every
/// problem is collected before any is reported.
package enum ConfigurationParser {
    static let topLevelKeys = ["preset", "layers", "rules", "exclude", "linkOnly", "affected", "workspace", "modules", "build", "testing", "products", "pins", "sharedLibraries", "source", "imports", "footprint"]
    static let testingKeys = ["targets", "hostedTests"]
    static let productsKeys = ["allowLinkage"]
    static let footprintKeys = ["budgets"]
    static let footprintBudgetKeys = ["images", "kinds", "maxModules", "maxSourceBytes"]
    static let pinsKeys = ["requirement"]
    static let buildKeys = ["platforms", "configurations"]
    static let affectedKeys = ["ignore"]
    static let workspaceKeys = ["exclude", "include", "generatedProjects", "checkouts"]
    static let layerKeys = ["name", "paths", "suffixes", "prefixes", "targets", "kinds", "mayUse", "thirdParty", "internal", "forbiddenImports", "convention", "requiredSettings"]

    /// Parses and validates; `preset` (from the command line) overrides the file's `preset` key.
    /// `knownRules` are the ids `rules` may name: the rules live above this module.
    package static func parse(_ data: Data, preset presetOverride: String? = nil, knownRules: [String]) -> Result<Configuration, ConfigurationProblems> {
        let root: JSONValue
        var parser = Validation(knownRules: knownRules)
        do {
            let document = try JSONReader.read(data, syntax: .json5)
            root = document.value
            parser.problems = document.duplicateKeys.map { ConfigurationProblem(keyPath: $0, message: "written twice in the same object; keep one") }
        } catch {
            return .failure(ConfigurationProblems([ConfigurationProblem(keyPath: "", message: "not valid JSON5 at \(error.description)")]))
        }
        let configuration = parser.configuration(from: root, presetOverride: presetOverride)
        return parser.problems.isEmpty ? .success(configuration) : .failure(ConfigurationProblems(parser.problems))
    }

    /// The configuration of a preset alone, for `--preset` without a file.
    package static func preset(named name: String) -> Result<Configuration, ConfigurationProblems> {
        guard let preset = Presets.all[name] else {
            return .failure(ConfigurationProblems([unknownPreset(name, keyPath: "--preset")]))
        }
        return .success(preset)
    }

    static func unknownPreset(_ name: String, keyPath: String) -> ConfigurationProblem {
        let suggestion = Suggestion.closest(to: name, among: Presets.all.keys.sorted()).map { "; did you mean '\($0)'?" }
            ?? "; presets: \(Presets.all.keys.sorted().joined(separator: ", "))"
        return ConfigurationProblem(keyPath: keyPath, message: "unknown preset '\(name)'\(suggestion)")
    }

    /// Walks the parsed value, building the configuration and collecting problems. Internal, not
    /// private, so the `source` section's reading lives in its own file.
    struct Validation {
        let knownRules: [String]
        var problems: [ConfigurationProblem] = []

        mutating func configuration(from root: JSONValue, presetOverride: String?) -> Configuration {
            guard case .object(let members) = root.kind else {
                problems.append(ConfigurationProblem(keyPath: "", message: "expected an object at the top level, found \(root.kindDescription)"))
                return Configuration()
            }
            checkKeys(members, allowed: ConfigurationParser.topLevelKeys, at: "")

            var configuration = Configuration()
            let presetName = presetOverride ?? string(members["preset"], at: "preset")
            if let presetName {
                if let preset = Presets.all[presetName] {
                    configuration = preset
                } else {
                    problems.append(ConfigurationParser.unknownPreset(presetName, keyPath: presetOverride != nil ? "--preset" : "preset"))
                }
            }
            if let layers = members["layers"] {
                configuration.layers = self.layers(layers)
            }
            if let rules = members["rules"] {
                configuration.rules.merge(ruleSettings(rules)) { _, new in new }
            }
            if let exclude = members["exclude"] {
                configuration.exclude += strings(exclude, at: "exclude")
            }
            if let linkOnly = members["linkOnly"] {
                // Each entry keeps its own index, so a problem names the entry as written.
                let entries: [(path: String, value: JSONValue)] = if case .array(let items) = linkOnly.kind {
                    items.enumerated().map { ("linkOnly[\($0.offset)]", $0.element) }
                } else {
                    [("linkOnly", linkOnly)]
                }
                for (path, value) in entries {
                    guard let text = string(value, at: path) else { continue }
                    if let dependency = LinkOnlyDependency(parsing: text) {
                        configuration.linkOnly.append(dependency)
                    } else {
                        problems.append(ConfigurationProblem(keyPath: path, message: "expected \"Target → Dependency\" (or ->), found '\(text)'"))
                    }
                }
            }
            if let affected = members["affected"] {
                if case .object(let settings) = affected.kind {
                    checkKeys(settings, allowed: ConfigurationParser.affectedKeys, at: "affected")
                    if let ignore = settings["ignore"] { configuration.affectedIgnore = strings(ignore, at: "affected.ignore") }
                } else {
                    problems.append(ConfigurationProblem(keyPath: "affected", message: "expected an object such as { ignore: [\"**/*.md\"] }, found \(affected.kindDescription)"))
                }
            }
            if let modules = members["modules"] {
                if case .object(let entries) = modules.kind {
                    for (target, value) in entries.sorted(by: { $0.key < $1.key }) {
                        let names = strings(value, at: "modules.\(target)")
                        // The graph gives each target one module; a second would be silently ignored.
                        guard names.count == 1 else {
                            problems.append(ConfigurationProblem(keyPath: "modules.\(target)", message: "expected the one module the binary target provides, found \(names.count)"))
                            continue
                        }
                        configuration.binaryModules[target] = names[0]
                    }
                } else {
                    problems.append(ConfigurationProblem(keyPath: "modules", message: "expected an object such as { KmpModule: \"shared\" }, found \(modules.kindDescription)"))
                }
            }
            if let workspace = members["workspace"] {
                if case .object(let settings) = workspace.kind {
                    checkKeys(settings, allowed: ConfigurationParser.workspaceKeys, at: "workspace")
                    configuration.workspaceExclude = strings(settings["exclude"], at: "workspace.exclude")
                    configuration.workspaceInclude = strings(settings["include"], at: "workspace.include")
                    configuration.workspaceCheckouts = strings(settings["checkouts"], at: "workspace.checkouts")
                    if let generated = settings["generatedProjects"] {
                        switch generated.kind {
                        case .string("ignore"): configuration.ignoresUngeneratedProjects = true
                        case .string("require"): configuration.ignoresUngeneratedProjects = false
                        default:
                            let found = if case .string(let word) = generated.kind { "'\(word)'" } else { generated.kindDescription }
                            problems.append(ConfigurationProblem(keyPath: "workspace.generatedProjects",
                                message: "expected \"require\" (the default: a project spec whose project is not generated is an error) or \"ignore\", found \(found)"))
                        }
                    }
                } else {
                    problems.append(ConfigurationProblem(keyPath: "workspace", message: "expected an object such as { exclude: [\"Vendor/**\"] }, found \(workspace.kindDescription)"))
                }
            }
            if let build = members["build"] { configuration.build = self.build(build) }
            if let testing = members["testing"] {
                if case .object(let settings) = testing.kind {
                    checkKeys(settings, allowed: ConfigurationParser.testingKeys, at: "testing")
                    if let targets = settings["targets"] { configuration.testingTargets = strings(targets, at: "testing.targets") }
                    if let choice = choice(HostedTestImports.self, settings["hostedTests"], at: "testing.hostedTests", noun: "choice") {
                        configuration.hostedTests = choice
                    }
                } else {
                    problems.append(ConfigurationProblem(keyPath: "testing", message: "expected an object such as { targets: [\"*Testing\", \"*Fakes\"] }, found \(testing.kindDescription)"))
                }
            }
            if let products = members["products"] {
                if case .object(let settings) = products.kind {
                    checkKeys(settings, allowed: ConfigurationParser.productsKeys, at: "products")
                    configuration.allowedLinkage = strings(settings["allowLinkage"], at: "products.allowLinkage")
                } else {
                    problems.append(ConfigurationProblem(keyPath: "products", message: "expected an object such as { allowLinkage: [\"MyFramework\"] }, found \(products.kindDescription)"))
                }
            }
            if let pins = members["pins"] {
                if case .object(let settings) = pins.kind {
                    checkKeys(settings, allowed: ConfigurationParser.pinsKeys, at: "pins")
                    if let policy = choice(PinPolicy.self, settings["requirement"], at: "pins.requirement", noun: "requirement") {
                        configuration.pinPolicy = policy
                    }
                } else {
                    problems.append(ConfigurationProblem(keyPath: "pins", message: "expected an object such as { requirement: \"exact\" }, found \(pins.kindDescription)"))
                }
            }
            if let shared = members["sharedLibraries"] { configuration.sharedLibraries = strings(shared, at: "sharedLibraries") }
            if let source = members["source"] { configuration.source = sourceRules(source, layers: configuration.layers.map(\.name)) }
            if let imports = members["imports"] { configuration.importIgnores = importIgnores(imports) }
            if let footprint = members["footprint"] { configuration.footprintBudgets = footprintBudgets(footprint) }
            return configuration
        }

        /// `build: { platforms: ["ios", "macos"], configurations: ["debug"] }`.
        mutating func build(_ value: JSONValue) -> BuildSelection? {
            guard case .object(let settings) = value.kind else {
                problems.append(ConfigurationProblem(keyPath: "build", message: "expected an object such as { platforms: [\"ios\"], configurations: [\"debug\", \"release\"] }, found \(value.kindDescription)"))
                return nil
            }
            checkKeys(settings, allowed: ConfigurationParser.buildKeys, at: "build")
            var selection = BuildSelection()
            for (key, known) in [("platforms", BuildSelection.platformNames), ("configurations", BuildSelection.configurationNames)] {
                guard let listed = settings[key] else { continue }
                let names = strings(listed, at: "build.\(key)")
                for (index, name) in names.enumerated() where !known.contains(name.lowercased()) {
                    let suggestion = Suggestion.closest(to: name.lowercased(), among: known).map { "; did you mean '\($0)'?" } ?? "; valid: \(known.joined(separator: ", "))"
                    problems.append(ConfigurationProblem(keyPath: "build.\(key)[\(index)]", message: "unknown \(key == "platforms" ? "platform" : "configuration") '\(name)'\(suggestion)"))
                }
                if case .array(let items) = listed.kind, items.isEmpty { problems.append(ConfigurationProblem(keyPath: "build.\(key)", message: "lists nothing; leave the key out for the default")) }
                let valid = names.map { $0.lowercased() }.filter(known.contains)
                if key == "platforms" { selection.platforms = valid } else { selection.configurations = valid }
            }
            return selection
        }

        mutating func layers(_ value: JSONValue) -> [Configuration.Layer] {
            guard case .array(let items) = value.kind else {
                problems.append(ConfigurationProblem(keyPath: "layers", message: "expected a list of layers, found \(value.kindDescription)"))
                return []
            }
            var layers: [Configuration.Layer] = []
            var indices: [Int] = []  // each parsed layer's position in the file, for key paths
            for (index, item) in items.enumerated() {
                let path = "layers[\(index)]"
                guard case .object(let members) = item.kind else {
                    problems.append(ConfigurationProblem(keyPath: path, message: "expected a layer object, found \(item.kindDescription)"))
                    continue
                }
                checkKeys(members, allowed: ConfigurationParser.layerKeys, at: path)
                guard let name = string(members["name"], at: "\(path).name", required: true) else { continue }
                var layer = Configuration.Layer(
                    name: name,
                    paths: strings(members["paths"], at: "\(path).paths"),
                    suffixes: strings(members["suffixes"], at: "\(path).suffixes"),
                    prefixes: strings(members["prefixes"], at: "\(path).prefixes"),
                    targets: strings(members["targets"], at: "\(path).targets"),
                    mayUse: strings(members["mayUse"], at: "\(path).mayUse"))
                if let thirdParty = members["thirdParty"] {
                    if case .bool(let allowed) = thirdParty.kind {
                        layer.allowsThirdParty = allowed
                    } else {
                        problems.append(ConfigurationProblem(keyPath: "\(path).thirdParty", message: "expected true or false, found \(thirdParty.kindDescription)"))
                    }
                }
                // The presets' layer properties, writable too: private to the package, modules
                // never imported, and the rule quoted in findings.
                if let isInternal = members["internal"] {
                    if case .bool(let value) = isInternal.kind {
                        layer.isPackageInternal = value
                    } else {
                        problems.append(ConfigurationProblem(keyPath: "\(path).internal", message: "expected true or false, found \(isInternal.kindDescription)"))
                    }
                }
                layer.kinds = strings(members["kinds"], at: "\(path).kinds")
                for (position, kind) in layer.kinds.enumerated() where !Configuration.Layer.knownKinds.contains(kind) {
                    let suggestion = Suggestion.closest(to: kind, among: Configuration.Layer.knownKinds).map { "; did you mean '\($0)'?" } ?? ""
                    problems.append(ConfigurationProblem(keyPath: "\(path).kinds[\(position)]", message: "no target kind named '\(kind)'\(suggestion)"))
                }
                layer.forbiddenImports = strings(members["forbiddenImports"], at: "\(path).forbiddenImports")
                layer.convention = string(members["convention"], at: "\(path).convention", required: false)
                for (position, text) in strings(members["requiredSettings"], at: "\(path).requiredSettings").enumerated() {
                    if let setting = RequiredSetting(parsing: text) {
                        layer.requiredSettings.append(setting)
                    } else {
                        problems.append(ConfigurationProblem(keyPath: "\(path).requiredSettings[\(position)]",
                                                             message: "expected a setting as the manifest writes it, such as \"enableUpcomingFeature(InternalImportsByDefault)\" or \"swiftLanguageMode(6)\", found '\(text)'"))
                    }
                }
                if layer.paths.isEmpty && layer.suffixes.isEmpty && layer.prefixes.isEmpty && layer.targets.isEmpty && layer.kinds.isEmpty {
                    problems.append(ConfigurationProblem(keyPath: path, message: "layer '\(name)' selects no targets; give it paths, suffixes, prefixes, targets or kinds"))
                }
                if layers.contains(where: { $0.name == name }) {
                    problems.append(ConfigurationProblem(keyPath: "\(path).name", message: "a layer named '\(name)' is already defined"))
                }
                layers.append(layer)
                indices.append(index)
            }
            let names = layers.map(\.name)
            for (index, layer) in zip(indices, layers) {
                for (position, used) in layer.mayUse.enumerated() where used != "*" && !names.contains(used) {
                    let suggestion = Suggestion.closest(to: used, among: names).map { "; did you mean '\($0)'?" } ?? ""
                    problems.append(ConfigurationProblem(keyPath: "layers[\(index)].mayUse[\(position)]", message: "no layer named '\(used)'\(suggestion)"))
                }
            }
            return layers
        }

        mutating func ruleSettings(_ value: JSONValue) -> [String: RuleSetting] {
            guard case .object(let members) = value.kind else {
                problems.append(ConfigurationProblem(keyPath: "rules", message: "expected an object of rule ids and severities, found \(value.kindDescription)"))
                return [:]
            }
            var settings: [String: RuleSetting] = [:]
            let known = knownRules
            for (id, setting) in members.sorted(by: { $0.key < $1.key }) {
                let path = "rules.\(id)"
                guard known.contains(id) else {
                    let suggestion = Suggestion.closest(to: id, among: known).map { "; did you mean '\($0)'?" } ?? "; see 'bulkhead rules'"
                    problems.append(ConfigurationProblem(keyPath: path, message: "unknown rule '\(id)'\(suggestion)"))
                    continue
                }
                guard case .string(let word) = setting.kind, let ruleSetting = RuleSetting(rawValue: word) else {
                    let found = if case .string(let word) = setting.kind { "'\(word)'" } else { setting.kindDescription }
                    problems.append(ConfigurationProblem(keyPath: path, message: "expected \"error\", \"warning\", \"note\" or \"off\", found \(found)"))
                    continue
                }
                settings[id] = ruleSetting
            }
            return settings
        }

        mutating func checkKeys(_ members: [String: JSONValue], allowed: [String], at path: String) {
            for key in members.keys.sorted() where !allowed.contains(key) {
                let suggestion = Suggestion.closest(to: key, among: allowed).map { "; did you mean '\($0)'?" } ?? "; valid keys: \(allowed.joined(separator: ", "))"
                problems.append(ConfigurationProblem(keyPath: path.isEmpty ? key : "\(path).\(key)", message: "unknown key '\(key)'\(suggestion)"))
            }
        }

        mutating func string(_ value: JSONValue?, at path: String, required: Bool = false) -> String? {
            guard let value else {
                if required { problems.append(ConfigurationProblem(keyPath: path, message: "required, and missing")) }
                return nil
            }
            guard case .string(let text) = value.kind else {
                problems.append(ConfigurationProblem(keyPath: path, message: "expected a string, found \(value.kindDescription)"))
                return nil
            }
            return text
        }

        /// One of a fixed set of words; an unknown one is a problem suggesting the nearest.
        mutating func choice<Choice: RawRepresentable & CaseIterable>(_: Choice.Type, _ value: JSONValue?, at path: String, noun: String) -> Choice?
            where Choice.RawValue == String {
            guard let word = string(value, at: path) else { return nil }
            if let chosen = Choice(rawValue: word) { return chosen }
            let names = Choice.allCases.map(\.rawValue)
            let suggestion = Suggestion.closest(to: word, among: names).map { "; did you mean '\($0)'?" } ?? "; valid: \(names.joined(separator: ", "))"
            problems.append(ConfigurationProblem(keyPath: path, message: "unknown \(noun) '\(word)'\(suggestion)"))
            return nil
        }

        /// A list of strings; a single string is accepted as a list of one.
        mutating func strings(_ value: JSONValue?, at path: String) -> [String] {
            guard let value else { return [] }
            switch value.kind {
            case .string(let text):
                return [text]
            case .array(let items):
                var result: [String] = []
                for (index, item) in items.enumerated() {
                    if case .string(let text) = item.kind {
                        result.append(text)
                    } else {
                        problems.append(ConfigurationProblem(keyPath: "\(path)[\(index)]", message: "expected a string, found \(item.kindDescription)"))
                    }
                }
                return result
            default:
                problems.append(ConfigurationProblem(keyPath: path, message: "expected a list of strings, found \(value.kindDescription)"))
                return []
            }
        }
    }
}

/// Everything wrong with a configuration, reported together.
package struct ConfigurationProblems: Error, Sendable, Equatable {
    package var problems: [ConfigurationProblem]
    package init(_ problems: [ConfigurationProblem]) { self.problems = problems }
}
