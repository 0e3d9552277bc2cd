import Foundation

/// Finds where a native target and one of its package products are written in a
/// `project.pbxproj`, so that findings about a project target's declaration point at a line
/// rather than the file's first: the target's object (`… /* TravelApp */ = {isa =
/// PBXNativeTarget; …` on one line, or `isa = PBXNativeTarget;` on the next) and a product's
/// `productName = Name;`. One pass over the lines; names are matched as Xcode writes them,
/// bare or quoted.
package struct ProjectFileLocator: Sendable {
    private var targetLines: [String: Int] = [:]
    private var productLines: [String: [Int]] = [:]

    package init(bytes: [UInt8]) {
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() {
            if let name = Self.value(of: "productName", in: line) { productLines[name, default: []].append(index + 1) }
            guard let comment = line.range(of: "/* "), let end = line.range(of: " */ = {", range: comment.upperBound..<line.endIndex) else { continue }
            let isTarget = line.contains("isa = PBXNativeTarget;")
                || (index + 1 < lines.count && lines[index + 1].contains("isa = PBXNativeTarget;"))
            if isTarget {
                let name = String(line[comment.upperBound..<end.lowerBound])
                if targetLines[name] == nil { targetLines[name] = index + 1 }
            }
        }
    }

    /// The target's object, else line 1.
    package func location(ofTarget target: String) -> (line: Int, column: Int) {
        (targetLines[target] ?? 1, 1)
    }

    /// The line naming the product: the first after the target's object when the name is
    /// written more than once (products are written after targets in Xcode's order, so any),
    /// else the target's object.
    package func location(ofDependency dependency: String, inTarget target: String) -> (line: Int, column: Int) {
        guard let lines = productLines[dependency], let first = lines.first else { return location(ofTarget: target) }
        return (first, 1)
    }

    /// `key = value;` or `key = "value";` in a line, anywhere on it.
    private static func value(of key: String, in line: Substring) -> String? {
        guard let range = line.range(of: key + " = ") else { return nil }
        var rest = line[range.upperBound...]
        guard let semicolon = rest.firstIndex(of: ";") else { return nil }
        rest = rest[..<semicolon]
        if rest.hasPrefix("\"") && rest.hasSuffix("\"") && rest.count >= 2 { rest = rest.dropFirst().dropLast() }
        return String(rest)
    }
}
