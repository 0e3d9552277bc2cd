import FileAccess
import Formats
import Foundation
import Selection

/// Changed paths given as a list, one a line, relative to the repository (`--files FILE`, or
/// standard input): what a CI system that computed its own diff hands over.
package enum ChangeList {
    /// The listed paths: each non-empty line trimmed, without a leading `./`, in order.
    package static func paths(in data: Data) -> [String] {
        String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline)
            .map { $0.trimmingBlanks() }.filter { !$0.isEmpty }
            .map { $0.hasPrefix("./") ? String($0.dropFirst(2)) : $0 }
    }

    /// The list as changes. A list says nothing about how a path changed, except that one
    /// missing below `top` is gone: a deletion, which may have left with a target.
    package static func changes(listed data: Data, relativeTo top: String) -> [FileChange] {
        paths(in: data).map { path in
            FileChange(FileSystem.fileExists(FileSystem.absolutePath(path, relativeTo: top)) ? .unknown : .deleted, path: path)
        }
    }
}
