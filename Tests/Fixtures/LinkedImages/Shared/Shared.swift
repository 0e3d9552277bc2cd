// An umbrella framework: it links Networking and Logging into itself for the apps that embed it.
// It imports Networking; Logging is linked here for UmbrellaApp, which imports it through Shared.
import Networking

public struct SharedSession {
    public let client = HTTPClient()
    public init() {}
}
