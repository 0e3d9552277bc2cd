import HotelDetailInterface
import BookingInterface
import FoundationKit
import DesignSystem
import Networking
import ImageLoading

public struct HotelDetailScreen {
    public init() {}
}
