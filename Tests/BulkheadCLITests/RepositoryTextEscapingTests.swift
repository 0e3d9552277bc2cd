import Diagnostics
import Foundation
import ModuleGraph
import Rules
import TestSupport
import Testing
@testable import BulkheadCLI

/// Issue 49: text from the repository (file and target names, a tool's output) reaches no
/// terminal with its control characters, in the lines the text output writes itself.
@Suite(.tags(.medium)) struct RepositoryTextEscapingTests {
    /// A failure names a file: ESC in its name must not retitle the window or clear the screen.
    @Test func aFailureMessageIsEscaped() {
        let folder = TemporaryFolder()
        let run = CommandRun.run(["check", "--config", "bad\u{1B}]0;title\u{7}.yml"], in: folder.path)
        #expect(run.status != .clean)
        #expect(!run.standardError.contains("\u{1B}") && !run.standardError.contains("\u{7}"))
        #expect(run.standardError.contains("bad\\x1B]0;title\\x07.yml"), "\(run.standardError)")
    }

    /// A finding `--fix` left names a file, a target and a reason from the repository.
    @Test func aLeftLineIsEscaped() {
        let app = TargetID(package: "p", name: "App\u{1B}[2J")
        let finding = Finding(ruleID: "r", severity: .error, target: app, subject: "s", message: "App\u{1B}[2J imports X",
                              place: .manifest(dependency: nil))
        let placed = PlacedFinding(finding: finding, location: SourceLocation(path: "Pack\u{0}age.swift", line: 3), targetName: "App")
        #expect(CheckCommand.leftLine(placed, reason: "it rings\u{7}") == "  left Pack\\x00age.swift:3: App\\x1B[2J imports X [r]: it rings\\x07")
    }
}
