import ImportScanning
import ModuleGraph
import Synchronization

/// `CheckInput.activity(of:in:)` answered once per target and distinct list of enclosing `#if`
/// clauses. An import's activity depends only on its clauses (each clause's condition, branch
/// and the conditions before it in its chain) and on the target's builds; the files of a target
/// repeat the same few clauses (`#if canImport(UIKit)`, `#if DEBUG`) hundreds of times.
///
/// A class, so copies of the input share it; rules run in parallel, so it is locked. The answer
/// is made outside the lock: two rules asking at once both make it, and agree.
final class ActivityMemo: Sendable {
    private struct Key: Hashable {
        var target: TargetID
        var clauses: [ConditionalClause]
    }

    private let answers = Mutex<[Key: ImportActivity]>([:])
    /// Imports enclosed by more clauses are decided directly, not remembered.
    static let deepestRemembered = 8

    func answer(target: TargetID, clauses: [ConditionalClause], _ make: () -> ImportActivity) -> ImportActivity {
        let key = Key(target: target, clauses: clauses)
        if let known = answers.withLock({ $0[key] }) { return known }
        let made = make()
        answers.withLock { $0[key] = made }
        return made
    }
}
