import Foundation

/// Edits of the TravelAppProject fixture's `project.pbxproj` that tests make on a copy, written
/// as Xcode would write them.
package enum TravelAppProjectEdits {
    /// The widget extension links the Analytics product of the local Modules package too: one
    /// new `XCSwiftPackageProductDependency` and one more entry in the widget's list.
    package static func widgetLinksAnalytics(_ text: String) -> String {
        var lines = text.components(separatedBy: "\n")
        guard let index = lines.firstIndex(where: { $0.contains("/* WidgetModules (product) */ = {isa = XCSwiftPackageProductDependency;") }) else { return text }
        lines.insert(lines[index]
            .replacingOccurrences(of: "WidgetModules", with: "Analytics")
            .replacingOccurrences(of: #"AA[0-9A-F]{22} /\* Analytics"#, with: "BB0000000000000000000001 /* Analytics", options: .regularExpression), at: index + 1)
        return lines.joined(separator: "\n").replacingOccurrences(
            of: "/* WidgetModules (product) */, ); productName = TravelWidget;",
            with: "/* WidgetModules (product) */, BB0000000000000000000001 /* Analytics (product) */, ); productName = TravelWidget;")
    }
}
