#if os(iOS)
@_exported import Models
#else
import Models
#endif

public struct IOSKitView { public init() {} }
