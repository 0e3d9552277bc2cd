import Formats
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(Darwin)
import Darwin
#endif

extension GuardedReplacement {
    /// Removes the `.<name>.bulkhead-…` files beside `file` that a run killed mid-write left
    /// (SIGKILL cannot be handled), with one line to `notice` for each, or for each that could
    /// not be removed. Called under the root's lock: no live run owns one.
    func removeStaleTemporaryFiles(beside file: LocatedFile, notice: (String) -> Void) {
        let prefix = "." + file.name + FileSystem.temporarySuffixMark
        for name in Self.names(in: file.folder) where name.hasPrefix(prefix) && name.count > prefix.count {
            let shown = Self.shown(name, beside: file.planned.shownAs)
            // unlinkat removes a link itself, never what it names; a folder of that name fails.
            if unlinkat(file.folder, name, 0) == 0 {
                notice("removed \(shown), a temporary file left by an interrupted run")
            } else {
                notice("could not remove \(shown), a temporary file left by an interrupted run (\(FileSystem.errorText(errno))); remove it by hand")
            }
        }
    }

    /// `name`, in the folder of the file shown as `file`, as messages show it.
    static func shown(_ name: String, beside file: String) -> String {
        let folder = PathArithmetic.parent(file)
        return folder == "." ? name : (folder == "/" ? "" : folder) + "/" + name
    }

    /// The names in the folder open at `folder`, read through a descriptor of its own (a
    /// directory stream owns and closes the descriptor it is given).
    static func names(in folder: Int32) -> [String] {
        let own = dup(folder)
        guard own >= 0 else { return [] }
        guard let stream = fdopendir(own) else {
            close(own)
            return []
        }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
