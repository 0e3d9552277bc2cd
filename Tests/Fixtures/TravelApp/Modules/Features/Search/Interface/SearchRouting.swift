import FoundationKit

public protocol SearchRouting: Sendable {
    func openSearch() async
}
