import Diagnostics
import Formats

/// GitLab Code Quality JSON, which merge requests show as a widget and inline in the diff: an
/// array of issues with `description`, `check_name` (the rule id), `fingerprint`, `severity` and
/// `location.path` + `location.lines.begin`. Paths are relative to the working folder, the
/// project folder where GitLab runs the job.
///
/// GitLab compares the fingerprints of the base and the merge request to say which findings are
/// new and which were fixed, so a fingerprint must not change when unrelated edits move a
/// finding's line. It is keyed, like a baseline entry, on what the finding is rather than where:
/// the rule, the path, the target and the message (which names the modules involved), plus how
/// many identical keys came before it in the report, so two identical findings in one file
/// still differ.
package struct GitLabReporter: Reporter {
    package let format = ReportFormat.gitlab

    package init() {}

    struct Issue: Codable, Equatable {
        var description: String
        var checkName: String
        var fingerprint: String
        var severity: String
        var location: Location

        enum CodingKeys: String, CodingKey {
            case description, fingerprint, severity, location
            case checkName = "check_name"
        }
    }

    struct Location: Codable, Equatable {
        var path: String
        var lines: Lines
    }

    struct Lines: Codable, Equatable {
        var begin: Int
    }

    package func render(_ report: Report) throws(ReportError) -> String {
        var seen: [String: Int] = [:]
        let issues = report.diagnostics(relativeTo: .workingFolder).sorted().map { diagnostic in
            let path = diagnostic.location?.path ?? "."
            let key = [diagnostic.code, path, diagnostic.target ?? "", diagnostic.message].joined(separator: "\u{0}")
            let occurrence = seen[key, default: 0]
            seen[key] = occurrence + 1
            return Issue(
                description: ([diagnostic.message] + diagnostic.notes).joined(separator: "\n"),
                checkName: diagnostic.code,
                fingerprint: Self.fingerprint(key + "\u{0}\(occurrence)"),
                severity: Self.severity(diagnostic.severity),
                location: Location(path: path, lines: Lines(begin: diagnostic.location?.line ?? 1)))
        }
        return try SortedJSON.text(of: issues, document: "gitlab")
    }

    /// GitLab's severities are info, minor, major, critical and blocker. An error fails the
    /// check, so it is major; a warning minor.
    static func severity(_ severity: Severity) -> String {
        switch severity {
        case .error: "major"
        case .warning: "minor"
        case .note: "info"
        }
    }

    /// 32 hex digits (the length of the MD5 fingerprints other tools write) from two 64-bit
    /// FNV-1a hashes of the key's UTF-8 with different offsets: stable across runs, platforms
    /// and Swift versions, unlike `Hasher`, which is seeded per process.
    static func fingerprint(_ key: String) -> String {
        StableHash.hex(key) + StableHash.hex(key, basis: 0x6c62_272e_07bb_0142)
    }
}

extension ReportFormat {
    package static let gitlab = ReportFormat(rawValue: "gitlab")
}
