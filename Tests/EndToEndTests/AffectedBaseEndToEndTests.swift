import Foundation
import TestSupport
import Testing

/// `--base` is a revision, never an option to git: a value git would read as an option, or one
/// that names no commit, ends the run with exit 2 and the reason, instead of "No test is
/// affected." and every test silently skipped.
@Suite(.tags(.large)) struct AffectedBaseEndToEndTests {
    @Test(arguments: [["--base", "--fork-point"], ["--base", "--octopus"], ["--base=--octopus"], ["--base", "no-such-branch"]])
    func aBaseThatIsNotACommitIsExit2(base: [String]) throws {
        let repository = try AffectedEndToEndTests.Repository(copying: "TravelApp")
        defer { repository.remove() }
        try repository.append("// faster", to: "Modules/Features/Payment/Sources/PaymentScreen.swift")
        try repository.commit("payment")
        let run = try BulkheadBinary.run(["affected", "--package-path", "Modules"] + base + ["--explain"], in: repository.top)
        let ref = base.count == 2 ? base[1] : String(base[0].dropFirst("--base=".count))
        #expect(run.status == 2)
        #expect(run.standardOutput.isEmpty)
        #expect(run.standardError.hasPrefix("error: '\(ref)' is not a commit;"), "\(run.standardError)")
    }
}
