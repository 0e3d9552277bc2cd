import Diagnostics
import FileAccess
import Formats
import Foundation

/// The projects and packages an `.xcworkspace` groups, from its `contents.xcworkspacedata`:
/// each `<FileRef location="group:Path">` (or `container:`, `absolute:`), made absolute. Read with
/// a plain attribute scan (the file is small, flat XML written by Xcode); groups nest only to
/// prefix their children's paths, which `group:` locations of nested groups already carry in
/// practice.
package enum XcodeWorkspaceReader {
    package struct Contents: Sendable, Hashable {
        /// Absolute `.xcodeproj` paths.
        package var projects: [String]
        /// Absolute folders of packages (any other referenced folder holding a `Package.swift`).
        package var packages: [String]
    }

    /// The references of the workspace at `path` (the `.xcworkspace` folder, absolute); nil when
    /// it has no readable `contents.xcworkspacedata`.
    package static func read(workspaceAt path: String) -> Contents? {
        guard let data = FileManager.default.contents(atPath: path + "/contents.xcworkspacedata") else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        // A workspace inside an .xcodeproj (project.xcworkspace) is relative to the project's folder.
        let container = path.contains(".xcodeproj/") ? PathArithmetic.parent(PathArithmetic.parent(path)) : PathArithmetic.parent(path)
        var projects: [String] = []
        var packages: [String] = []
        for location in locations(in: text) {
            let absolute: String
            if let value = location.dropPrefix("group:") ?? location.dropPrefix("container:") {
                absolute = PathArithmetic.absolute(value, relativeTo: container)
            } else if let value = location.dropPrefix("absolute:") {
                absolute = PathArithmetic.absolute(value, relativeTo: "/")
            } else {
                continue
            }
            if absolute.hasSuffix(".xcodeproj") {
                projects.append(absolute)
            } else if FileSystem.isRegularFile(absolute + "/Package.swift") {
                packages.append(absolute)
            }
        }
        return Contents(projects: projects.sorted(), packages: packages.sorted())
    }

    /// The values of `location = "…"` attributes, XML entities decoded.
    static func locations(in text: String) -> [String] {
        var result: [String] = []
        var rest = Substring(text)
        while let range = rest.range(of: "location") {
            rest = rest[range.upperBound...]
            let trimmed = rest.drop { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }
            guard trimmed.first == "=" else { continue }
            let afterEquals = trimmed.dropFirst().drop { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }
            guard let quote = afterEquals.first, quote == "\"" || quote == "'" else { continue }
            let value = afterEquals.dropFirst()
            guard let end = value.firstIndex(of: quote) else { break }
            result.append(String(value[..<end])
                .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
                .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                .replacingOccurrences(of: "&amp;", with: "&"))
            rest = value[value.index(after: end)...]
        }
        return result
    }
}

private extension String {
    func dropPrefix(_ prefix: String) -> String? {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : nil
    }
}
