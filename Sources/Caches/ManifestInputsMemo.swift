import FileAccess
import Foundation

/// What `ManifestInputs` found in a package's manifests, kept beside the graph cache between
/// runs: finding it tokenizes every manifest, which on a warm run was most of what looking up a
/// package's cached answer cost (a 62 KB manifest: a tenth of the whole check). One file per
/// package folder, holding each manifest's name and bytes (compared whole, no hash to collide)
/// and what was found in them, under the identity of the Bulkhead that found it (another build
/// may allow other names). Anything else — missing, damaged, another build's, other bytes — is a
/// miss: the manifests are tokenized and the file written again.
///
/// Format (`CacheWriter`): the line `bulkhead-manifest-inputs`, the version, the identity, the
/// number of manifests, and per manifest its name, bytes, unlisted name (optional), whether it
/// reads the whole environment, and the variables it reads, sorted.
struct ManifestInputsMemo: Sendable {
    /// `<cache>/graph/inputs/v2/<hash of folder>`.
    var file: String
    var cacheFolder: String
    var identity: String

    /// 2: the file ends with its checksum (`CacheSeal`).
    static let formatVersion = 2
    static let magic = Array("bulkhead-manifest-inputs\n".utf8)

    init(cacheFolder: String, packageFolder: String, identity: String = FileImportCache.scannerIdentity) {
        self.cacheFolder = cacheFolder
        self.identity = identity
        file = "\(cacheFolder)/graph/inputs/v\(Self.formatVersion)/\(CacheLocation.fileName(for: packageFolder))"
    }

    /// What each of `manifests` (name and bytes, in the order given) may read: from the memo
    /// when it holds exactly these, else found now and remembered.
    func inputs(of manifests: [(name: String, bytes: [UInt8])]) -> [ManifestInputs] {
        if let bytes = CacheLocation.readBytes(file), let stored = Self.decode(bytes, identity: identity),
           stored.count == manifests.count, zip(stored, manifests).allSatisfy({ $0.name == $1.name && $0.bytes == $1.bytes }) {
            return stored.map(\.inputs)
        }
        let found = manifests.map { ManifestInputs(manifest: $0.bytes) }
        let entries = zip(manifests, found).map { (name: $0.name, bytes: $0.bytes, inputs: $1) }
        CacheLocation.write(Data(Self.encode(entries, identity: identity)), to: file, in: cacheFolder)
        return found
    }

    static func encode(_ entries: [(name: String, bytes: [UInt8], inputs: ManifestInputs)], identity: String) -> [UInt8] {
        var writer = CacheWriter()
        writer.raw(magic)
        writer.integer(formatVersion)
        writer.string(identity)
        writer.integer(entries.count)
        for entry in entries {
            writer.string(entry.name)
            writer.block(entry.bytes)
            writer.optionalString(entry.inputs.unlistedName)
            writer.integer(entry.inputs.readsWholeEnvironment ? 1 : 0)
            let variables = entry.inputs.environmentVariables.sorted()
            writer.integer(variables.count)
            for variable in variables { writer.string(variable) }
        }
        return CacheSeal.sealed(writer.bytes)
    }

    /// The entries `encode` wrote under `identity`; nil for anything else.
    static func decode(_ bytes: [UInt8], identity: String) -> [(name: String, bytes: [UInt8], inputs: ManifestInputs)]? {
        guard var reader = CacheSeal.reader(of: bytes, magic: magic, version: formatVersion), reader.string() == identity, let count = reader.count() else { return nil }
        var entries: [(name: String, bytes: [UInt8], inputs: ManifestInputs)] = []
        for _ in 0..<count {
            guard let name = reader.string(), let manifest = reader.block(), let unlisted = reader.optionalString(),
                  let whole = reader.unsigned(), whole <= 1, let variableCount = reader.count() else { return nil }
            var variables: Set<String> = []
            for _ in 0..<variableCount {
                guard let variable = reader.string() else { return nil }
                variables.insert(variable)
            }
            entries.append((name, manifest, ManifestInputs(environmentVariables: variables, readsWholeEnvironment: whole == 1, unlistedName: unlisted)))
        }
        guard reader.isAtEnd else { return nil }
        return entries
    }
}
