import Foundation
import PackageLoading
import Processes
import TestSupport
import Testing
@testable import BulkheadCLI

/// `bulkhead completions`: each script parses in its shell, and bash's and fish's completion,
/// driven as the shell drives it, offers what the option definitions say.
@Suite(.tags(.medium)) struct CompletionsTests {
    /// The script for `shell`, written to a temporary file.
    static func scriptFile(_ shell: CompletionShell, in folder: TemporaryFolder) throws -> String {
        let run = CommandRun.run(["completions", shell.rawValue])
        #expect(run.status == .clean, "\(run.standardError)")
        #expect(!run.standardOutput.isEmpty)
        return folder.write("bulkhead.\(shell.rawValue)", run.standardOutput)
    }

    static func lines(_ output: ProcessRunner.Output) -> [String] {
        String(decoding: output.standardOutput, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @Test(.requires(.bash)) func bashParsesIt() throws {
        let folder = TemporaryFolder()
        let result = try ProcessRunner.run(["bash", "-n", try Self.scriptFile(.bash, in: folder)])
        #expect(result.status == 0, "\(result.standardErrorText)")
    }

    @Test(.requires(.zsh)) func zshParsesIt() throws {
        let folder = TemporaryFolder()
        let result = try ProcessRunner.run(["zsh", "-n", try Self.scriptFile(.zsh, in: folder)])
        #expect(result.status == 0, "\(result.standardErrorText)")
    }

    @Test(.requires(.fish)) func fishParsesIt() throws {
        let folder = TemporaryFolder()
        let result = try ProcessRunner.run(["fish", "-n", try Self.scriptFile(.fish, in: folder)])
        #expect(result.status == 0, "\(result.standardErrorText)")
    }

    /// Runs `_bulkhead` with `words` (the last one being completed), as bash does on Tab.
    static func bashCompletes(_ words: [String]) throws -> [String] {
        let folder = TemporaryFolder()
        let script = try scriptFile(.bash, in: folder)
        let quotedWords = words.map { "'" + $0.replacing("'", with: "'\\''") + "'" }.joined(separator: " ")
        let driver = "source \"$1\"; COMP_WORDS=(\(quotedWords)); COMP_CWORD=\(words.count - 1); _bulkhead; printf '%s\\n' \"${COMPREPLY[@]}\""
        let result = try ProcessRunner.run(["bash", "-c", driver, "bash", script], in: folder.path)
        #expect(result.status == 0, "\(result.standardErrorText)")
        return lines(result).filter { !$0.isEmpty }
    }

    /// The check formats and rule ids as the definitions give them (from Reporters.standard and
    /// RuleCatalog), which this test target reaches only through BulkheadCLI.
    static let formats = CheckCommand.options.first { $0.name == "format" }?.choices ?? []
    static let ruleIDs = CheckCommand.options.first { $0.name == "rule" }?.suggestions ?? []

    @Test(.requires(.bash), arguments: [
        (["bulkhead", "check", "--format", ""], formats),
        (["bulkhead", "check", "-f", ""], formats),
        (["bulkhead", "check", "--format", "g"], formats.filter { $0.hasPrefix("g") }),
        (["bulkhead", "ch"], ["check"]),
        (["bulkhead", "completions", ""], ["bash", "zsh", "fish"]),
        (["bulkhead", "check", "--platform", "w"], ["watchos", "windows"]),
        (["bulkhead", "check", "--preset", ""], ["clean", "features", "layers", "suffixes"]),
        (["bulkhead", "check", "--out"], ["--output"]),
        (["bulkhead", "check", "--jobs", ""], []),
        (["bulkhead", "help", "gr"], ["graph"]),
        // explain completes every code of the catalog, not only the rules, and `preset`.
        (["bulkhead", "explain", "unused-s"], ["unused-suppression"]),
        (["bulkhead", "explain", "unterminated-c"], ["unterminated-comment", "unterminated-conditional"]),
        (["bulkhead", "explain", "pre"], ["preset"]),
    ])
    func bashOffers(words: [String], expected: [String]) throws {
        #expect(try Self.bashCompletes(words) == expected)
    }

    @Test(.requires(.bash)) func bashOffersRuleIdsAndFiles() throws {
        #expect(Self.formats.contains("gitlab") && Self.ruleIDs.contains("layer-dependency"))
        #expect(try Self.bashCompletes(["bulkhead", "check", "--rule", ""]) == Self.ruleIDs)
        let folder = TemporaryFolder()
        folder.write("reports/bulkhead.xml", "")
        let script = try Self.scriptFile(.bash, in: folder)
        let driver = "source \"$1\"; COMP_WORDS=(bulkhead check --output rep); COMP_CWORD=3; _bulkhead; printf '%s\\n' \"${COMPREPLY[@]}\""
        let result = try ProcessRunner.run(["bash", "-c", driver, "bash", script], in: folder.path)
        #expect(Self.lines(result) == ["reports"])
    }

    @Test(.requires(.fish)) func fishOffersTheFormatsAfterFormat() throws {
        let folder = TemporaryFolder()
        let script = try Self.scriptFile(.fish, in: folder)
        let result = try ProcessRunner.run(["fish", "--no-config", "-c", "source $argv[1]; complete -C 'bulkhead check --format '", script])
        #expect(result.status == 0, "\(result.standardErrorText)")
        let offered = Self.lines(result).map { String($0.prefix { $0 != "\t" }) }
        #expect(offered.sorted() == Self.formats.sorted())
    }

    /// A command others add later completes with no change to the generators: every command and
    /// every long option appears in every script.
    @Test(arguments: CompletionShell.allCases)
    func everyCommandAndOptionIsInTheScript(shell: CompletionShell) {
        let script = shell.script(for: BulkheadCLI.commands)
        for command in BulkheadCLI.commands {
            #expect(script.contains(command.name))
            for option in command.options {
                #expect(script.contains(option.name), "\(shell): --\(option.name) of \(command.name)")
            }
        }
    }

    @Test func anUnknownShellIsAUsageError() {
        let run = CommandRun.run(["completions", "powershell"])
        #expect(run.status == .usage)
        #expect(run.standardError.contains("bash, zsh, fish"))
    }
}
