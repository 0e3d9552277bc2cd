import Foundation

/// The graph cache: per package folder, `dump-package`'s answer under the key it was given
/// for (`GraphCacheKey`), so a run where a manifest did not change asks the toolchain nothing
/// about it. Entries are versioned files written atomically; one that is corrupt, of another
/// version or for another key is a miss, and the answer is written over it.
package struct GraphCache: Sendable {
    /// `<cache>/graph`.
    package var folder: String
    /// The environment the manifests run in, for the variables they read.
    package var environment: [String: String]

    package static let formatVersion = 1

    package init(cacheFolder: String, environment: [String: String]) {
        folder = cacheFolder + "/graph"
        self.environment = environment
    }

    private struct Header: Decodable { var format: String; var version: Int }

    private struct Entry: Codable {
        var format = "bulkhead-graph-cache"
        var version = GraphCache.formatVersion
        var key: GraphCacheKey
        var answer: Data
    }

    /// The key for asking `question` about the package in `folder` now; nil when the package is
    /// never cached.
    func key(_ question: String, packageAt packageFolder: String, toolchain: String) -> GraphCacheKey? {
        GraphCacheKey.current(question: question, folder: packageFolder, toolchain: toolchain, environment: environment)
    }

    /// The key for what the project loader learned from the `.xcodeproj` at `projectFolder`.
    func key(_ question: String, projectAt projectFolder: String, toolchain: String) -> GraphCacheKey? {
        GraphCacheKey.project(question: question, folder: projectFolder, toolchain: toolchain)
    }

    /// The stored answer for `key`, if an entry of this version holds it.
    func answer(for key: GraphCacheKey) -> Data? {
        guard let data = CacheLocation.read(file(for: key)),
              let header = try? JSONDecoder().decode(Header.self, from: data),
              header.format == "bulkhead-graph-cache", header.version == Self.formatVersion,
              let entry = try? JSONDecoder().decode(Entry.self, from: data), entry.key == key else { return nil }
        return entry.answer
    }

    func store(_ answer: Data, for key: GraphCacheKey) {
        guard let data = try? JSONEncoder().encode(Entry(key: key, answer: answer)) else { return }
        CacheLocation.write(data, to: file(for: key))
    }

    private func file(for key: GraphCacheKey) -> String {
        "\(folder)/v\(Self.formatVersion)/\(CacheLocation.fileName(for: key.question + " " + key.folder)).json"
    }
}
