/// Colours by role, so features never spell a hex value.
public enum Palette: String, Sendable {
    case accent = "#0A84FF"
    case warning = "#FF9F0A"
}

public struct PrimaryButtonStyle: Sendable {
    public let title: String
    public init(title: String) { self.title = title }
}
