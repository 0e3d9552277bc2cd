import Formats

/// One `XCBuildConfiguration` of an object's `XCConfigurationList` (the project's or a target's).
package struct PBXBuildConfiguration: Sendable, Hashable {
    package var identifier: String
    /// `name`, else the identifier.
    package var name: String
    package var buildSettings: [String: PropertyListValue]
}

extension ProjectObjects {
    /// The configurations of the `buildConfigurationList` of `identifier`, in the list's order;
    /// none when it has no list, an error when a reference names no object.
    package func buildConfigurations(of identifier: String) throws(ProjectObjectsError) -> [PBXBuildConfiguration] {
        guard let list = try reference("buildConfigurationList", of: identifier) else { return [] }
        var result: [PBXBuildConfiguration] = []
        for configuration in try references("buildConfigurations", of: list) {
            result.append(PBXBuildConfiguration(identifier: configuration, name: string("name", of: configuration) ?? configuration,
                                                buildSettings: value("buildSettings", of: configuration)?.dictionary ?? [:]))
        }
        return result
    }
}
