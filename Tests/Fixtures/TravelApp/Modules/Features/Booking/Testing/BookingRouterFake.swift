import BookingInterface

public struct BookingRouterFake: BookingRouting {
    public init() {}
    public func openBooking() async {}
}
