import Foundation
import Testing

/// A real program that reads Bulkhead's output, so a test can prove the output against the real
/// thing rather than against our idea of the format. `.ci/run` installs them all; a fresh clone
/// may have none of them, and the README promises that `swift test` passes there. So a test that
/// needs one declares it with the `.requires(_:)` trait: where the consumer is missing the test is
/// skipped and Swift Testing prints the reason; with `BULKHEAD_REQUIRE_CONSUMERS=1` (set by CI)
/// a missing consumer fails the test instead, so CI cannot pass without the real consumers.
package enum Consumer: CaseIterable, Sendable {
    /// Graphviz's `dot`, which renders the DOT graphs.
    case graphviz
    /// The python `jsonschema` package, which validates SARIF against the OASIS schema.
    case jsonschema
    /// The `sarif` command of sarif-tools, which reads SARIF reports.
    case sarifTools
    /// The python `junitparser` package, which reads JUnit reports.
    case junitparser
    /// Headless Chromium (Debian's `chromium`), which opens the HTML report.
    case chromium
    /// The shells whose completion scripts `bulkhead completions` writes.
    case bash, zsh, fish
    /// `diff` (GNU diffutils on Linux, part of every base system), whose `diff -u` the diff of
    /// `check --fix` must agree with.
    case diff

    /// The environment variable that turns a missing consumer from a skip into a failure.
    package static let requiredVariable = "BULKHEAD_REQUIRE_CONSUMERS"

    /// What is missing, in the words a user would search for.
    package var name: String {
        switch self {
        case .graphviz: "Graphviz's `dot` on PATH"
        case .jsonschema: "the python package jsonschema"
        case .sarifTools: "sarif-tools' `sarif` on PATH"
        case .junitparser: "the python package junitparser"
        case .chromium: "`chromium` on PATH"
        case .bash, .zsh, .fish: "\(self) on PATH"
        case .diff: "`diff` on PATH"
        }
    }

    /// How to get it, for the skip reason and the failure.
    package var installation: String {
        switch self {
        case .graphviz: "apt-get install graphviz, or brew install graphviz"
        case .jsonschema: "python3 -m pip install jsonschema"
        case .sarifTools: "python3 -m pip install sarif-tools"
        case .junitparser: "python3 -m pip install junitparser"
        case .chromium: "apt-get install chromium"
        case .bash, .zsh, .fish: "apt-get install \(self), or brew install \(self)"
        case .diff: "apt-get install diffutils, or brew install diffutils"
        }
    }

    /// Whether the consumer is installed here; probed once per test process.
    package var isAvailable: Bool { Self.availability[self] ?? false }

    /// Whether this run asked for every consumer to be present (`BULKHEAD_REQUIRE_CONSUMERS=1`).
    package static var areRequired: Bool {
        ProcessInfo.processInfo.environment[requiredVariable] == "1"
    }

    /// The line Swift Testing prints beside a skipped test.
    package var skipReason: String {
        "needs \(name), missing here (install: \(installation)); \(Self.requiredVariable)=1 fails instead"
    }

    /// Whether a test that needs this consumer runs: yes where it is installed, no (a skip) where
    /// it is missing, and a thrown `Missing` (which Swift Testing records as the test's issue)
    /// where it is missing but required.
    package func shouldRun() throws(Missing) -> Bool {
        if isAvailable { return true }
        if Self.areRequired { throw Missing(consumer: self) }
        return false
    }

    /// A consumer that is missing although `BULKHEAD_REQUIRE_CONSUMERS=1` requires it.
    package struct Missing: Error, CustomStringConvertible {
        package var consumer: Consumer
        package var description: String {
            "\(Consumer.requiredVariable)=1 but \(consumer.name) is missing; install it (\(consumer.installation)) or unset \(Consumer.requiredVariable)"
        }
    }

    private static let availability: [Consumer: Bool] = Dictionary(uniqueKeysWithValues: allCases.map { ($0, $0.probe()) })

    private func probe() -> Bool {
        switch self {
        case .graphviz: Self.executable(named: "dot") != nil
        case .sarifTools: Self.executable(named: "sarif") != nil
        case .jsonschema: Self.pythonImports("jsonschema")
        case .junitparser: Self.pythonImports("junitparser")
        case .chromium: Self.executable(named: "chromium") != nil
        case .bash, .zsh, .fish, .diff: Self.executable(named: "\(self)") != nil
        }
    }

    /// The first executable file called `name` in a folder of PATH, as a shell would find it.
    package static func executable(named name: String) -> String? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        return folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Whether `python3 -c 'import <module>'` succeeds. The output is discarded rather than read,
    /// so this probe cannot block on a full pipe and needs no process runner from the product.
    private static func pythonImports(_ module: String) -> Bool {
        guard let python = executable(named: "python3") else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", "import \(module)"]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return false }
        process.waitUntilExit()
        return process.terminationReason == .exit && process.terminationStatus == 0
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs the test only where `consumer` is installed; elsewhere skips it with the reason, or,
    /// under `BULKHEAD_REQUIRE_CONSUMERS=1`, fails it. Give one trait per consumer a test needs.
    package static func requires(_ consumer: Consumer, sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        .enabled(Comment(rawValue: consumer.skipReason), sourceLocation: sourceLocation) {
            try consumer.shouldRun()
        }
    }
}
