import ImportScanning

/// A package's `Package.swift` (or the `Package@swift-X.Y.swift` the toolchain reads): placed by
/// `ManifestLocator` on the scanner's tokens, edited by `ManifestEditor`, with the `// bulkhead:`
/// comments the import scanner finds.
package struct SwiftManifestFile: DeclarationFile {
    package let path: String
    package private(set) var bytes: [UInt8]
    /// Read from the bytes as opened; nil once an edit has changed them, when a place is read
    /// from the edited bytes instead. Fixes edit and never ask for places, so they never pay for
    /// locating in the file they are still editing.
    private var openedLocator: ManifestLocator?

    package static func isDeclarationFile(named fileName: String) -> Bool {
        fileName == "Package.swift" || (fileName.hasPrefix("Package@swift-") && fileName.hasSuffix(".swift"))
    }

    package static func role(inUnit unit: String) -> String { "the manifest of package '\(unit)'" }

    package init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        openedLocator = ManifestLocator(bytes: bytes)
    }

    private var locator: ManifestLocator { openedLocator ?? ManifestLocator(bytes: bytes) }

    package func place(ofTarget target: String) -> FilePlace {
        FilePlace(locator.location(ofTarget: target))
    }

    package func place(ofDependency dependency: String, inTarget target: String) -> FilePlace {
        FilePlace(locator.location(ofDependency: dependency, inTarget: target))
    }

    package func place(ofProduct product: String) -> FilePlace {
        FilePlace(locator.location(ofProduct: product))
    }

    package var placeOfUnit: FilePlace { FilePlace(locator.locationOfPackage()) }

    package var directives: [CommentDirective]? { ImportScanner.scan(bytes).directives }

    package mutating func apply(_ change: DependencyChange, to target: String) throws(DeclarationEditRefusal) {
        var editor = ManifestEditor(bytes: bytes)
        switch change {
        case .add(_, let spelling, let product):
            if let product, !product.isDeclaredByUnit {
                throw DeclarationEditRefusal("the package does not depend on package '\(product.package)'; add it to the package's dependencies first")
            }
            do { try editor.add(spelling, to: target) } catch { throw DeclarationEditRefusal(error.reason) }
        case .remove(let name):
            do { try editor.remove(name, from: target) } catch { throw DeclarationEditRefusal(error.reason) }
        case .removeDuplicate(let name):
            do { try editor.removeDuplicate(name, from: target) } catch { throw DeclarationEditRefusal(error.reason) }
        }
        bytes = editor.bytes
        openedLocator = nil
    }
}

extension FilePlace {
    init(_ place: (line: Int, column: Int)) {
        self.init(line: place.line, column: place.column)
    }
}
