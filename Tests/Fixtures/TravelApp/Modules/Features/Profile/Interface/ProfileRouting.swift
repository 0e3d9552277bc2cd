import FoundationKit

public protocol ProfileRouting: Sendable {
    func openProfile() async
}
