public struct Payment { public init() {} }
