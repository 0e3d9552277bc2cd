@_exported import Models

public struct KitView { public init() {} }
