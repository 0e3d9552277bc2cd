import Formats
import Foundation

/// The violations a team has accepted for now, in `bulkhead-baseline.json`. Graph findings are
/// remembered by rule, target and subject; source findings by rule, file and the text of the
/// line, with a count — never by line number, so an edit above a violation does not churn it.
package struct Baseline: Codable, Equatable, Sendable {
    package static let formatVersion = 1

    package var version: Int
    package var tool: String
    package var entries: [Entry]

    package struct Entry: Codable, Hashable, Comparable, Sendable {
        package var rule: String
        /// For findings about the manifest: the target and what it depends on.
        package var target: String?
        package var subject: String?
        /// For findings in sources: the file and the text of the line, trimmed.
        package var file: String?
        package var line: String?
        /// How many times that line's finding occurs in that file.
        package var count: Int?

        package init(rule: String, target: String? = nil, subject: String? = nil, file: String? = nil, line: String? = nil, count: Int? = nil) {
            self.rule = rule
            self.target = target
            self.subject = subject
            self.file = file
            self.line = line
            self.count = count
        }

        package static func < (lhs: Entry, rhs: Entry) -> Bool {
            (lhs.rule, lhs.file ?? "", lhs.line ?? "", lhs.target ?? "", lhs.subject ?? "")
                < (rhs.rule, rhs.file ?? "", rhs.line ?? "", rhs.target ?? "", rhs.subject ?? "")
        }

        /// What a person reads in a message: `layer-dependency: CheckoutFeature → SearchFeature`.
        package var description: String {
            if let file, let line { return "\(rule) in \(file): \(line)" }
            return "\(rule): \(target ?? "?") → \(subject ?? "?")"
        }
    }

    package init(entries: [Entry]) {
        version = Self.formatVersion
        tool = "bulkhead"
        self.entries = entries.sorted()
    }

    /// The baseline of a set of findings: one entry per graph finding, one per source line with
    /// its count. Notes are left out: they never fail a check, and they come and go with what a
    /// machine has (a checkout, an SDK), so an entry for one would turn stale — an error — on
    /// the next machine without a change to the code.
    package init(findings: [PlacedFinding]) {
        var counts: [Entry: Int] = [:]
        for placed in findings where placed.finding.severity != .note {
            counts[BaselineComparison.key(of: placed), default: 0] += 1
        }
        self.init(entries: counts.map { key, count in
            var entry = key
            if entry.file != nil { entry.count = count }
            return entry
        })
    }

    /// The file's bytes: pretty, sorted keys, a newline at the end. Throws rather than giving
    /// empty bytes that would overwrite a good baseline.
    ///
    /// Written by `SortedJSONEncoder`: the bytes Foundation's `JSONEncoder` gives with pretty
    /// printing, sorted keys and unescaped slashes, the same on every platform and Foundation
    /// version, so a committed baseline does not churn when it is written again elsewhere.
    package func encoded() throws(BaselineProblem) -> Data {
        do {
            return Data(try SortedJSONEncoder.encode(self, endingLine: true).utf8)
        } catch {
            throw BaselineProblem(reason: "it could not be encoded (\(error.description))")
        }
    }

    /// Reads a baseline, refusing anything it cannot trust: another format, a newer version,
    /// entries that say neither what target nor what file they are about.
    package static func decode(_ data: Data) -> Result<Baseline, BaselineProblem> {
        struct Header: Decodable { var version: Int? }
        let header: Header
        do {
            header = try JSONDecoder().decode(Header.self, from: data)
        } catch DecodingError.typeMismatch(_, let context) where context.codingPath.first?.stringValue == "version" {
            return .failure(BaselineProblem(reason: "\"version\" must be a whole number, such as \(formatVersion)"))
        } catch DecodingError.typeMismatch {
            return .failure(BaselineProblem(reason: "it is not a JSON object"))
        } catch {
            return .failure(BaselineProblem(reason: "it is not valid JSON"))
        }
        guard let version = header.version else {
            return .failure(BaselineProblem(reason: "it has no \"version\""))
        }
        guard version == formatVersion else {
            return .failure(BaselineProblem(reason: "it is format version \(version); this Bulkhead reads version \(formatVersion)"))
        }
        let baseline: Baseline
        do {
            baseline = try JSONDecoder().decode(Baseline.self, from: data)
        } catch {
            return .failure(BaselineProblem(reason: describe(error)))
        }
        for (index, entry) in baseline.entries.enumerated() {
            let isGraph = entry.target != nil && entry.subject != nil && entry.file == nil && entry.line == nil
            let isSource = entry.file != nil && entry.line != nil && entry.target == nil && entry.subject == nil
            guard isGraph || isSource else {
                return .failure(BaselineProblem(reason: "entries[\(index)] must name either a target and a subject, or a file and a line"))
            }
            if isSource, (entry.count ?? 1) < 1 {
                return .failure(BaselineProblem(reason: "entries[\(index)].count must be 1 or more"))
            }
            guard RuleCatalog.configurable.contains(where: { $0.id == entry.rule }) || entry.rule == UnloadableUnitFinding.entry.id else {
                return .failure(BaselineProblem(reason: "entries[\(index)].rule '\(entry.rule)' is not a rule"))
            }
        }
        // A hand-merged file may name an entry twice: counts add up, graph entries count once.
        return .success(Baseline(findingsCounted: baseline.entries))
    }

    /// Entries with repeats merged.
    private init(findingsCounted entries: [Entry]) {
        var merged: [Entry: Int] = [:]
        for entry in entries {
            var key = entry
            key.count = nil
            merged[key] = Self.saturatingSum(merged[key, default: 0], entry.file != nil ? (entry.count ?? 1) : 1)
        }
        self.init(entries: merged.map { key, count in
            var entry = key
            if entry.file != nil { entry.count = count }
            return entry
        })
    }

    /// Counts add up without a trap: a sum past `Int.max` is as good as "every occurrence".
    static func saturatingSum(_ first: Int, _ second: Int) -> Int {
        let (sum, overflow) = first.addingReportingOverflow(second)
        return overflow ? Int.max : sum
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, let context):
            return "\(path(context.codingPath + [key])) is missing"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            return "\(path(context.codingPath)) has the wrong type"
        case DecodingError.dataCorrupted(let context):
            return "\(path(context.codingPath)): \(context.debugDescription)"
        default:
            return String(describing: error)
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined().trimmingCharacters(in: CharacterSet(charactersIn: "."))
    }
}

/// Why a baseline file cannot be used.
package struct BaselineProblem: Error, Sendable, Equatable {
    package var reason: String
}
