/// A target's build settings in one configuration, as Xcode's build resolves them.
///
/// Levels, lowest first: the built-in values (`TARGET_NAME`, `PROJECT_NAME`, `CONFIGURATION`,
/// `SRCROOT`/`PROJECT_DIR`/`SOURCE_ROOT`, `PRODUCT_NAME` from the target's `productName`,
/// `PRODUCT_MODULE_NAME = $(PRODUCT_NAME:c99extidentifier)`), the project's `.xcconfig`, the
/// project's settings, the target's `.xcconfig`, the target's settings. A higher level wins; in
/// one level, among the assignments whose conditions hold, the one with the most conditions wins
/// and, among equals, the last written. `$(inherited)` is the value the assignments before the
/// chosen one give (a lower level, or an earlier line of the same file chain). `$(VAR)`,
/// `${VAR}` and `$VAR` are expanded lazily with VAR's final value, as Xcode does, with the
/// operators `:c99extidentifier`, `:identifier`, `:rfc1034identifier`, `:lower`, `:upper`,
/// `:base`, `:file`, `:dir`, `:suffix` and `:default=…`. An undefined name is empty.
///
/// Expansion recurses through the values it references, but never deeper than `maximumDepth`
/// (a constant, not the input) and never into a setting it is already expanding: a cycle
/// (`A = $(B)`, `B = $(A)`) expands to empty, as Xcode's does (with a warning there).
struct BuildSettingsResolver {
    static let maximumDepth = 32
    /// The longest value an expansion makes, in bytes. Memoised expansion is linear in the
    /// assignments, but values can double at every level (`A = $(B)$(B)`, `B = $(C)$(C)`, …);
    /// real settings are a few hundred bytes, so a value is cut here rather than grow
    /// exponentially with the input.
    static let maximumLength = 1 << 16

    /// What conditional assignments are decided for.
    struct Context: Sendable, Hashable {
        /// `iphoneos`, `macosx`…: the target's `SDKROOT`, for `[sdk=…]`.
        var sdk: String
        var configuration: String
        var arch: String = "arm64"
        var variant: String = "normal"
    }

    /// Assignments by level, lowest first, each level's in written order.
    var levels: [[BuildSettingAssignment]]

    /// The built-in level of a target.
    static func builtIns(targetName: String, productName: String?, projectName: String, projectFolder: String,
                         configuration: String) -> [BuildSettingAssignment] {
        let values: [(String, String)] = [
            ("TARGET_NAME", targetName), ("TARGETNAME", targetName), ("PROJECT_NAME", projectName), ("CONFIGURATION", configuration),
            ("SRCROOT", projectFolder), ("PROJECT_DIR", projectFolder), ("SOURCE_ROOT", projectFolder),
            ("PRODUCT_NAME", productName ?? "$(TARGET_NAME)"), ("PRODUCT_MODULE_NAME", "$(PRODUCT_NAME:c99extidentifier)"),
        ]
        return values.compactMap { BuildSettingAssignment(key: $0.0, value: $0.1) }
    }

    /// Every setting some level assigns (and `PRODUCT_NAME`, `PRODUCT_MODULE_NAME`), resolved;
    /// a setting whose every assignment is conditioned on something else is left out.
    func resolve(for context: Context) -> [String: String] {
        var evaluation = Evaluation(resolver: self, context: context)
        var result: [String: String] = [:]
        var keys = Set(levels.dropFirst().flatMap { $0.map(\.key) })
        keys.formUnion(["PRODUCT_NAME", "PRODUCT_MODULE_NAME"])
        for key in keys.sorted() {
            if let value = evaluation.value(of: key) { result[key] = value }
        }
        return result
    }

    /// One setting, resolved; nil when nothing assigns it in `context`.
    func value(of key: String, for context: Context) -> String? {
        var evaluation = Evaluation(resolver: self, context: context)
        return evaluation.value(of: key)
    }

    static func matches(_ pattern: String, _ text: String) -> Bool {
        // `*` matches any run; iterative with one backtrack point, linear in practice.
        let pattern = Array(pattern), text = Array(text)
        var p = 0, t = 0, star = -1, mark = 0
        while t < text.count {
            if p < pattern.count && (pattern[p] == text[t]) {
                p += 1; t += 1
            } else if p < pattern.count && pattern[p] == "*" {
                star = p; mark = t; p += 1
            } else if star >= 0 {
                p = star + 1; mark += 1; t = mark
            } else {
                return false
            }
        }
        while p < pattern.count && pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }

    /// One resolution: the assignments flattened with their level and position, and the values
    /// already expanded.
    private struct Evaluation {
        struct Placed {
            var level: Int
            var assignment: BuildSettingAssignment
        }
        let context: Context
        /// Positions (into `placed`) of each key's assignments, in order.
        var byKey: [String: [Int]] = [:]
        var placed: [Placed] = []
        /// Expanded values by position.
        var memo: [Int: String] = [:]
        var expanding: Set<Int> = []

        init(resolver: BuildSettingsResolver, context: Context) {
            self.context = context
            for (level, assignments) in resolver.levels.enumerated() {
                for assignment in assignments {
                    byKey[assignment.key, default: []].append(placed.count)
                    placed.append(Placed(level: level, assignment: assignment))
                }
            }
        }

        func holds(_ condition: BuildSettingAssignment.Condition) -> Bool {
            switch condition.name {
            case "sdk": BuildSettingsResolver.matches(condition.pattern, context.sdk)
            case "config": BuildSettingsResolver.matches(condition.pattern, context.configuration)
            case "arch": BuildSettingsResolver.matches(condition.pattern, context.arch)
            case "variant": BuildSettingsResolver.matches(condition.pattern, context.variant)
            default: false
            }
        }

        /// The position of the assignment that sets `key`, among those before `limit`.
        func chosen(_ key: String, before limit: Int) -> Int? {
            var best: Int?
            for position in byKey[key] ?? [] where position < limit {
                let candidate = placed[position]
                guard candidate.assignment.conditions.allSatisfy(holds) else { continue }
                if let current = best {
                    let incumbent = placed[current]
                    // Higher level, then more conditions, then later.
                    if (candidate.level, candidate.assignment.conditions.count) >= (incumbent.level, incumbent.assignment.conditions.count) {
                        best = position
                    }
                } else {
                    best = position
                }
            }
            return best
        }

        mutating func value(of key: String) -> String? {
            value(of: key, before: placed.count, depth: 0)
        }

        mutating func value(of key: String, before limit: Int, depth: Int) -> String? {
            guard let position = chosen(key, before: limit) else { return nil }
            if let known = memo[position] { return known }
            guard depth < BuildSettingsResolver.maximumDepth, expanding.insert(position).inserted else { return "" }
            let expanded = expand(placed[position].assignment.value, key: key, position: position, depth: depth)
            expanding.remove(position)
            // Kept even when a cycle or the bound cut it short: every value is expanded once, so
            // a resolution is linear in the assignments whatever references them.
            memo[position] = expanded
            return expanded
        }

        /// `text` with every reference replaced; `$(inherited)` is `key`'s value before `position`.
        mutating func expand(_ text: String, key: String, position: Int, depth: Int) -> String {
            // Brackets nested past the bound are left as written.
            guard text.contains("$"), depth < BuildSettingsResolver.maximumDepth else { return text }
            let characters = Array(text)
            var result = ""
            var index = 0
            while index < characters.count {
                let character = characters[index]
                guard character == "$", index + 1 < characters.count else {
                    result.append(character)
                    index += 1
                    continue
                }
                let next = characters[index + 1]
                if next == "(" || next == "{" {
                    let close: Character = next == "(" ? ")" : "}"
                    // The matching bracket, counting nested ones: `$(A_$(B))`.
                    var nesting = 0, end = index + 1
                    while end < characters.count {
                        if characters[end] == next { nesting += 1 } else if characters[end] == close {
                            nesting -= 1
                            if nesting == 0 { break }
                        }
                        end += 1
                    }
                    guard end < characters.count else {
                        result.append(contentsOf: characters[index...])
                        break
                    }
                    let inner = expand(String(characters[(index + 2)..<end]), key: key, position: position, depth: depth + 1)
                    result += reference(inner, key: key, position: position, depth: depth)
                    if result.utf8.count > BuildSettingsResolver.maximumLength { return Self.cut(result) }
                    index = end + 1
                } else if next == "_" || (next.isASCII && next.isLetter) {
                    var end = index + 1
                    while end < characters.count, BuildSettingAssignment.isNameCharacter(characters[end]) { end += 1 }
                    result += reference(String(characters[(index + 1)..<end]), key: key, position: position, depth: depth)
                    if result.utf8.count > BuildSettingsResolver.maximumLength { return Self.cut(result) }
                    index = end
                } else {
                    result.append(character)
                    index += 1
                }
            }
            return result
        }

        /// `text` cut to `maximumLength` bytes, on a character boundary.
        static func cut(_ text: String) -> String {
            var result = ""
            for character in text {
                guard result.utf8.count + character.utf8.count <= BuildSettingsResolver.maximumLength else { break }
                result.append(character)
            }
            return result
        }

        /// The value of `NAME:operator:operator`.
        mutating func reference(_ written: String, key: String, position: Int, depth: Int) -> String {
            let parts = written.split(separator: ":", omittingEmptySubsequences: false)
            let name = String(parts[0])
            var value = name == "inherited"
                ? value(of: key, before: position, depth: depth + 1) ?? ""
                : value(of: name, before: placed.count, depth: depth + 1) ?? ""
            for operation in parts.dropFirst() {
                value = BuildSettingsResolver.apply(String(operation), to: value)
            }
            return value
        }
    }

    static func apply(_ operation: String, to value: String) -> String {
        if operation.hasPrefix("default=") { return value.isEmpty ? String(operation.dropFirst("default=".count)) : value }
        switch operation {
        case "c99extidentifier", "identifier": return TargetReader.c99Name(value)
        case "rfc1034identifier": return String(value.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") ? $0 : "-" })
        case "lower": return value.lowercased()
        case "upper": return value.uppercased()
        case "file": return value.split(separator: "/").last.map(String.init) ?? ""
        case "dir":
            guard let slash = value.lastIndex(of: "/") else { return "./" }
            return String(value[...slash])
        case "base":
            let file = value.split(separator: "/").last.map(String.init) ?? ""
            return file.lastIndex(of: ".").map { String(file[..<$0]) } ?? file
        case "suffix":
            let file = value.split(separator: "/").last.map(String.init) ?? ""
            return file.lastIndex(of: ".").map { String(file[$0...]) } ?? ""
        default: return value
        }
    }
}
