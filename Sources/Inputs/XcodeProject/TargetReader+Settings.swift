import Formats
import Foundation
import ModuleGraph

extension TargetReader {
    /// What a target's build settings say about it.
    struct Settings {
        var productName: String
        var moduleName: String
        var testHost: String?
        var conditions: [String: [String]]
        var swiftVersion: String?
        /// Every setting per configuration name, project level first, the target's over it.
        var resolved: [String: [String: String]]
    }

    func settings(of identifier: String, named name: String, productType: ProjectProductType) throws(XcodeProjectError) -> Settings {
        let settings = try table.buildSettings(of: identifier)
        // Settings that name things are the same in every configuration in practice; read the
        // first configuration in name order that sets them.
        func setting(_ key: String) -> String? {
            for configuration in settings.keys.sorted() {
                if let value = settings[configuration]?[key]?.string { return value.replacingOccurrences(of: "$(TARGET_NAME)", with: name) }
            }
            return nil
        }
        let productName = setting("PRODUCT_NAME").flatMap(Self.literal) ?? table.string("productName", of: identifier) ?? name
        let moduleName = Self.c99Name(setting("PRODUCT_MODULE_NAME").flatMap(Self.literal) ?? productName)

        var testHost: String?
        if productType.targetKind == .test {
            testHost = setting("TEST_TARGET_NAME").flatMap(Self.literal) ?? setting("TEST_HOST").flatMap(Self.applicationName(inTestHost:))
        }
        var conditions: [String: [String]] = [:]
        for configuration in Set(settings.keys).union(projectSettings.keys) {
            let inherited = (projectSettings[configuration]?["SWIFT_ACTIVE_COMPILATION_CONDITIONS"].map(Self.words) ?? []).filter { $0 != "$(inherited)" }
            // A target that does not set it takes the project's; `$(inherited)` splices it in.
            let own = settings[configuration]?["SWIFT_ACTIVE_COMPILATION_CONDITIONS"].map(Self.words) ?? ["$(inherited)"]
            var words: [String] = []
            for word in own.flatMap({ $0 == "$(inherited)" ? inherited : [$0] }) where !words.contains(word) { words.append(word) }
            if !words.isEmpty { conditions[configuration] = words }
        }
        // `SWIFT_VERSION` (`5.0`, `6.0`): the target's language mode, for `swift(>=…)`.
        let swiftVersion = setting("SWIFT_VERSION").flatMap(Self.literal)
            ?? projectSettings.keys.sorted().compactMap { [projectSettings] in projectSettings[$0]?["SWIFT_VERSION"]?.string }.first
        var resolved: [String: [String: String]] = [:]
        for configuration in Set(settings.keys).union(projectSettings.keys) {
            var values: [String: String] = [:]
            for (key, value) in projectSettings[configuration] ?? [:] { values[key] = Self.words(value).joined(separator: " ") }
            for (key, value) in settings[configuration] ?? [:] { values[key] = Self.words(value).joined(separator: " ") }
            resolved[configuration] = values
        }
        return Settings(productName: productName, moduleName: moduleName, testHost: testHost, conditions: conditions,
                        swiftVersion: swiftVersion, resolved: resolved)
    }

    /// A whitespace-separated setting (`"DEBUG $(inherited)"`) or a list of words.
    static func words(_ value: PropertyListValue) -> [String] {
        value.string.map { $0.split(whereSeparator: \.isWhitespace).map(String.init) } ?? value.array?.compactMap(\.string) ?? []
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
