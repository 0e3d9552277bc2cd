import ProfileInterface

public struct ProfileRouterFake: ProfileRouting {
    public init() {}
    public func openProfile() async {}
}
