import FileAccess
import Foundation
import ParallelWork
import Processes

/// A manifest's bytes evaluated by the toolchain before they are written: `dump-package` of the
/// old bytes and of the new ones, one after the other in one folder of the run's temporary folder,
/// so that what depends on the folder (absolute paths of `.package(path:)`, `Context`) reads the
/// same on both sides and only the edit can make them differ. The user's package is never
/// touched: the question is what SwiftPM would see if the edit were written.
package struct ManifestEvaluation: Sendable {
    package var tool: SwiftPackageTool

    package init(tool: SwiftPackageTool) {
        self.tool = tool
    }

    /// The two answers, or why there are none. `Before` failing means the manifest does not
    /// evaluate apart from its own folder (it reads a file beside it, say); `after` failing
    /// means the edit broke it.
    package enum Outcome: Sendable {
        case evaluated(before: Data, after: Data)
        case beforeFailed(String)
        case afterFailed(String)
    }

    /// Each pair's outcome, several at once: each waits on the toolchain.
    package func evaluate(_ pairs: [(before: [UInt8], after: [UInt8])]) -> [Outcome] {
        ParallelMap.threads().run(pairs.count) { index in evaluate(before: pairs[index].before, after: pairs[index].after) }
    }

    package func evaluate(before: [UInt8], after: [UInt8]) -> Outcome {
        let folder: String
        do {
            folder = try RunTemporaryFolder.shared.makeSubfolder(prefix: "evaluate")
        } catch {
            return .beforeFailed(error.message)
        }
        defer { RunTemporaryFolder.shared.removeSubfolder(folder) }
        // Always `Package.swift`: the bytes carry their own tools version, and a version-specific
        // name alone would leave SwiftPM without the file it looks for first.
        let manifest = folder + "/Package.swift"
        func dump(_ bytes: [UInt8]) -> Result<Data, InputError> {
            do {
                try Data(bytes).write(to: URL(fileURLWithPath: manifest))
            } catch {
                return .failure(.unwritable(path: manifest, failure: .system(error.localizedDescription)))
            }
            do { return .success(try tool.run(.dumpPackage, packageAt: folder)) } catch { return .failure(error) }
        }
        let old: Data
        switch dump(before) {
        case .success(let data): old = data
        case .failure(let error): return .beforeFailed(Self.firstLine(of: error.message))
        }
        switch dump(after) {
        case .success(let data): return .evaluated(before: old, after: data)
        case .failure(let error): return .afterFailed(Self.firstLine(of: error.message))
        }
    }

    /// A failure's message is the toolchain's whole output; the first line of it says what.
    private static func firstLine(of message: String) -> String {
        let line = message.split(separator: "\n", omittingEmptySubsequences: true).first.map(String.init) ?? message
        return line.count > 300 ? String(line.prefix(300)) + "…" : line
    }
}
