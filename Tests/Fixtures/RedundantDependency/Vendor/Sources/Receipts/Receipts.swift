public struct Receipt { public init() {} }
