import Foundation
import PackagePlugin

/// `swift package bulkhead <command> [options]`: runs Bulkhead on the package the plugin is
/// invoked in. It only forwards: the package path is filled in unless given, and Bulkhead's exit
/// status becomes the plugin's. It may not write into the package, so `check` needs no
/// permission; `baseline` and `init` go through `bulkhead-write`, which asks for it.
@main
struct BulkheadPlugin: CommandPlugin {
    static let writingCommands: Set<String> = ["baseline", "init"]

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var forwarded = arguments.isEmpty ? ["check"] : arguments
        if Self.writingCommands.contains(forwarded[0]) {
            let message = "bulkhead \(forwarded[0]) writes into the package; run it as: swift package --allow-writing-to-package-directory bulkhead-write \(forwarded.joined(separator: " "))"
            throw PluginRefusal(description: message)
        }
        let takesPackage = !["rules", "explain", "--help", "-h", "--version", "help"].contains(forwarded[0])
        if takesPackage && !forwarded.contains(where: { $0 == "--package-path" || $0.hasPrefix("--package-path=") }) {
            forwarded += ["--package-path", context.package.directoryURL.path]
        }
        let process = Process()
        process.executableURL = try context.tool(named: "bulkhead").url
        process.arguments = forwarded
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            Diagnostics.error("bulkhead \(forwarded[0]) exited with status \(process.terminationStatus)")
            throw PluginRefusal(description: "bulkhead exited with status \(process.terminationStatus)")
        }
    }
}

struct PluginRefusal: Error, CustomStringConvertible {
    var description: String
}
