import FileAccess
import Formats
import Foundation
import ModuleGraph
import ProjectObjects

extension TargetReader {
    /// What a target's build settings say about it, resolved as Xcode's build resolves them (see
    /// `BuildSettingsResolver`): `.xcconfig` chains, `$(inherited)`, `$(VAR)`, conditions.
    struct Settings {
        var productName: String
        var moduleName: String
        var testHost: String?
        var conditions: [String: [String]]
        var swiftVersion: String?
        /// Every setting per configuration name.
        var resolved: [String: [String: String]]
        /// The `.xcconfig` files its configurations read, absolute and sorted.
        var configurationFiles: [String]
        /// Platforms it builds for (`ios`, `macos`…), from `SUPPORTED_PLATFORMS`, else `SDKROOT`; sorted.
        var platforms: [String]
    }

    mutating func settings(of identifier: String, named name: String, productType: ProjectProductType,
                           tree: inout PBXGroupTree) throws(XcodeProjectError) -> Settings {
        // The project's levels are every target's: read once, not once per target.
        let projectLevels: [String: ConfigurationLevels]
        if let known = projectConfigurationLevels {
            projectLevels = known
        } else {
            projectLevels = try configurationLevels(of: rootProject, tree: &tree)
            projectConfigurationLevels = projectLevels
        }
        let targetLevels = try configurationLevels(of: identifier, tree: &tree)
        let pbxprojName = PathArithmetic.lastComponent(PathArithmetic.parent(file))
        let projectName = pbxprojName.hasSuffix(".xcodeproj") ? String(pbxprojName.dropLast(".xcodeproj".count)) : pbxprojName
        let productAttribute = table.string("productName", of: identifier)

        var resolved: [String: [String: String]] = [:]
        var files: Set<String> = []
        for configuration in Set(targetLevels.keys).union(projectLevels.keys) {
            let project = projectLevels[configuration] ?? ConfigurationLevels()
            let target = targetLevels[configuration] ?? ConfigurationLevels()
            files.formUnion(project.files)
            files.formUnion(target.files)
            let resolver = BuildSettingsResolver(levels: [
                BuildSettingsResolver.builtIns(targetName: name, productName: productAttribute, projectName: projectName,
                                               projectFolder: projectFolder, configuration: configuration),
                project.fromFile, project.inProject, target.fromFile, target.inProject,
            ])
            // `[sdk=…]` is decided for the target's own SDK, itself read with no SDK in view.
            let sdkroot = resolver.value(of: "SDKROOT", for: .init(sdk: "", configuration: configuration)) ?? ""
            let supported = resolver.value(of: "SUPPORTED_PLATFORMS", for: .init(sdk: "", configuration: configuration)) ?? ""
            let sdk = sdkroot.isEmpty || sdkroot == "auto" ? supported.split(separator: " ").first.map(String.init) ?? "" : sdkroot
            resolved[configuration] = resolver.resolve(for: .init(sdk: PathArithmetic.lastComponent(sdk).lowercased(), configuration: configuration))
        }

        // Settings that name things are the same in every configuration in practice; read the
        // first configuration in name order that sets them.
        func setting(_ key: String) -> String? {
            for configuration in resolved.keys.sorted() {
                if let value = resolved[configuration]?[key]?.trimmingBlanks(), !value.isEmpty { return value }
            }
            return nil
        }
        let productName = setting("PRODUCT_NAME") ?? productAttribute ?? name
        let moduleName = Self.c99Name(setting("PRODUCT_MODULE_NAME") ?? productName)
        var testHost: String?
        if productType.targetKind == .test {
            testHost = setting("TEST_TARGET_NAME")
                ?? setting("TEST_HOST").flatMap(Self.applicationName(inTestHost:))
                ?? setting("BUNDLE_LOADER").flatMap(Self.applicationName(inTestHost:))
        }
        var conditions: [String: [String]] = [:]
        for (configuration, values) in resolved {
            var words: [String] = []
            let flags = Self.words(values["SWIFT_ACTIVE_COMPILATION_CONDITIONS"] ?? "") + Self.defines(inSwiftFlags: values["OTHER_SWIFT_FLAGS"] ?? "")
            for word in flags where !words.contains(word) { words.append(word) }
            if !words.isEmpty { conditions[configuration] = words }
        }
        var platforms: Set<String> = []
        for values in resolved.values {
            var names = Self.words(values["SUPPORTED_PLATFORMS"] ?? "")
            if names.isEmpty { names = Self.words(values["SDKROOT"] ?? "").map { PathArithmetic.lastComponent($0).lowercased() } }
            let own = Set(names.compactMap(Self.platform(ofSDK:)))
            platforms.formUnion(own)
            if own.contains("ios") && values["SUPPORTS_MACCATALYST"] == "YES" { platforms.insert("maccatalyst") }
        }
        return Settings(productName: productName, moduleName: moduleName, testHost: testHost, conditions: conditions,
                        swiftVersion: setting("SWIFT_VERSION"), resolved: resolved, configurationFiles: files.sorted(),
                        platforms: platforms.sorted())
    }

    /// One configuration's two levels of an object (the project or a target): its `.xcconfig`
    /// chain and its own `buildSettings`.
    struct ConfigurationLevels {
        var fromFile: [BuildSettingAssignment] = []
        var inProject: [BuildSettingAssignment] = []
        var files: [String] = []
    }

    /// The levels of each configuration of `identifier`'s configuration list, by name.
    private mutating func configurationLevels(of identifier: String, tree: inout PBXGroupTree) throws(XcodeProjectError) -> [String: ConfigurationLevels] {
        var result: [String: ConfigurationLevels] = [:]
        for buildConfiguration in try table.mapped({ () throws(ProjectObjectsError) in try table.objects.buildConfigurations(of: identifier) }) {
            let name = buildConfiguration.name
            let configuration = buildConfiguration.identifier
            var levels = ConfigurationLevels()
            for (key, value) in buildConfiguration.buildSettings.sorted(by: { $0.key < $1.key }) {
                let text = value.string ?? value.array?.compactMap(\.string).map { $0.contains(" ") ? "\"\($0)\"" : $0 }.joined(separator: " ") ?? ""
                if let assignment = BuildSettingAssignment(key: key, value: text) { levels.inProject.append(assignment) }
            }
            if let path = try configurationFile(of: configuration, tree: &tree) {
                if loader == nil { loader = XCConfigLoader(root: confined.boundary.root, boundary: confined.boundary) }
                if let real = confined.boundary.refusal(of: path) {
                    refuse("configuration file '\(PathArithmetic.lastComponent(path))' of configuration \(name)", real: real)
                } else {
                    let chain = loader!.chain(at: path, referencedBy: "\(file): configuration \(name)")
                    levels.fromFile = chain.assignments
                    levels.files = chain.files
                    for message in chain.warnings { warn(message) }
                    for read in chain.files { for message in loader!.malformedLines(of: read) { warn(message) } }
                }
            }
            result[name] = levels
        }
        return result
    }

    /// The `.xcconfig` a build configuration is based on, absolute: a file reference, or (Xcode
    /// 16) a path inside a synchronized folder.
    private mutating func configurationFile(of configuration: String, tree: inout PBXGroupTree) throws(XcodeProjectError) -> String? {
        if let reference = try table.reference("baseConfigurationReference", of: configuration) {
            return try tree.path(of: reference).map { PathArithmetic.absolute($0, relativeTo: projectFolder) }
        }
        if let anchor = try table.reference("baseConfigurationReferenceAnchor", of: configuration),
           let relative = table.string("baseConfigurationReferenceRelativePath", of: configuration),
           let folder = try tree.path(of: anchor) {
            return PathArithmetic.absolute(relative, relativeTo: PathArithmetic.absolute(folder, relativeTo: projectFolder))
        }
        return nil
    }

    /// `ios` for `iphoneos` and `iphonesimulator`, and so on; nil for an SDK no `#if` is decided for.
    static func platform(ofSDK sdk: String) -> String? {
        let name = sdk.prefix { $0.isLetter }
        switch name {
        case "macosx", "macos": return "macos"
        case "iphoneos", "iphonesimulator": return "ios"
        case "appletvos", "appletvsimulator": return "tvos"
        case "watchos", "watchsimulator": return "watchos"
        case "xros", "xrsimulator", "visionos": return "visionos"
        default: return nil
        }
    }

    /// The names `-D NAME` and `-DNAME` define among Swift flags.
    static func defines(inSwiftFlags flags: String) -> [String] {
        let words = Self.words(flags)
        var result: [String] = []
        var index = 0
        while index < words.count {
            let word = words[index]
            if word == "-D", index + 1 < words.count {
                result.append(words[index + 1])
                index += 2
                continue
            }
            if word.hasPrefix("-D") && word.count > 2 { result.append(String(word.dropFirst(2))) }
            index += 1
        }
        return result.map { $0.split(separator: "=").first.map(String.init) ?? $0 }
    }

    /// The features `-enable-upcoming-feature NAME` turns on among Swift flags.
    package static func upcomingFeatures(inSwiftFlags flags: String) -> [String] {
        let words = Self.words(flags)
        return words.indices.dropLast().filter { words[$0] == "-enable-upcoming-feature" }.map { words[$0 + 1] }
    }

    /// A whitespace-separated setting (`"DEBUG FOO"`), quotes removed.
    static func words(_ value: String) -> [String] {
        value.split(whereSeparator: \.isWhitespace).map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }.filter { !$0.isEmpty }
    }

    /// A setting's value when it is a plain name, not built from other settings.
    static func literal(_ value: String) -> String? {
        value.isEmpty || value.contains("$") ? nil : value
    }

    /// `TravelApp` from `$(BUILT_PRODUCTS_DIR)/TravelApp.app/TravelApp` (or `…/Contents/MacOS/…`).
    static func applicationName(inTestHost host: String) -> String? {
        for component in host.split(separator: "/") where component.hasSuffix(".app") {
            let name = String(component.dropLast(4))
            return literal(name)
        }
        return nil
    }

    /// Xcode's module name of a product name: characters that cannot be in an identifier become `_`.
    static func c99Name(_ name: String) -> String {
        var result = String(name.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
        if let first = result.first, first.isNumber { result = "_" + result }
        return result
    }
}
