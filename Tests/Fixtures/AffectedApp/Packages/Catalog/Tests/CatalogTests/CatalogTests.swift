import Catalog
import Testing

@Test func empty() {}
