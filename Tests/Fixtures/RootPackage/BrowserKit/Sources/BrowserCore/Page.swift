public struct Page {
    public var address: String
    public init(address: String) { self.address = address }
}
