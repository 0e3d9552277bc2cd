import Networking
import SearchInterface

public struct SearchScreen {
    public init(client: HTTPClient) {}
}
