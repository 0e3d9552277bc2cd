import Foundation
import TestSupport
import Testing
@testable import ModuleGraph

/// The table of Xcode ↔ SwiftPM setting equivalences, checked against the names and compiler
/// arguments Xcode's Swift build specification gives (`Tests/Fixtures/XcodeSwiftSpec`, extracted
/// from swift-build's `Swift.xcspec`).
@Suite(.tags(.small)) struct XcodeSettingEquivalenceTests {
    /// One setting of the specification: its name, whether Approachable Concurrency is its
    /// default, and the compiler arguments each value passes.
    struct SpecSetting {
        var name: String
        var followsApproachableConcurrency = false
        var arguments: [String: [String]] = [:]
    }

    static let specification: [String: SpecSetting] = {
        let text = (try? String(contentsOfFile: Fixtures.path("XcodeSwiftSpec/SwiftSettings.txt"), encoding: .utf8)) ?? ""
        var settings: [String: SpecSetting] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let words = line.split(separator: " ").map(String.init)
            guard let name = words.first else { continue }
            var setting = SpecSetting(name: name)
            for word in words.dropFirst() {
                if word == "default=$(SWIFT_APPROACHABLE_CONCURRENCY)" { setting.followsApproachableConcurrency = true; continue }
                guard let equals = word.firstIndex(of: "=") else { continue }
                setting.arguments[String(word[..<equals])] = word[word.index(after: equals)...].split(separator: ",").map(String.init)
            }
            settings[name] = setting
        }
        return settings
    }()

    /// Flags Xcode passes for a feature in a spelling of their own.
    static let featureFlags = ["-enable-bare-slash-regex": "BareSlashRegexLiterals"]

    @Test func theFixtureWasRead() {
        #expect(Self.specification.count > 20)
    }

    @Test(arguments: XcodeSettingEquivalence.table)
    func everyEntryNamesASettingOfTheSpecification(_ entry: XcodeSettingEquivalence) throws {
        let setting = try #require(Self.specification[entry.xcodeName], "\(entry.xcodeName) is not a setting of Swift.xcspec")
        guard let value = entry.xcodeValue, !entry.isGroup else { return }
        // What Xcode passes for the value: `-enable-upcoming-feature X`, or a flag of its own.
        let arguments = setting.arguments[value] ?? setting.arguments["<<otherwise>>"] ?? []
        let features = arguments.first == "-enable-upcoming-feature" ? Array(arguments.dropFirst()) : arguments.compactMap { Self.featureFlags[$0] }
        #expect(features == entry.values, "\(entry.xcodeName) = \(value) passes \(arguments)")
    }

    /// Every upcoming-feature setting of the specification is in the table, so no known name is
    /// left to the reshaping fallback.
    @Test func everyUpcomingFeatureSettingOfTheSpecificationIsInTheTable() {
        for setting in Self.specification.values {
            guard let arguments = setting.arguments["YES"], arguments.first == "-enable-upcoming-feature", let feature = arguments.last else { continue }
            #expect(XcodeSettingEquivalence.ownSetting(ofUpcomingFeature: feature)?.xcodeName == setting.name, "\(setting.name)")
        }
    }

    /// Approachable Concurrency groups exactly the features whose settings default to it.
    @Test func theGroupHoldsTheFeaturesWhoseSettingsDefaultToIt() throws {
        let group = try #require(XcodeSettingEquivalence.table.first { $0.xcodeName == "SWIFT_APPROACHABLE_CONCURRENCY" })
        let following = Self.specification.values.filter(\.followsApproachableConcurrency).map(\.name).sorted()
        #expect(group.values.compactMap { XcodeSettingEquivalence.ownSetting(ofUpcomingFeature: $0)?.xcodeName }.sorted() == following)
        #expect(following.count == 5)
    }

    @Test func settingsAreReadByTheTableAndANewerFeatureByItsName() {
        let settings = XcodeSettingEquivalence.settings(in: [
            "SWIFT_UPCOMING_FEATURE_DISABLE_OUTWARD_ACTOR_ISOLATION": "YES",
            "SWIFT_UPCOMING_FEATURE_EXISTENTIAL_ANY": "MIGRATE",  // warns only: not on
            "SWIFT_UPCOMING_FEATURE_IMMUTABLE_WEAK_CAPTURES": " YES",  // newer than the table
            "SWIFT_UPCOMING_FEATURE_6_0": "YES",  // the specification's own switch, no feature
            "SWIFT_STRICT_CONCURRENCY": "targeted",
            "SWIFT_DEFAULT_ACTOR_ISOLATION": "MainActor",
            "SWIFT_VERSION": "6.0",  // the caller's
        ])
        #expect(settings == [
            BuildSetting(tool: "swift", kind: "enableUpcomingFeature", values: ["DisableOutwardActorInference"]),
            BuildSetting(tool: "swift", kind: "enableUpcomingFeature", values: ["ImmutableWeakCaptures"]),
            BuildSetting(tool: "swift", kind: "defaultIsolation", values: ["MainActor"]),
        ])
    }

    @Test func strictConcurrencyCompleteIsBothSpellingsAndAdvisedAsTheOneSetting() {
        let settings = XcodeSettingEquivalence.settings(in: ["SWIFT_STRICT_CONCURRENCY": "complete"])
        #expect(settings.map { "\($0.kind)(\($0.values.joined()))" }.sorted() == [
            "enableExperimentalFeature(StrictConcurrency)", "enableUpcomingFeature(StrictConcurrency)",
        ])
        #expect(XcodeSettingEquivalence.carrying(kind: "enableUpcomingFeature", value: "StrictConcurrency")?.assignment() == "SWIFT_STRICT_CONCURRENCY = complete")
        #expect(XcodeSettingEquivalence.carrying(kind: "swiftLanguageMode", value: "6")?.assignment(value: "6") == "SWIFT_VERSION = 6")
    }
}
