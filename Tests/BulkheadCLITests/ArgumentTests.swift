import TestSupport
import Testing
@testable import BulkheadCLI
import Diagnostics

@Suite(.tags(.medium)) struct ArgumentTests {
    @Test func overviewListsCommandsAndExitCodes() {
        let run = CommandRun.run([])
        #expect(run.status == .clean)
        #expect(run.standardOutput.contains("imports"))
        #expect(run.standardOutput.contains("64 usage error"))
    }

    @Test func versionIsPrinted() {
        #expect(CommandRun.run(["--version"]).standardOutput == BulkheadCLI.version + "\n")
    }

    @Test func commandHelpNamesEveryOption() {
        let run = CommandRun.run(["help", "imports"])
        #expect(run.status == .clean)
        for option in ["--package-path", "--target", "--format", "--color", "--quiet"] {
            #expect(run.standardOutput.contains(option))
        }
    }

    @Test(arguments: [
        (["improts"], "unknown command 'improts'; did you mean 'imports'?"),
        (["imports", "--fromat", "json"], "unknown option '--fromat'; did you mean '--format'?"),
        (["imports", "--format"], "option '--format' needs a value: --format FORMAT"),
        (["imports", "--format", "yaml"], "'yaml' is not a value of --format; use one of: text, json"),
        (["imports", "--quiet=yes"], "option '--quiet' takes no value"),
        (["imports", "--format", "json", "--format=text"], "option '--format' is given twice; give it once"),
        (["imports", "--target", "A", "file.swift"], "--target selects targets of a package; it cannot be combined with files"),
    ])
    func usageErrorsSayWhatToTypeAndExit64(arguments: [String], message: String) {
        let run = CommandRun.run(arguments)
        #expect(run.status == .usage)
        #expect(run.standardError.hasPrefix("error: \(message)\n"))
        #expect(run.standardOutput.isEmpty)
    }

    @Test func doubleDashEndsOptions() {
        let folder = TemporaryFolder()
        folder.write("--weird.swift", "import A\n")
        let run = CommandRun.run(["imports", "--", "--weird.swift"], in: folder.path)
        #expect(run.status == .clean)
        #expect(run.standardOutput == "--weird.swift:1:8  import A\n")
    }

    @Test func suggestionsNeedToBeClose() {
        #expect(Suggestion.closest(to: "fromat", among: ["format", "target"]) == "format")
        #expect(Suggestion.closest(to: "zzzzzz", among: ["format", "target"]) == nil)
        #expect(Suggestion.editDistance("kitten", "sitting") == 3)
    }
}
