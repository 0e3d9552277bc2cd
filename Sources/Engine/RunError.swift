import Configuration

/// Why a run could not be made: the person's mistake on the command line (`isUsage`, exit 64),
/// or a file the run needs that cannot be used (exit 2). Each message names the file or the
/// value and what to do.
package enum RunError: Error, Equatable {
    /// A value of an option that names nothing usable: a target, a checkouts folder.
    case usage(String)
    case configuration(file: String, problems: [ConfigurationProblem])
    case unusableBaseline(file: String, reason: String)

    package var isUsage: Bool {
        if case .usage = self { true } else { false }
    }

    package var message: String {
        switch self {
        case .usage(let message):
            return message
        case .configuration(let file, let problems):
            let count = problems.count == 1 ? "a problem" : "\(problems.count) problems"
            return "\(file) has \(count):\n" + problems.map { "  \($0)" }.joined(separator: "\n")
        case .unusableBaseline(let file, let reason):
            return "\(file) is not a baseline Bulkhead can use: \(reason); fix it, or write a new one with `bulkhead baseline`"
        }
    }
}
