/// One entry of a target's `swiftSettings`, `cSettings`, `linkerSettings`…: the tool, the kind
/// (`enableUpcomingFeature`, `define`, `unsafeFlags`, …), its values as written, and its condition.
package struct BuildSetting: Sendable, Hashable, Codable {
    package var tool: String
    package var kind: String
    package var values: [String]
    package var condition: DependencyCondition?

    package init(tool: String, kind: String, values: [String], condition: DependencyCondition? = nil) {
        self.tool = tool
        self.kind = kind
        self.values = values
        self.condition = condition
    }
}
