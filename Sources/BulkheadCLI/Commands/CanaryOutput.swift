import Diagnostics
import Reporting
import Rules

/// What `canary` prints: a table, one rule a line, sorted by rule id, then a sentence; or a
/// versioned JSON document with the same facts.
struct CanaryOutput {
    enum Format: String, CaseIterable {
        case text, json
    }

    let results: [CanaryResult]
    let strict: Bool

    func text(format: Format) throws(ReportError) -> String {
        switch format {
        case .text: table
        case .json: try SortedJSON.text(of: document, document: "the canary report")
        }
    }

    // MARK: Text

    private var table: String {
        let ruleWidth = max(4, results.map(\.ruleID.count).max() ?? 0) + 2
        let severityWidth = 10
        let resultWidth = 14
        let indent = String(repeating: " ", count: ruleWidth + severityWidth + resultWidth)
        func row(_ rule: String, _ severity: String, _ result: String, _ detail: String) -> String {
            rule.padding(toLength: ruleWidth, withPad: " ", startingAt: 0)
                + severity.padding(toLength: severityWidth, withPad: " ", startingAt: 0)
                + result.padding(toLength: resultWidth, withPad: " ", startingAt: 0) + detail + "\n"
        }
        var text = row("RULE", "SEVERITY", "RESULT", "DETAIL")
        for result in results {
            let place = result.location.map { Self.text(of: $0) + ": " } ?? ""
            switch result.status {
            case .fired:
                text += row(result.ruleID, result.severity.rawValue, Self.label(result.status), place + (result.planted ?? ""))
            case .notFired:
                text += row(result.ruleID, result.severity.rawValue, Self.label(result.status), place + (result.planted ?? ""))
                text += indent + "why: " + (result.reason ?? "") + "\n"
            case .noPlace, .noRecipe:
                text += row(result.ruleID, result.severity.rawValue, Self.label(result.status), result.reason ?? "")
            }
        }
        return text + "\n" + sentence + "\n"
    }

    private var sentence: String {
        let counts = Dictionary(grouping: results, by: \.status).mapValues(\.count)
        var parts = ["\(counts[.fired] ?? 0) fired", "\(counts[.notFired] ?? 0) did not fire"]
        if let none = counts[.noPlace] { parts.append("\(none) had no place to plant" + (strict ? "" : " (not failing without --strict)")) }
        if let none = counts[.noRecipe] { parts.append("\(none) cannot be planted yet") }
        let verdict = results.contains { $0.fails(strict: strict) } ? "not every enabled rule is proven" : "every rule that can be violated here fired"
        return "canary: \(results.count) enabled rules: \(parts.joined(separator: ", ")); \(verdict)"
    }

    static func label(_ status: CanaryResult.Status) -> String {
        switch status {
        case .fired: "fired"
        case .notFired: "did not fire"
        case .noPlace: "no place"
        case .noRecipe: "no planting"
        }
    }

    static func text(of location: SourceLocation) -> String {
        [location.path, location.line.map(String.init), location.column.map(String.init)].compactMap { $0 }.joined(separator: ":")
    }

    // MARK: JSON

    /// Version 1: `rules` in the table's order, each with `result` one of fired, not-fired,
    /// no-place, no-recipe.
    struct Document: Encodable {
        var version = 1
        var tool = "bulkhead"
        var command = "canary"
        var strict: Bool
        var passed: Bool
        var rules: [Entry]
    }

    struct Entry: Encodable {
        var rule: String
        var severity: String
        var result: String
        var planted: String?
        var path: String?
        var line: Int?
        var column: Int?
        var reason: String?
    }

    private var document: Document {
        Document(strict: strict, passed: !results.contains { $0.fails(strict: strict) }, rules: results.map { result in
            Entry(rule: result.ruleID, severity: result.severity.rawValue, result: result.status.rawValue, planted: result.planted,
                  path: result.location?.path, line: result.location?.line, column: result.location?.column, reason: result.reason)
        })
    }
}
