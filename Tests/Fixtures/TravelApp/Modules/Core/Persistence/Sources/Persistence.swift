import FoundationKit

public enum Persistence {
    public static let name = "Persistence"
}
