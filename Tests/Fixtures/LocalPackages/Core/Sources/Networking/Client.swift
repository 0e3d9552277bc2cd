import Models

public struct Client: Sendable {
    public init() {}
    public func booking(id: String) -> Booking { Booking(id: id) }
}
