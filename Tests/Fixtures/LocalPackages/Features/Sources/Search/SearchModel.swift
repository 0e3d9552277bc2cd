import Models
import Networking
#if os(iOS)
import Legacy_Bridge
#endif

public struct SearchModel {
    public init() {}
    public func find(_ id: String) -> Booking { Client().booking(id: id) }
}
