import HotelDetailInterface

public struct HotelDetailRouterFake: HotelDetailRouting {
    public init() {}
    public func openHotelDetail() async {}
}
