import Foundation
import TestSupport
import Testing
@testable import PackageLoading

/// Which DerivedData entries' `SourcePackages/checkouts` a run reads: those whose `info.plist`
/// records one of its projects, or a workspace inside its root.
@Suite struct CheckoutLocationsTests {
    static func plist(_ workspace: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0"><dict><key>WorkspacePath</key><string>\(workspace)</string></dict></plist>
        """
    }

    @Test func entriesOfTheProjectsAndOfWorkspacesInsideTheRootAreReadOthersAreNot() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("checkout-locations-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: base) }
        let root = base + "/repo"
        let derived = base + "/DerivedData"
        let entries = [
            "App-aaa": root + "/App.xcodeproj",
            "Work-bbb": root + "/Sub/Work.xcworkspace",
            "Other-ccc": base + "/other/Other.xcodeproj",
            "Prefix-ddd": root + "-sibling/App.xcodeproj",
        ]
        for (entry, workspace) in entries {
            try FileManager.default.createDirectory(atPath: "\(derived)/\(entry)/SourcePackages/checkouts", withIntermediateDirectories: true)
            try Self.plist(workspace).write(toFile: "\(derived)/\(entry)/info.plist", atomically: true, encoding: .utf8)
        }
        // No checkouts folder: not a candidate whatever it records.
        try FileManager.default.createDirectory(atPath: derived + "/Empty-eee", withIntermediateDirectories: true)
        try Self.plist(root + "/App.xcodeproj").write(toFile: derived + "/Empty-eee/info.plist", atomically: true, encoding: .utf8)
        let locations = CheckoutLocations(derivedData: derived)
        #expect(locations.xcodeCheckoutFolders(projects: [root + "/App.xcodeproj"], root: root) == [
            derived + "/App-aaa/SourcePackages/checkouts", derived + "/Work-bbb/SourcePackages/checkouts",
        ])
        #expect(CheckoutLocations(derivedData: nil).xcodeCheckoutFolders(projects: [root + "/App.xcodeproj"], root: root).isEmpty)
    }

    @Test func theEnvironmentNamesTheDerivedDataFolder() {
        #expect(CheckoutLocations.derivedData(environment: ["BULKHEAD_DERIVED_DATA": "/dd", "HOME": "/home/x"]) == "/dd")
        #expect(CheckoutLocations.derivedData(environment: ["HOME": "/nonexistent-home-for-bulkhead-tests"]) == nil)
    }

    @Test func aCheckoutIsFoundByNameInTheFirstFolderThatHoldsIt() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("checkout-names-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: base) }
        try FileManager.default.createDirectory(atPath: base + "/b/swift-kit", withIntermediateDirectories: true)
        try "".write(toFile: base + "/b/swift-kit/Package.swift", atomically: true, encoding: .utf8)
        #expect(PackageGraphLoader.checkout(named: ["swift-kit"], in: [base + "/a", base + "/b"]) == base + "/b/swift-kit")
        #expect(PackageGraphLoader.checkout(named: ["../b/swift-kit", ".."], in: [base + "/a"]) == nil)
    }
}
