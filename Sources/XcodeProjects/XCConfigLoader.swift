import Diagnostics
import FileAccess
import Formats

/// Reads `.xcconfig` files with their `#include`s spliced in, as Xcode does: an included file's
/// assignments stand where the `#include` line stands, so a later line of the includer wins over
/// them. Each file is read once per project, however many targets and configurations use it.
///
/// The includes are followed with an explicit stack, never by recursion: a file that includes
/// itself, directly or through others, is refused with the chain, and nesting deeper than
/// `maximumDepth` stops there with a warning, so no input can exhaust the stack.
package struct XCConfigLoader {
    /// Xcode gives up well before this; real projects nest three or four deep.
    static let maximumDepth = 32

    /// What a configuration file gives a target: its assignments in order, every file read
    /// (absolute, the file itself first) and the warnings, each naming a file and line.
    struct Chain {
        var assignments: [BuildSettingAssignment] = []
        var files: [String] = []
        var warnings: [LoadWarning] = []
    }

    /// Where paths are shown from (the root), and what may be read.
    let root: String
    let boundary: ReadBoundary
    private var parsed: [String: XCConfigFile?] = [:]
    /// Why a file that is there was not read (a FIFO, a device, over the size limit), by path:
    /// "names no file" would send the reader looking for a file that exists.
    private var unreadable: [String: String] = [:]
    private var chains: [String: Chain] = [:]

    init(root: String, boundary: ReadBoundary) {
        self.root = root
        self.boundary = boundary
    }

    /// The chain starting at `path` (absolute); `referencedBy` names what refers to it, for the
    /// warning when it is not there.
    mutating func chain(at path: String, referencedBy: String) -> Chain {
        if let known = chains[path] { return known }
        var chain = Chain()
        guard let top = file(at: path) else {
            let problem = unreadable[path].map { "cannot be read: \($0)" } ?? "is not there"
            chain.warnings.append(Self.warning(referencedBy, "the configuration file '\(shown(path))' \(problem); its settings are left out"))
            chains[path] = chain
            return chain
        }
        chain.files.append(path)
        // Each frame: a file, its entries and the next entry to take.
        var stack: [(path: String, entries: [XCConfigFile.Entry], next: Int)] = [(path, top.entries, 0)]
        while !stack.isEmpty {
            let frame = stack.count - 1
            guard stack[frame].next < stack[frame].entries.count else {
                stack.removeLast()
                continue
            }
            let entry = stack[frame].entries[stack[frame].next]
            stack[frame].next += 1
            switch entry {
            case .assignment(let assignment, _):
                chain.assignments.append(assignment)
            case .include(let written, let isOptional, let line):
                let place = "\(shown(stack[frame].path)):\(line)"
                // `<DEVELOPER_DIR>/…` names a file of the Xcode installation, not of the repository.
                if written.hasPrefix("<") {
                    if !isOptional { chain.warnings.append(Self.warning(place, "#include \"\(written)\" names a file outside the repository; it is not read")) }
                    continue
                }
                let included = PathArithmetic.absolute(written, relativeTo: PathArithmetic.parent(stack[frame].path))
                if let cycleStart = stack.firstIndex(where: { $0.path == included }) {
                    let names = stack[cycleStart...].map { shown($0.path) } + [shown(included)]
                    chain.warnings.append(Self.warning(place, "#include cycle \(names.joined(separator: " → ")); the include is skipped"))
                    continue
                }
                if stack.count >= Self.maximumDepth {
                    chain.warnings.append(Self.warning(place, "#include nested more than \(Self.maximumDepth) deep; '\(written)' is not read"))
                    continue
                }
                if let real = boundary.refusal(of: included) {
                    chain.warnings.append(OutsideRootWarning.warning(file: place, reference: "#include \"\(written)\"", real: real, boundary: boundary))
                    continue
                }
                guard let file = file(at: included) else {
                    if let reason = unreadable[included] {
                        // There, but not a file to read: even `#include?` is told, since its file is not absent.
                        chain.warnings.append(Self.warning(place, "#include \"\(written)\" cannot be read: \(reason); its settings are left out"))
                    } else if !isOptional {
                        chain.warnings.append(Self.warning(place, "#include \"\(written)\" names no file; write #include? for a file that may be absent"))
                    }
                    continue
                }
                if !chain.files.contains(included) { chain.files.append(included) }
                stack.append((included, file.entries, 0))
            }
        }
        // The warnings quote the repository's bytes (include paths, file names, the lines
        // themselves): a control character among them must not reach a terminal as itself.
        chain.warnings = chain.warnings.map { LoadWarning(code: $0.code, text: VisibleText.escaped($0.text)) }
        chains[path] = chain
        return chain
    }

    /// The parsed file, its malformed lines reported once with the first chain that reads it;
    /// nil when it cannot be read, with the reason in `unreadable` when it is there. The file's
    /// kind and size are checked before it is opened (`FileSystem.contents`): a FIFO would block
    /// the read until something wrote to it.
    private mutating func file(at path: String) -> XCConfigFile? {
        if let known = parsed[path] { return known }
        var file: XCConfigFile?
        do {
            // Bytes that are not UTF-8 become U+FFFD: the lines around them still count.
            file = XCConfigFile.parse(String(decoding: try FileSystem.contents(of: path), as: UTF8.self))
        } catch {
            if case .unreadablePath(_, let reason) = error, reason != FileSystem.noSuchFile { unreadable[path] = reason }
        }
        parsed[path] = .some(file)
        return file
    }

    /// The malformed lines of a file read, `file:line: malformed-xcconfig: …`.
    func malformedLines(of path: String) -> [LoadWarning] {
        guard case .some(.some(let file)) = parsed[path] else { return [] }
        // A malformed line is quoted: escaped, like every byte of the repository a warning shows.
        return file.problems.map { LoadWarning(code: Self.code, text: VisibleText.escaped(Self.warning("\(shown(path)):\($0.line)", "\($0.message); the line is skipped").text)) }
    }

    private static func warning(_ place: String, _ message: String) -> LoadWarning {
        LoadWarning(code: code, place: place, message: message)
    }

    func shown(_ path: String) -> String { PathArithmetic.relative(path, to: root) }

    static var code: String { entry.id }

    /// The catalog entry of what reading `.xcconfig` files can warn about.
    package static let entry = DiagnosticCode(
        id: "malformed-xcconfig", family: .configuration,
        summary: "An .xcconfig file has a line Bulkhead cannot read, or an #include that cannot be followed.",
        explanation: """
        Build settings are resolved as Xcode resolves them, through the .xcconfig files a \
        project's configurations are based on and their #include lines. A line that is not \
        `KEY = value`, `KEY[condition=value] = value`, `#include "file"` or a comment is skipped, \
        as is a configuration's base file that is not there (often one each developer \
        creates from a template), an #include that names no file (write #include? for a file that may be absent), \
        one that leads back to a file already being read (the chain is named), or one nested \
        more than 32 deep. The warning names the file and line; the other settings are used. \
        It goes to standard error and does not change the exit status.
        """,
        defaultSeverity: .warning)
}
