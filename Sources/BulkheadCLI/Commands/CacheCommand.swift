import Caches
import PackageLoading

/// `bulkhead cache path|clear`: where the cache is, and emptying it.
enum CacheCommand: Command {
    static let name = "cache"
    static let summary = "Show where Bulkhead's cache is, or clear it."
    static let usage = "cache path|clear"
    static let discussion = """
    Bulkhead keeps what the toolchain said about each package (keyed by its manifests, pins,
    toolchain and the environment variables the manifest reads) and the imports of each source
    (keyed by its size, times and inode), so a run where nothing changed asks the toolchain
    nothing and reads no source. The cache lives in BULKHEAD_CACHE_DIR when set, else
    $XDG_CACHE_HOME/bulkhead, else ~/.cache/bulkhead (~/Library/Caches/bulkhead on macOS).
    Deleting it is always safe; --no-cache runs without it.

      path    print the cache folder
      clear   delete what Bulkhead wrote in the cache folder; only a folder Bulkhead made (it
              holds Bulkhead's CACHEDIR.TAG) is cleared, and a symbolic link is followed to it
    """
    static let options: [OptionDefinition] = []
    static let positionalChoices: [String]? = ["path", "clear"]

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitStatus {
        guard arguments.positionals.count == 1, let action = arguments.positionals.first, ["path", "clear"].contains(action) else {
            throw UsageError.invalid("'bulkhead cache' takes one action: path or clear")
        }
        guard let folder = CacheLocation.folder(environment: context.environment) else {
            throw CommandError.noCacheFolder
        }
        switch action {
        case "path":
            context.standardOutput.writeLine(folder)
        default:
            let cleared = try CacheLocation.clear(folder)
            guard !arguments.isSet(.quiet) else { break }
            switch cleared {
            case .nothingThere: context.standardError.writeLine("bulkhead: \(folder) does not exist; nothing to clear")
            case .folder: context.standardError.writeLine("bulkhead: cleared \(folder)")
            case .linkTarget(let link, let target):
                context.standardError.writeLine("bulkhead: \(link) is a symbolic link to \(target); cleared \(target)")
            }
        }
        return .clean
    }
}

extension CacheClearError: FailureMessage {}
