import FileAccess
import Formats
import Foundation

/// The toolchain's driver (`swift` and `swiftc` link to `swift-driver`), which for `--version`
/// and for subcommands only starts another tool found beside its own real path: Bulkhead starts
/// that tool itself, and spares a process start on every toolchain call.
enum SwiftDriver {
    /// `tool` (`swift-frontend`, `swift-package`) as the driver at `located` would start it: beside
    /// the driver's real path. Nil when `located` is not the driver (macOS's `xcrun` shim, a
    /// wrapper script) or the tool is not there.
    static func tool(_ tool: String, besideDriverAt located: String) -> String? {
        let real = FileSystem.realPath(located)
        guard PathArithmetic.lastComponent(real) == "swift-driver" else { return nil }
        let path = PathArithmetic.parent(real) + "/" + tool
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }
}
