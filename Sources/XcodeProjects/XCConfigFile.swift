/// One `.xcconfig` file, parsed: its assignments and `#include`s in the order written, and the
/// lines it could not read (each skipped, the rest of the file kept, as Xcode warns and goes on).
///
/// The syntax is Xcode's: `//` starts a comment anywhere on a line (a URL needs `/$()/`),
/// `KEY = value`, `KEY[sdk=iphoneos*][config=Debug] = value` (conditions also comma-separated
/// in one bracket), an optional `;` at the end, `#include "Other.xcconfig"` and
/// `#include? "Optional.xcconfig"`, whose path is relative to the including file.
struct XCConfigFile: Sendable, Hashable {
    enum Entry: Sendable, Hashable {
        case assignment(BuildSettingAssignment, line: Int)
        case include(path: String, isOptional: Bool, line: Int)
    }

    /// A line that is none of the forms above.
    struct Problem: Sendable, Hashable {
        var line: Int
        var message: String
    }

    var entries: [Entry] = []
    var problems: [Problem] = []

    static func parse(_ text: String) -> XCConfigFile {
        var result = XCConfigFile()
        var number = 0
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            number += 1
            var line = Substring(rawLine)
            if let comment = line.range(of: "//") { line = line[..<comment.lowerBound] }
            line = trimmed(line)
            if line.isEmpty { continue }
            if line.hasPrefix("#include") {
                var rest = line.dropFirst("#include".count)
                let isOptional = rest.hasPrefix("?")
                if isOptional { rest = rest.dropFirst() }
                rest = trimmed(rest)
                guard rest.count >= 2, rest.first == "\"", rest.last == "\"" else {
                    result.problems.append(Problem(line: number, message: "expected a quoted path after #include, as in #include \"Shared.xcconfig\""))
                    continue
                }
                let path = String(rest.dropFirst().dropLast())
                guard !path.isEmpty else {
                    result.problems.append(Problem(line: number, message: "#include names no file"))
                    continue
                }
                result.entries.append(.include(path: path, isOptional: isOptional, line: number))
                continue
            }
            guard let equals = assigningEquals(in: line),
                  let assignment = BuildSettingAssignment(key: String(trimmed(line[..<equals])), value: valueText(line[line.index(after: equals)...]))
            else {
                result.problems.append(Problem(line: number, message: "expected 'KEY = value', 'KEY[condition=value] = value' or '#include \"file\"', found '\(line.prefix(60))'"))
                continue
            }
            result.entries.append(.assignment(assignment, line: number))
        }
        return result
    }

    /// The `=` that assigns: the first one outside the conditions' brackets.
    private static func assigningEquals(in line: Substring) -> Substring.Index? {
        var depth = 0
        for index in line.indices {
            switch line[index] {
            case "[": depth += 1
            case "]": depth -= 1
            case "=" where depth == 0: return index
            default: break
            }
        }
        return nil
    }

    /// The value without surrounding blanks and without the optional `;` that ends it.
    private static func valueText(_ text: Substring) -> String {
        var value = trimmed(text)
        if value.hasSuffix(";") { value = trimmed(value.dropLast()) }
        return String(value)
    }

    static func trimmed(_ text: Substring) -> Substring {
        var text = text
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }
}

/// `KEY[sdk=iphoneos*][config=Debug] = value`, from an `.xcconfig` or a project's
/// `buildSettings` (whose keys carry the conditions the same way).
struct BuildSettingAssignment: Sendable, Hashable {
    var key: String
    /// `sdk`, `config`, `arch`, `variant` with their patterns (`*` matches any run of characters).
    var conditions: [Condition]
    var value: String

    struct Condition: Sendable, Hashable {
        var name: String
        var pattern: String
    }

    /// Nil when `key` is not a setting name followed by well-formed conditions.
    init?(key written: String, value: String) {
        var name = Substring(written)
        var conditions: [Condition] = []
        if let open = written.firstIndex(of: "[") {
            name = written[..<open]
            var rest = written[open...]
            while !rest.isEmpty {
                guard rest.first == "[", let close = rest.firstIndex(of: "]") else { return nil }
                for part in rest[rest.index(after: rest.startIndex)..<close].split(separator: ",") {
                    let pieces = part.split(separator: "=", maxSplits: 1)
                    guard pieces.count == 2 else { return nil }
                    let conditionName = XCConfigFile.trimmed(pieces[0]), pattern = XCConfigFile.trimmed(pieces[1])
                    guard !conditionName.isEmpty, conditionName.allSatisfy(Self.isNameCharacter) else { return nil }
                    conditions.append(Condition(name: String(conditionName), pattern: String(pattern)))
                }
                rest = XCConfigFile.trimmed(rest[rest.index(after: close)...])
            }
        }
        name = XCConfigFile.trimmed(name)
        guard let first = name.first, !first.isNumber, name.allSatisfy(Self.isNameCharacter) else { return nil }
        self.key = String(name)
        self.conditions = conditions
        self.value = value
    }

    /// ASCII letters, digits and `_`, by byte: `Character.isLetter` asks Unicode's tables, and
    /// every setting of every configuration of every target passes through here.
    static func isNameCharacter(_ character: Character) -> Bool {
        guard let byte = character.asciiValue else { return false }
        return byte == UInt8(ascii: "_") || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }
}
