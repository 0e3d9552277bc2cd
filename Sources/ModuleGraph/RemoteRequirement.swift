/// A remote package as one local package declares it: where from, and which versions it accepts.
package struct RemoteRequirement: Sendable, Hashable {
    package var url: String
    package var requirement: String

    package init(url: String, requirement: String) {
        self.url = url
        self.requirement = requirement
    }
}
