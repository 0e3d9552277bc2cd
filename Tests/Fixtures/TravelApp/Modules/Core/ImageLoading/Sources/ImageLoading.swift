import FoundationKit
import Networking
import Kingfisher

public enum ImageLoading {
    public static let name = "ImageLoading"
}
