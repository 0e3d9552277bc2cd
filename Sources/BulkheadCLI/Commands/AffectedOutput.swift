import ModuleGraph
import Selection

/// What `affected` prints: the selected tests in the format a test tool takes, the JSON report,
/// or the explanation.
struct AffectedOutput {
    enum Format: String, CaseIterable {
        case names, xcodebuild
        case swiftTest = "swift-test"
        case json
    }

    let selection: AffectedSelection
    let analysis: ChangeAnalysis
    let graph: ModuleGraph
    /// The `--base` as given, for the JSON report.
    let base: String?

    /// JSON wins over `--explain`, which wins over the other formats.
    func text(format: Format, explain: Bool) throws(AffectedFailure) -> String {
        if format == .json {
            do {
                return try AffectedReport(selection: selection, analysis: analysis, graph: graph, base: base).json()
            } catch {
                throw .report(error)
            }
        }
        if explain { return AffectedExplanation.text(selection, analysis: analysis, graph: graph) }
        let tests = AffectedTestList(selection, graph: graph)
        let listFormat: AffectedTestList.Format = switch format {
        case .names, .json: .names
        case .xcodebuild: .xcodebuild
        case .swiftTest: .swiftTest
        }
        // A name that would split into other arguments or lines is refused, not printed: a
        // test run that silently gains `-resultBundlePath /tmp/x` is worse than one that stops.
        if let unsafe = tests.unsafeNames(for: listFormat).first {
            throw .unsafeTestName(name: unsafe, format: format.rawValue)
        }
        let lines = switch listFormat {
        case .names: tests.names
        case .xcodebuild: tests.xcodebuildArguments
        case .swiftTest: tests.swiftTestArguments
        }
        return lines.map { $0 + "\n" }.joined()
    }
}
