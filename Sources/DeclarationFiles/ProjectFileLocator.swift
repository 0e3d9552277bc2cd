import ProjectObjects

/// Finds where a target and one of its dependencies are written in a `project.pbxproj`, so
/// that findings about a project target's declaration point at a line rather than the file's
/// first. Read through `ProjectObjects`, as the project reader reads the file: a target is one
/// of the root project's targets (native, aggregate or legacy; its object's first line), a
/// package product the `productName` line of a product dependency in its
/// `packageProductDependencies` (a plugin's name without `plugin:`), any other dependency the
/// item of its `dependencies` leading to it, by `target`, `productRef` or `targetProxy`.
/// A file that does not read places everything on line 1.
package struct ProjectFileLocator: Sendable {
    private var targetLines: [String: Int] = [:]
    /// Target name → dependency name → line.
    private var dependencyLines: [String: [String: Int]] = [:]
    /// Product name → the first `productName` line of a product dependency with that name.
    private var productLines: [String: Int] = [:]

    package init(bytes: [UInt8]) {
        guard let objects = try? ProjectObjects(bytes: bytes) else { return }
        let lines = LineTable(bytes)
        // A reference that names no object places nothing: the reader reports the file damaged.
        func product(_ id: String) -> PBXProductDependency? { (try? objects.productDependency(id)) ?? nil }
        for entry in objects.entries(isa: "XCSwiftPackageProductDependency") {
            if let name = product(entry.key), productLines[name.productName] == nil {
                productLines[name.productName] = lines.line(of: name.nameRange.lowerBound)
            }
        }
        for target in (try? objects.targets()) ?? [] where targetLines[target.name] == nil {
            targetLines[target.name] = lines.line(of: target.range.lowerBound)
            var dependencies: [String: Int] = [:]
            for item in objects.items("packageProductDependencies", of: target.identifier) ?? [] {
                guard let id = item.value.string, let product = product(id), dependencies[product.productName] == nil else { continue }
                dependencies[product.productName] = lines.line(of: product.nameRange.lowerBound)
            }
            for item in objects.items("dependencies", of: target.identifier) ?? [] {
                guard let id = item.value.string, let named = (try? objects.destination(ofDependency: id))?.name else { continue }
                if dependencies[named] == nil { dependencies[named] = lines.line(of: item.range.lowerBound) }
            }
            dependencyLines[target.name] = dependencies
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
