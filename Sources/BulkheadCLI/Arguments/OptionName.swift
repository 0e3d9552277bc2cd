/// The long name of an option (`format` for `--format`), one constant each: a command reads its
/// options through these, so a misspelt name fails to compile instead of reading as "not set".
struct OptionName: Hashable, Sendable, CustomStringConvertible {
    let rawValue: String

    init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    var description: String { rawValue }

    static let all = OptionName("all")
    static let base = OptionName("base")
    static let baseline = OptionName("baseline")
    static let cluster = OptionName("cluster")
    static let collapse = OptionName("collapse")
    static let color = OptionName("color")
    static let config = OptionName("config")
    static let configuration = OptionName("configuration")
    static let depth = OptionName("depth")
    static let disableRule = OptionName("disable-rule")
    static let dryRun = OptionName("dry-run")
    static let edges = OptionName("edges")
    static let excludeTests = OptionName("exclude-tests")
    static let explain = OptionName("explain")
    static let files = OptionName("files")
    static let fix = OptionName("fix")
    static let focus = OptionName("focus")
    static let force = OptionName("force")
    static let format = OptionName("format")
    static let group = OptionName("group")
    static let help = OptionName("help")
    static let ignore = OptionName("ignore")
    static let image = OptionName("image")
    static let includeUncommitted = OptionName("include-uncommitted")
    static let jobs = OptionName("jobs")
    static let limit = OptionName("limit")
    static let manifestOnly = OptionName("manifest-only")
    static let noCache = OptionName("no-cache")
    static let checkouts = OptionName("checkouts")
    static let output = OptionName("output")
    static let packagePath = OptionName("package-path")
    static let platform = OptionName("platform")
    static let preset = OptionName("preset")
    static let print = OptionName("print")
    static let prune = OptionName("prune")
    static let quiet = OptionName("quiet")
    static let rule = OptionName("rule")
    static let stats = OptionName("stats")
    static let strict = OptionName("strict")
    static let swiftExecutable = OptionName("swift-executable")
    static let target = OptionName("target")
    static let timeout = OptionName("timeout")
    static let verbose = OptionName("verbose")
}
