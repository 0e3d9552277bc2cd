public struct Model { public init() {} }
