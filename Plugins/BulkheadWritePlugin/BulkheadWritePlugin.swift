import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory bulkhead-write baseline|init [options]`:
/// the two commands that write into the package (bulkhead-baseline.json, bulkhead.json), in a
/// plugin of their own so that the everyday `swift package bulkhead check` asks for no permission.
@main
struct BulkheadWritePlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        guard let command = arguments.first, ["baseline", "init"].contains(command) else {
            let message = "bulkhead-write runs `baseline` or `init`; for other commands use: swift package bulkhead \(arguments.joined(separator: " "))"
            throw WriteRefusal(description: message)
        }
        let process = Process()
        process.executableURL = try context.tool(named: "bulkhead").url
        process.arguments = arguments + ["--package-path", context.package.directoryURL.path]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            Diagnostics.error("bulkhead \(command) exited with status \(process.terminationStatus)")
            throw WriteRefusal(description: "bulkhead exited with status \(process.terminationStatus)")
        }
    }
}

struct WriteRefusal: Error, CustomStringConvertible {
    var description: String
}
