import BookingInterface
import PaymentInterface
import ProfileInterface
import FoundationKit
import DesignSystem
import Networking
import Persistence

public struct BookingScreen {
    public init() {}
}
