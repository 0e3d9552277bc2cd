import Foundation
import PackagePlugin

/// `swift package bulkhead <command> [options]`: runs Bulkhead on the package the plugin is
/// invoked in. It only forwards: the package path is filled in unless given, and Bulkhead's exit
/// status becomes the plugin's.
@main
struct BulkheadPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "bulkhead")
        var forwarded = arguments.isEmpty ? ["check"] : arguments
        let takesPackage = !["rules", "explain", "--help", "--version", "help"].contains(forwarded[0])
        if takesPackage && !forwarded.contains(where: { $0 == "--package-path" || $0.hasPrefix("--package-path=") }) {
            forwarded += ["--package-path", context.package.directoryURL.path]
        }
        let process = Process()
        process.executableURL = tool.url
        process.arguments = forwarded
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            Diagnostics.error("bulkhead \(forwarded[0]) exited with status \(process.terminationStatus)")
            throw BulkheadFailed(status: process.terminationStatus)
        }
    }
}

struct BulkheadFailed: Error, CustomStringConvertible {
    var status: Int32
    var description: String { "bulkhead exited with status \(status)" }
}
