import SearchInterface

public struct SearchRouterFake: SearchRouting {
    public init() {}
    public func openSearch() async {}
}
