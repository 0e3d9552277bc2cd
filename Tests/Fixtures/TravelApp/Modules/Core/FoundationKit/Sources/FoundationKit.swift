
public enum FoundationKit {
    public static let name = "FoundationKit"
}
