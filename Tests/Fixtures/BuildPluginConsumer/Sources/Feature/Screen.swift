import Kernel

public struct Screen: Sendable {
    public var identifier: Identifier
    public init(identifier: Identifier) { self.identifier = identifier }
}
