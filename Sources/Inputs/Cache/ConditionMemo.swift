import ImportScanning

/// Every `#if` condition one run parsed while restoring clause tables from the file cache, by
/// its text. Most files that use `#if` write the same few conditions (`canImport(UIKit)`,
/// `DEBUG`): each is parsed once per run rather than once per file.
///
/// Tables themselves are not shared between files, though many are equal: a table remembers its
/// answers for the last few environments, and one table asked by every target's builds would
/// search that memory on every question instead of finding its file's few builds at once.
struct ConditionMemo {
    private var conditions: [String: ConditionExpression] = [:]

    /// The table `bytes` (`CachedScan.encodeTable`) stands for, its conditions already parsed;
    /// nil when they are malformed.
    mutating func table(for bytes: [UInt8]) -> ConditionalClauseTable? {
        guard let (chains, nodes) = CachedScan.decodeTable(bytes) else { return nil }
        let parsed = chains.map { chain in chain.map { condition in parsedCondition(condition) } }
        return ConditionalClauseTable(validating: chains, nodes: nodes, parsedChains: parsed)
    }

    private mutating func parsedCondition(_ text: String) -> ConditionExpression {
        if let known = conditions[text] { return known }
        let parsed = ConditionExpression(parsing: text)
        conditions[text] = parsed
        return parsed
    }
}
