import Kernel

public struct Client: Sendable {
    public init() {}
    public func path(for identifier: Identifier) -> String { "/items/" + identifier.rawValue }
}
