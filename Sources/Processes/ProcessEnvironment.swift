import Foundation

/// The environment Bulkhead was started with, read once: Foundation builds a new dictionary of
/// every variable on each `ProcessInfo.processInfo.environment`, and a warm check asked for it
/// three times before its first file (a hundredth of its work). Nothing here sets a variable, so
/// the first reading holds for the whole run; children get it, changed, as an argument.
package enum ProcessEnvironment {
    package static let variables: [String: String] = ProcessInfo.processInfo.environment
}
