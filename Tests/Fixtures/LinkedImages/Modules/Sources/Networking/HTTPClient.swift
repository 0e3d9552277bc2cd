public struct HTTPClient {
    public init() {}
}
