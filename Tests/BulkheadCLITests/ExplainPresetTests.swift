import TestSupport
import Testing
@testable import BulkheadCLI

/// `bulkhead explain preset NAME`: the table of each preset, and a usage error for a name that is not one.
@Suite(.tags(.small)) struct ExplainPresetTests {
    @Test(arguments: [
        ("suffixes", "Feature           *Feature", "internal to its package"),
        ("features", "Features    Features/*/Sources", "a feature mentions another feature only through its Interface"),
        ("clean", "Domain        *Domain", "never imports SwiftUI, UIKit, AppKit, WatchKit, SwiftData, CoreData"),
        ("layers", "Kernel          Sources/Kernel/*", "Use it with \"preset\": \"layers\""),
    ])
    func printsThePresetsTable(_ name: String, _ row: String, _ words: String) {
        let run = CommandRun.run(["explain", "preset", name])
        #expect(run.status == .clean)
        #expect(run.standardOutput.contains(row), "\(run.standardOutput)")
        #expect(run.standardOutput.contains(words))
    }

    @Test func anUnknownPresetIsAUsageErrorWithTheNearestName() {
        let run = CommandRun.run(["explain", "preset", "clen"])
        #expect(run.status == .usage)
        #expect(run.standardError.contains("no preset 'clen'; did you mean 'clean'?"))
    }
}
