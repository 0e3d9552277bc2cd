import Networking

public struct Store {
    public let session = Session.shared
    public init() {}
}
