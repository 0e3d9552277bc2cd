import Foundation
import TestSupport
import Testing
@testable import BulkheadCLI
import Configuration
import Rules

/// What users read says what the catalog says, in words they know: `docs/rules.md` is the
/// catalog's own Markdown, and no help, explanation, generated configuration or page of the
/// documentation uses the project's internal vocabulary.
@Suite(.tags(.medium)) struct UserTextTests {
    /// `docs/rules.md` is exactly what `bulkhead rules --format markdown` writes: a rule whose
    /// summary, rationale or examples change fails here until the page is generated again.
    @Test func theRuleReferenceIsTheCatalog() throws {
        let run = CommandRun.run(["rules", "--format", "markdown"])
        #expect(run.status == .clean)
        let page = try String(contentsOfFile: RepositoryRoot.path("docs/rules.md"), encoding: .utf8)
        let generated = run.standardOutput.components(separatedBy: "\n"), written = page.components(separatedBy: "\n")
        let first = zip(generated, written).enumerated().first { $0.element.0 != $0.element.1 }
        let drift = first.map { "at line \($0.offset + 1): the catalog says «\($0.element.0)», the page «\($0.element.1)»" }
            ?? (generated.count == written.count ? nil : "in length: \(generated.count) lines generated, \(written.count) written")
        // The first differing line, not both pages: the message says what to do.
        #expect(drift == nil, "docs/rules.md differs from the catalog \(drift ?? ""); regenerate it: swift run bulkhead rules --format markdown > docs/rules.md")
        // Every code has its section, and the catalog's rules their examples.
        for code in DiagnosticCatalog.all { #expect(page.contains("\n### \(code.id)\n"), "\(code.id)") }
        for rule in RuleCatalog.all { #expect(rule.triggering.allSatisfy { page.contains($0.note) }, "\(rule.id)") }
    }

    /// The words of the project's internal documents, which users never saw.
    static func internalWords(in text: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: #"\b(seeds?|checklists?)\b"#, options: [.caseInsensitive])
        let range = NSRange(text.startIndex..., in: text)
        return pattern.matches(in: text, range: range).compactMap { Range($0.range, in: text).map { String(text[$0]) } }
    }

    /// The control: the check finds the words where they are, and not inside others.
    @Test func internalWordsAreFound() {
        #expect(Self.internalWords(in: "the rules of the seeds' checklists, seed 05's table") == ["seeds", "checklists", "seed"])
        #expect(Self.internalWords(in: "Seed 5") == ["Seed"])
        #expect(Self.internalWords(in: "seeded, reseed, aseed") == [])
    }

    /// Everything a user reads from the tool: the overview, every command's help, every code's
    /// explanation, every preset's table, the rule lists.
    static func toolTexts() -> [(String, String)] {
        var texts: [(String, String)] = [("bulkhead --help", CommandRun.run(["--help"]).standardOutput)]
        for command in BulkheadCLI.commands {
            texts.append(("bulkhead \(command.name) --help", CommandRun.run([command.name, "--help"]).standardOutput))
        }
        for code in DiagnosticCatalog.all {
            let run = CommandRun.run(["explain", code.id])
            texts.append(("bulkhead explain \(code.id)", run.standardOutput + run.standardError))
        }
        for preset in Presets.all.keys.sorted() {
            texts.append(("bulkhead explain preset \(preset)", CommandRun.run(["explain", "preset", preset]).standardOutput))
        }
        for arguments in [["rules"], ["rules", "--all"], ["rules", "--format", "markdown"]] {
            texts.append(("bulkhead " + arguments.joined(separator: " "), CommandRun.run(arguments).standardOutput))
        }
        return texts
    }

    @Test func helpAndExplanationsUseNoInternalWords() {
        let texts = Self.toolTexts()
        #expect(texts.count > DiagnosticCatalog.all.count + BulkheadCLI.commands.count)
        for (name, text) in texts {
            #expect(!text.isEmpty, "\(name) printed nothing")
            #expect(Self.internalWords(in: text) == [], "\(name)")
        }
    }

    /// The configuration `init` writes, with its comments, on the recorded fixtures.
    @Test(arguments: ["TravelApp", "AffectedApp", "LocalPackages", "ScannerTraps"])
    func generatedConfigurationsUseNoInternalWords(fixture: String) {
        let run = RecordedToolchainCommandTests.run(["init", "--print"], fixture: fixture)
        #expect(run.status == .clean, "\(run.standardError)")
        #expect(run.standardOutput.contains("layers") || run.standardOutput.contains("preset"), "\(run.standardOutput)")
        #expect(Self.internalWords(in: run.standardOutput + run.standardError) == [])
    }

    /// The README and every page of docs/.
    @Test func theReadmeAndTheDocsUseNoInternalWords() throws {
        let docs = try FileManager.default.contentsOfDirectory(atPath: RepositoryRoot.path("docs")).filter { $0.hasSuffix(".md") }.sorted()
        #expect(docs.count >= 9)
        for file in ["README.md"] + docs.map({ "docs/" + $0 }) {
            let text = try String(contentsOfFile: RepositoryRoot.path(file), encoding: .utf8)
            #expect(Self.internalWords(in: text) == [], "\(file)")
        }
    }

    /// The README stays short enough to read in minutes, and opens with the two commands CI runs.
    @Test func theReadmeIsShortAndOpensWithTheContractCommands() throws {
        let readme = try String(contentsOfFile: RepositoryRoot.path("README.md"), encoding: .utf8)
        let lines = readme.components(separatedBy: "\n")
        #expect(lines.count <= 301, "README.md has \(lines.count - 1) lines")
        #expect(Array(lines.prefix(6)) == [
            "# Bulkhead", "", "```sh",
            "swift run bulkhead check --package-path Examples/Voyage --preset layers   # check the example's architecture",
            "swift test                                                                # run the tests",
            "```",
        ])
    }

    /// Every relative link of the README and the docs names a file that exists.
    @Test func relativeLinksLeadToFiles() throws {
        let docs = try FileManager.default.contentsOfDirectory(atPath: RepositoryRoot.path("docs")).filter { $0.hasSuffix(".md") }
        let link = try NSRegularExpression(pattern: #"\]\(([^)#:\s]+)(#[^)]*)?\)"#)
        for file in ["README.md"] + docs.map({ "docs/" + $0 }) {
            let text = try String(contentsOfFile: RepositoryRoot.path(file), encoding: .utf8)
            let folder = (file as NSString).deletingLastPathComponent
            for match in link.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                guard let range = Range(match.range(at: 1), in: text) else { continue }
                let target = (folder.isEmpty ? "" : folder + "/") + text[range]
                #expect(FileManager.default.fileExists(atPath: RepositoryRoot.path((target as NSString).standardizingPath)), "\(file) links to \(text[range])")
            }
        }
    }
}
