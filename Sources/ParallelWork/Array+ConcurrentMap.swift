extension Array where Element: Sendable {
    /// `transform` of every element, in order, computed on every core: for work that is a pure
    /// function of each element (a rule's findings, a target's environments, a planted check).
    package func concurrentMap<Output: Sendable>(_ transform: @escaping @Sendable (Element) -> Output) -> [Output] {
        ParallelMap.cores().run(count) { transform(self[$0]) }
    }
}
