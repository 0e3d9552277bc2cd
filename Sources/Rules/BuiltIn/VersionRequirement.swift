import Configuration
import Formats
import Foundation
import ModuleGraph

/// A remote package's requirement, read from the text the graph keeps: SwiftPM's dump
/// (`exact: 1.2.3`, `range: 1.0.0..<2.0.0`, `branch: main`, `revision: 1a2b`) or an Xcode
/// project's (`kind: exactVersion, version: 1.2.3`, `kind: upToNextMajorVersion, minimumVersion: …`).
/// `from:` and `.upToNextMinor(from:)` reach the dump as ranges; their bounds tell them apart.
enum VersionRequirement: Equatable {
    case exact(String)
    case range(lower: String, upper: String)
    case branch(String)
    case revision(String)
    case unknown(String)

    init(_ text: String) {
        var fields: [String: String] = [:]
        for part in text.split(separator: ",") {
            let pair = part.split(separator: ":", maxSplits: 1).map { $0.trimmingBlanks() }
            if pair.count == 2 { fields[pair[0]] = pair[1] }
        }
        if let kind = fields["kind"] {
            let minimum = fields["minimumVersion"] ?? ""
            let parts = Self.components(minimum)
            switch kind {
            case "exactVersion": self = .exact(fields["version"] ?? "")
            case "upToNextMajorVersion": self = .range(lower: minimum, upper: "\(parts[0] + 1).0.0")
            case "upToNextMinorVersion": self = .range(lower: minimum, upper: "\(parts[0]).\(parts[1] + 1).0")
            case "versionRange": self = .range(lower: minimum, upper: fields["maximumVersion"] ?? "")
            case "branch": self = .branch(fields["branch"] ?? "")
            case "revision": self = .revision(fields["revision"] ?? "")
            default: self = .unknown(text)
            }
        } else if let exact = fields["exact"] {
            self = .exact(exact)
        } else if let range = fields["range"], let bounds = range.range(of: "..<") {
            self = .range(lower: String(range[..<bounds.lowerBound]), upper: String(range[bounds.upperBound...]))
        } else if let branch = fields["branch"] {
            self = .branch(branch)
        } else if let revision = fields["revision"] {
            self = .revision(revision)
        } else {
            self = .unknown(text)
        }
    }

    /// The tightest policy that accepts this requirement.
    var policy: PinPolicy {
        switch self {
        case .exact, .revision: return .exact
        case .range(let lower, let upper):
            let (low, high) = (Self.components(lower), Self.components(upper))
            if high == [low[0], low[1] + 1, 0] { return .upToNextMinor }
            if high == [low[0] + 1, 0, 0] { return .upToNextMajor }
            return .range
        case .branch, .unknown: return .any
        }
    }

    /// As a manifest writes it.
    var spelling: String {
        switch self {
        case .exact(let version): return "exact: \"\(version)\""
        case .range(let lower, let upper):
            switch policy {
            case .upToNextMajor: return "from: \"\(lower)\""
            case .upToNextMinor: return ".upToNextMinor(from: \"\(lower)\")"
            default: return "\"\(lower)\"..<\"\(upper)\""
            }
        case .branch(let name): return "branch: \"\(name)\""
        case .revision(let revision): return "revision: \"\(revision)\""
        case .unknown(let text): return text
        }
    }

    /// Whether `pin` lies within the requirement.
    func isSatisfied(by pin: ResolvedPin) -> Bool {
        switch self {
        case .exact(let version): return pin.version.map { Self.components($0) == Self.components(version) } ?? false
        case .range(let lower, let upper):
            guard let version = pin.version.map(Self.components) else { return false }
            return !version.lexicographicallyPrecedes(Self.components(lower)) && version.lexicographicallyPrecedes(Self.components(upper))
        case .branch(let name): return pin.branch == name
        // A manifest may name a commit by a prefix of the hash the pin records in full.
        case .revision(let revision): return pin.revision.map { !revision.isEmpty && $0.hasPrefix(revision) } ?? false
        case .unknown: return true
        }
    }

    /// `1.2.3-beta` → [1, 2, 3]: three numbers, missing ones 0.
    static func components(_ version: String) -> [Int] {
        let core = version.prefix { $0 != "-" && $0 != "+" }
        let numbers = core.split(separator: ".").prefix(3).map { Int($0) ?? 0 }
        return numbers + Array(repeating: 0, count: 3 - numbers.count)
    }
}
