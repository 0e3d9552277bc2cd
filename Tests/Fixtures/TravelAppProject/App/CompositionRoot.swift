import Search
import SearchInterface
import Networking

// The composition root: the one place where interfaces meet implementations. It links
// AppModules, which does not hold Networking: that import is undeclared.
@MainActor
final class CompositionRoot {
    let client = HTTPClient()
    func makeSearch() -> SearchScreen { SearchScreen(client: client) }
}
