import Foundation
import TestSupport
import Testing

/// `affected --base` on an app repository, one commit per kind of change, each with the tests
/// Xcode and SwiftPM would have to run again: the AffectedApp fixture has an app (Shop, hosting
/// ShopTests, linking the local package's Catalog), a widget extension (tested by
/// ShopWidgetTests), and the Catalog package with CatalogTests. Nothing may be under-selected,
/// and only a file outside every target may select everything.
@Suite(.tags(.large)) struct AffectedAppOracleEndToEndTests {
    typealias Repository = AffectedEndToEndTests.Repository

    struct Case: Sendable, CustomStringConvertible {
        var description: String
        var change: @Sendable (Repository) throws -> Void
        var expected: [String]
        /// A line `--explain` prints for it.
        var explained: String
    }

    static let project = "Shop.xcodeproj/project.pbxproj"

    /// Rewrites the one line of the project that holds `identifier` (an object of the project).
    static func editObject(_ identifier: String, _ repository: Repository, _ change: @escaping (String) -> String) throws {
        try repository.edit(project) { text in
            text.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.contains("\t\t\(identifier) ") ? change(String($0)) : String($0) }
                .joined(separator: "\n")
        }
    }

    static let cases: [Case] = [
        Case(description: "a project-level setting", change: { repository in
            for configuration in ["BB0000000000000000000S09", "BB0000000000000000000S10"] {
                try editObject(configuration, repository) { $0.replacingOccurrences(of: "SDKROOT = iphoneos;", with: "SDKROOT = iphoneos; SWIFT_STRICT_CONCURRENCY = complete;") }
            }
        }, expected: ["ShopTests", "ShopWidgetTests"],
        explained: "ShopWidgetTests: Shop.xcodeproj/project.pbxproj (settings changed: SWIFT_STRICT_CONCURRENCY (Debug, Release)) — ShopWidgetTests"),
        Case(description: "the app's setting", change: { repository in
            for configuration in ["BB0000000000000000000S01", "BB0000000000000000000S02"] {
                try editObject(configuration, repository) { $0.replacingOccurrences(of: "MARKETING_VERSION = 1.0;", with: "MARKETING_VERSION = 1.1;") }
            }
        }, expected: ["ShopTests"],
        explained: "ShopTests: Shop.xcodeproj/project.pbxproj (settings changed: MARKETING_VERSION (Debug, Release)) — ShopTests → Shop"),
        Case(description: "a test bundle's setting in one configuration", change: { repository in
            try editObject("BB0000000000000000000S08", repository) { $0.replacingOccurrences(of: "SWIFT_VERSION = 6.0;", with: "SWIFT_VERSION = 5.0;") }
        }, expected: ["ShopWidgetTests"],
        explained: "ShopWidgetTests: Shop.xcodeproj/project.pbxproj (settings changed: SWIFT_VERSION (Release)) — ShopWidgetTests"),
        Case(description: "a localisation in a variant group", change: { repository in
            try repository.append(#""cart" = "Panier";"#, to: "Shop/Resources/fr.lproj/Localizable.strings")
        }, expected: ["ShopTests"], explained: "ShopTests: Shop/Resources/fr.lproj/Localizable.strings (changed) — ShopTests → Shop"),
        Case(description: "a resource", change: { repository in
            try repository.append("louder", to: "Shop/Resources/Sounds/chime.caf")
        }, expected: ["ShopTests"], explained: "ShopTests: Shop/Resources/Sounds/chime.caf (changed) — ShopTests → Shop"),
        Case(description: "a colour added to the asset catalog", change: { repository in
            let folder = repository.top + "/Shop/Resources/Assets.xcassets/AccentColor.colorset"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try #"{ "colors" : [] }"#.write(toFile: folder + "/Contents.json", atomically: true, encoding: .utf8)
        }, expected: ["ShopTests"], explained: "ShopTests: Shop/Resources/Assets.xcassets/AccentColor.colorset/Contents.json (added) — ShopTests → Shop"),
        Case(description: "the app's Info.plist", change: { repository in
            try repository.edit("Shop/Info.plist") { $0.replacingOccurrences(of: "<string>Shop</string>", with: "<string>Shop+</string>") }
        }, expected: ["ShopTests"], explained: "ShopTests: Shop/Info.plist (changed) — ShopTests → Shop"),
        Case(description: "the app's entitlements", change: { repository in
            try repository.edit("Shop/Shop.entitlements") { $0.replacingOccurrences(of: "<dict/>", with: "<dict><key>aps-environment</key><string>development</string></dict>") }
        }, expected: ["ShopTests"], explained: "ShopTests: Shop/Shop.entitlements (changed) — ShopTests → Shop"),
        Case(description: "a snapshot image under a test bundle's folder", change: { repository in
            try repository.append("redrawn", to: "ShopTests/__Snapshots__/ShopTests/opens.1.png")
        }, expected: ["ShopTests"], explained: "ShopTests: ShopTests/__Snapshots__/ShopTests/opens.1.png (changed) — ShopTests"),
        Case(description: "a Swift file of the local package", change: { repository in
            try repository.append("// faster", to: "Packages/Catalog/Sources/Catalog/Catalog.swift")
        }, expected: ["CatalogTests", "ShopTests"], explained: "CatalogTests: Packages/Catalog/Sources/Catalog/Catalog.swift (changed) — CatalogTests → Catalog"),
        Case(description: "a tooling file", change: { repository in
            try repository.append("lane :screenshots do\nend", to: "fastlane/Fastfile")
        }, expected: ["CatalogTests", "ShopTests", "ShopWidgetTests"], explained: "  fastlane/Fastfile is outside every target"),
    ]

    /// One repository, one branch from `main` per case, so each commit is compared alone.
    @Test func eachKindOfChangeSelectsWhatItRebuilds() throws {
        let repository = try Repository(copying: "AffectedApp")
        defer { repository.remove() }
        try repository.landAndBranch("unused")
        for (index, kind) in Self.cases.enumerated() {
            try repository.git("checkout", "-q", "main")
            try repository.git("checkout", "-q", "-b", "case\(index)")
            try kind.change(repository)
            try repository.commit(kind.description)
            let run = try BulkheadBinary.run(["affected", "--package-path", ".", "--base", "main"], in: repository.top)
            #expect(run.status == 0, "\(kind): \(run.standardError)")
            #expect(run.standardOutput.split(separator: "\n").map(String.init) == kind.expected, "\(kind)")
            let everything = kind.expected.count == 3
            #expect(run.standardError.contains("every test is selected") == everything, "\(kind): \(run.standardError)")
            let explained = try BulkheadBinary.run(["affected", "--package-path", ".", "--base", "main", "--explain"], in: repository.top)
            #expect(explained.standardOutput.split(separator: "\n").map(String.init).contains(kind.explained), "\(kind): \(explained.standardOutput)")
        }
    }
}
