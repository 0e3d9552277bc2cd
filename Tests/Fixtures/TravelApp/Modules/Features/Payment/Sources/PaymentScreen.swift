import PaymentInterface
import FoundationKit
import DesignSystem
import Networking
import Analytics

public struct PaymentScreen {
    public init() {}
}
