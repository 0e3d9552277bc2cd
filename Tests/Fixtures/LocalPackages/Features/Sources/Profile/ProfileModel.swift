import Models

public struct ProfileModel {
    public init() {}
}
