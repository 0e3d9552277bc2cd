import FoundationKit

public enum Analytics {
    public static let name = "Analytics"
}
