public import SharedKernel

public struct Booking: Sendable {
    public let id: BookingID
    public let title: String
    public init(id: BookingID, title: String) {
        self.id = id
        self.title = title
    }
}

/// What features know about bookings; BookingData implements it.
public protocol BookingRepository: Sendable {
    func booking(id: BookingID) async throws -> Booking
    func search(_ query: String) async throws -> [Booking]
}
