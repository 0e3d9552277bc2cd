import FoundationKit

public enum Networking {
    public static let name = "Networking"
}
