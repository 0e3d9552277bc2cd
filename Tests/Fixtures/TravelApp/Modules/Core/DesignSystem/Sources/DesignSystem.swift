import FoundationKit
import ImageLoading

public enum DesignSystem {
    public static let name = "DesignSystem"
}
