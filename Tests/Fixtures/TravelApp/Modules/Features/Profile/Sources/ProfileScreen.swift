import ProfileInterface
import FoundationKit
import DesignSystem
import Networking
import Persistence

public struct ProfileScreen {
    public init() {}
}
