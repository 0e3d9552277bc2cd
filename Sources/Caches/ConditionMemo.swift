import ImportScanning

/// Every `#if` condition one run parsed while restoring clause tables from the file cache, by
/// its text. Most files that use `#if` write the same few conditions (`canImport(UIKit)`,
/// `DEBUG`): each is parsed once per run rather than once per file.
///
/// Equal tables are shared by the files of one target, whose builds are the same few
/// environments: their answers are then worked out once per target, not once per file. Not
/// across targets: a table remembers its answers for the last few environments, and one table
/// asked by every target's builds would search that memory on every question (`forgetTables`
/// between targets).
package struct ConditionMemo {
    private var conditions: [String: ConditionExpression] = [:]
    private var tables: [TableBytes: ConditionalClauseTable] = [:]

    package init() {}

    /// A table's bytes as a key, hashed in one call over the whole buffer: `[UInt8]`'s own
    /// hashing feeds the hasher a byte at a time, and every restored file that uses `#if` asks.
    private struct TableBytes: Hashable {
        let bytes: [UInt8]

        func hash(into hasher: inout Hasher) {
            bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        }
    }

    /// The table `bytes` (`CachedScan.encodeTable`) stands for, its conditions already parsed;
    /// nil when they are malformed.
    mutating func table(for bytes: [UInt8]) -> ConditionalClauseTable? {
        let key = TableBytes(bytes: bytes)
        if let known = tables[key] { return known }
        guard let (chains, nodes) = CachedScan.decodeTable(bytes) else { return nil }
        let parsed = chains.map { chain in chain.map { condition in parsedCondition(condition) } }
        let table = ConditionalClauseTable(validating: chains, nodes: nodes, parsedChains: parsed)
        tables[key] = table
        return table
    }

    /// Ends the sharing of tables: the next files belong to another target.
    package mutating func forgetTables() {
        tables.removeAll(keepingCapacity: true)
    }

    private mutating func parsedCondition(_ text: String) -> ConditionExpression {
        if let known = conditions[text] { return known }
        let parsed = ConditionExpression(parsing: text)
        conditions[text] = parsed
        return parsed
    }
}
