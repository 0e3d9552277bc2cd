public struct HTTPClient: Sendable {
    public init() {}
}
