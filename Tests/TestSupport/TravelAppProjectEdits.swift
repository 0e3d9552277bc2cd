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

    /// The project grown to the size of a large app's (many thousand lines): `files` more file
    /// references, one object per line as Xcode writes them, each a child of one more group,
    /// one child per line. None is built, so what the project declares is unchanged.
    package static func grown(_ text: String, files: Int) -> String {
        let identifiers: [String] = (0..<files).map { index in
            let hex = String(index, radix: 16, uppercase: true)
            return "CC" + String(repeating: "0", count: 22 - hex.count) + hex
        }
        let references = zip(0..<files, identifiers).map { index, identifier in
            "\t\t\(identifier) /* File\(index).swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = File\(index).swift; sourceTree = \"<group>\"; };\n"
        }.joined()
        let children = zip(0..<files, identifiers).map { index, identifier in "\t\t\t\t\(identifier) /* File\(index).swift */,\n" }.joined()
        let header = "\t\tDD0000000000000000000001 /* Grown */ = {\n\t\t\tisa = PBXGroup;\n\t\t\tchildren = (\n"
        let footer = "\t\t\t);\n\t\t\tpath = Grown;\n\t\t\tsourceTree = \"<group>\";\n\t\t};\n"
        let group: String = header + children + footer
        return text
            .replacingOccurrences(of: "/* Begin PBXFileReference section */\n", with: "/* Begin PBXFileReference section */\n" + references)
            .replacingOccurrences(of: "/* Begin PBXGroup section */\n", with: "/* Begin PBXGroup section */\n" + group)
    }
}
