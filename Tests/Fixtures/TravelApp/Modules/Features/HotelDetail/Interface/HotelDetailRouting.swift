import FoundationKit

public protocol HotelDetailRouting: Sendable {
    func openHotelDetail() async
}
