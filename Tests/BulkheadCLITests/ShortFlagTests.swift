import TestSupport
import Testing
@testable import BulkheadCLI

/// `-p`, `-f`, `-o`, `-q`, `-v` and `-h`: each the same option as its long spelling, in every
/// command that has the long one.
@Suite(.tags(.small)) struct ShortFlagTests {
    static let definitions = CheckCommand.options + GlobalOptions.definitions

    @Test func shortAndLongSpellingsParseTheSame() throws {
        let short = try ParsedArguments(["-p", "App", "-f", "json", "-o", "out.json", "-q", "-v"], definitions: Self.definitions)
        let long = try ParsedArguments(["--package-path", "App", "--format", "json", "--output", "out.json", "--quiet", "--verbose"],
                                       definitions: Self.definitions)
        #expect(short.values == long.values)
        #expect(short.flags == long.flags)
        #expect(short.value(.format) == "json")
        #expect(short.isSet(.verbose))
    }

    @Test func aDashAloneAndAfterDoubleDashArePositionals() throws {
        let parsed = try ParsedArguments(["-", "--", "-f"], definitions: Self.definitions)
        #expect(parsed.positionals == ["-", "-f"])
        #expect(parsed.values.isEmpty)
    }

    @Test(arguments: [
        (["check", "-x"], "unknown option '-x'"),
        (["check", "-f"], "option '-f' needs a value: -f FORMAT"),
        (["check", "-f", "yaml"], "'yaml' is not a value of -f"),
        (["check", "-f", "json", "--format", "text"], "option '--format' is given twice; give it once"),
    ])
    func shortFlagUsageErrors(arguments: [String], message: String) {
        let run = CommandRun.run(arguments)
        #expect(run.status == .usage)
        #expect(run.standardError.hasPrefix("error: \(message)"), "\(run.standardError)")
    }

    /// Every command answers `-h` with its help, and help shows the short spellings.
    @Test(arguments: BulkheadCLI.commands.map(\.name))
    func everyCommandTakesDashH(command: String) {
        let run = CommandRun.run([command, "-h"])
        #expect(run.status == .clean)
        #expect(run.standardOutput.contains("USAGE: bulkhead"))
        #expect(run.standardOutput.contains("-h, --help"))
        #expect(run.standardOutput.contains("-q, --quiet"))
    }

    @Test func checkHelpShowsTheShortFlags() {
        let help = CommandRun.run(["check", "--help"]).standardOutput
        for spelling in ["-p, --package-path PATH", "-f, --format FORMAT", "-o, --output FILE", "-v, --verbose"] {
            #expect(help.contains(spelling))
        }
    }
}
