/// Finds where a native target and one of its dependencies are written in a `project.pbxproj`,
/// so that findings about a project target's declaration point at a line rather than the
/// file's first. Read by the property-list parser: the target is the `PBXNativeTarget` whose
/// `name` is the target's (its object's first line), a package product the
/// `XCSwiftPackageProductDependency` of its `packageProductDependencies` (the line of its
/// `productName`), another target of the project the item of its `dependencies` naming it.
/// A file that does not read places everything on line 1.
package struct ProjectFileLocator: Sendable {
    private var targetLines: [String: Int] = [:]
    /// Target name → dependency name → line.
    private var dependencyLines: [String: [String: Int]] = [:]
    /// Product name → the first `productName` line of a product dependency with that name.
    private var productLines: [String: Int] = [:]

    package init(bytes: [UInt8]) {
        guard let document = ProjectFileDocument(bytes: bytes) else { return }
        let lines = LineTable(bytes)
        for entry in document.entries(isa: "XCSwiftPackageProductDependency") {
            guard let name = entry.value["productName"] else { continue }
            if let product = name.value.string, productLines[product] == nil { productLines[product] = lines.line(of: name.range.lowerBound) }
        }
        for entry in document.entries(isa: "PBXNativeTarget") {
            guard let name = entry.value["name"]?.value.string, targetLines[name] == nil else { continue }
            targetLines[name] = lines.line(of: entry.range.lowerBound)
            var dependencies: [String: Int] = [:]
            for item in document.list("packageProductDependencies", of: entry.key)?.items ?? [] {
                guard let id = item.value.string, let product = document.object(id)?["productName"] else { continue }
                if let productName = product.value.string, dependencies[productName] == nil {
                    dependencies[productName] = lines.line(of: product.range.lowerBound)
                }
            }
            for item in document.list("dependencies", of: entry.key)?.items ?? [] {
                guard let id = item.value.string, let dependency = document.object(id) else { continue }
                let named = dependency["target"]?.value.string.flatMap { document.string("name", of: $0) } ?? dependency["name"]?.value.string
                if let named, dependencies[named] == nil { dependencies[named] = lines.line(of: item.range.lowerBound) }
            }
            dependencyLines[name] = dependencies
        }
    }

    /// The target's object, else line 1.
    package func location(ofTarget target: String) -> (line: Int, column: Int) {
        (targetLines[target] ?? 1, 1)
    }

    /// The line naming the dependency in the target's declaration; else a product dependency
    /// of that name elsewhere in the file; else the target's object.
    package func location(ofDependency dependency: String, inTarget target: String) -> (line: Int, column: Int) {
        if let line = dependencyLines[target]?[dependency] ?? productLines[dependency] { return (line, 1) }
        return location(ofTarget: target)
    }
}

/// Byte offsets to 1-based lines, by binary search over the line breaks.
private struct LineTable {
    private var breaks: [Int] = []

    init(_ bytes: [UInt8]) {
        for (offset, byte) in bytes.enumerated() where byte == 10 { breaks.append(offset) }
    }

    func line(of offset: Int) -> Int {
        var low = 0, high = breaks.count
        while low < high {
            let middle = (low + high) / 2
            if breaks[middle] < offset { low = middle + 1 } else { high = middle }
        }
        return low + 1
    }
}
