public struct Booking: Sendable {
    public let id: String
    public init(id: String) { self.id = id }
}
