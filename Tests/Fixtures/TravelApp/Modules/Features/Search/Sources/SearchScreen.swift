import SearchInterface
import HotelDetailInterface
import FoundationKit
import DesignSystem
import Networking
import Analytics

public struct SearchScreen {
    public init() {}
}
