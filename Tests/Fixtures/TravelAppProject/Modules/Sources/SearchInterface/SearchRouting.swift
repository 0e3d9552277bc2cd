public protocol SearchRouting: Sendable {}
