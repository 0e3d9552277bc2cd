@testable import ImportScanning

/// `#if` decisions on arbitrary text, held to what rules rely on when they share one answer
/// between targets: an import's clauses read a build's own importable modules only through the
/// names `canImportModules` gives. For every import of the scanned bytes, on two platforms, every
/// subset of a small set of module names (those the file's `canImport` names, plus two it does
/// not) must decide the import as every other subset that agrees on the import's names — and a
/// table's answer must be the one its clauses give when asked again.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let imports = ImportScanner.scan(Array(UnsafeBufferPointer(start: data, count: size))).imports
    guard !imports.isEmpty else { return 0 }
    // Names from the file first (at most four), then two it may not name.
    var universe: [String] = []
    for declaration in imports {
        for module in declaration.canImportModules where !universe.contains(module) && universe.count < 4 { universe.append(module) }
    }
    for extra in ["UIKit", "Unnamed"] where !universe.contains(extra) { universe.append(extra) }
    let subsets: [Set<String>] = (0..<(1 << universe.count)).map { mask in
        Set(universe.indices.filter { mask & (1 << $0) != 0 }.map { universe[$0] })
    }
    for platform in [Platform.ios, Platform.linux] {
        let environments = subsets.map { subset in
            PlatformBuild(platform, .debug).environments(defines: [], languageVersion: nil, visibleModules: subset)[0]
        }
        for declaration in imports.prefix(16) {
            let named = Set(declaration.canImportModules)
            var byNamed: [Set<String>: Bool?] = [:]
            for (subset, environment) in zip(subsets, environments) {
                let answer = declaration.isActive(in: environment)
                guard answer == declaration.isActive(in: environment) else { fatalError("asked twice, \(declaration.module) differs") }
                let key = subset.intersection(named)
                if let earlier = byNamed[key] {
                    if earlier != answer {
                        fatalError("\(declaration.module): lists agreeing on \(named.sorted()) decide differently (\(subset.sorted()))")
                    }
                } else {
                    byNamed[key] = answer
                }
            }
        }
    }
    return 0
}
