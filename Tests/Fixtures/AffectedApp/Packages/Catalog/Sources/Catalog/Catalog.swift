public struct Catalog {
    public init() {}
}
