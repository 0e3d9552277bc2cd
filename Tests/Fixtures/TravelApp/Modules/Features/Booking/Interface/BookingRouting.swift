import FoundationKit

public protocol BookingRouting: Sendable {
    func openBooking() async
}
