import FileAccess
import ModuleGraph

/// The toolchain's refusal of one package, in the one line a finding shows: a tools version newer
/// than the toolchain, a manifest that does not compile or stops, a package SwiftPM rejects. The
/// package's own fault, which a build meets too — unlike a timeout, a crash or a missing
/// toolchain, which are the tool's and end the run.
struct PackageRefusal: Sendable, Equatable {
    /// One line; absolute paths as the toolchain wrote them (the cache stores it so).
    var reason: String
    /// `dump-package`, or `describe` (SwiftPM read the manifest but rejects the package).
    var question: String

    /// Longer reasons are cut here: a finding is read on one line.
    static let maximumLength = 400

    /// The one-line reason of a failure that is the package's own; nil for the tool's failures.
    static func reason(of error: InputError) -> String? {
        switch error {
        case .commandFailed:
            let lines = PackageGraphLoader.errorLines(of: error).components(separatedBy: "; ")
                .filter { !$0.hasPrefix("error: invalid manifests at") }
                .map(withoutErrorPrefix)
            return shortened(lines.isEmpty ? "`swift package` failed" : lines.joined(separator: "; "))
        case .manifestDoesNotCompile(_, let compilerOutput):
            // The compiler's own lines (`/…/Package.swift:11:52: error: …`), not the excerpt it quotes.
            let errors = compilerOutput.filter { $0.contains(": error: ") && !$0.contains(" | ") && !$0.hasPrefix(" ") }
            guard let first = errors.first else { return "the manifest does not compile" }
            let more = errors.count > 1 ? " (and \(errors.count - 1) more error\(errors.count == 2 ? "" : "s"))" : ""
            return shortened("the manifest does not compile: " + first.replacingOccurrences(of: ": error: ", with: ": ") + more)
        case .manifestStopped(_, let message):
            return shortened("the manifest stopped with a fatal error: \(message)")
        case .packageRefused(_, let reason):
            return shortened(withoutErrorPrefix(reason))
        default:
            return nil
        }
    }

    /// The finding's unit: `folder` is absolute, `root` the run's root. `isDependedOn`: a loaded
    /// package depends on it by path, so excluding its folder would not stop it being loaded.
    func unit(folder: String, root: String, isDependedOn: Bool) -> UnloadableUnit {
        let shownFolder = FileSystem.relativePath(folder, to: root)
        let shownReason = reason.replacingOccurrences(of: root + "/", with: "").replacingOccurrences(of: root, with: ".")
        let versions = Self.toolsVersions(in: reason)
        var options = versions == nil ? [question == "describe" ? "fix the package so that SwiftPM accepts it" : "fix the manifest"]
            : ["run Bulkhead with a newer toolchain (--swift-executable)", "lower its swift-tools-version"]
        // Excluding a folder a loaded package depends on would not stop it being loaded.
        if !isDependedOn { options.append("leave it out with workspace.exclude: [\"\(shownFolder)\"] in bulkhead.json") }
        var remedy = options.count == 1 ? options[0] : options.dropLast().joined(separator: ", ") + ", or " + options[options.count - 1]
        if let versions { remedy = "it needs Swift tools version \(versions.needed) and this toolchain is \(versions.installed): " + remedy }
        if isDependedOn { remedy += "; until it loads, the products other packages use from it stay unresolved" }
        return UnloadableUnit(declarationPath: shownFolder == "." ? "Package.swift" : shownFolder + "/Package.swift", folder: shownFolder,
                              reason: shownReason, remedy: remedy)
    }

    /// `is using Swift tools version 999.0.0 but the installed version is 6.3.1` → the two versions.
    static func toolsVersions(in reason: String) -> (needed: String, installed: String)? {
        guard let using = reason.range(of: "is using Swift tools version "),
              let but = reason.range(of: " but the installed version is ", range: using.upperBound..<reason.endIndex) else { return nil }
        let needed = reason[using.upperBound..<but.lowerBound]
        let installed = reason[but.upperBound...].prefix { !$0.isWhitespace && $0 != ";" && $0 != "," }
        guard !needed.isEmpty, !installed.isEmpty else { return nil }
        return (String(needed), String(installed))
    }

    /// `error: 'future': package 'future' is using …` → `package 'future' is using …`.
    private static func withoutErrorPrefix(_ line: String) -> String {
        var text = Substring(line)
        if text.hasPrefix("error: ") { text = text.dropFirst(7) }
        // SwiftPM names the package's identity first, as `'future': `, then says it again.
        if text.hasPrefix("'"), let close = text.dropFirst().firstIndex(of: "'"), text[close...].hasPrefix("': ") {
            text = text[text.index(close, offsetBy: 3)...]
        }
        return String(text)
    }

    private static func shortened(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        guard line.count > maximumLength else { return line }
        return String(line.prefix(maximumLength - 1)) + "…"
    }
}
