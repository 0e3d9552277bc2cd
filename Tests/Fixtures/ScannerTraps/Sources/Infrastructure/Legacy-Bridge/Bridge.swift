public struct Bridge { public init() {} }
