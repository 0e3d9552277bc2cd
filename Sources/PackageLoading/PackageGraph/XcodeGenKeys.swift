/// The top-level keys of an XcodeGen project spec (Docs/ProjectSpec.md, "Project"), which tell
/// a `project.yml` XcodeGen reads from any other file of that name. A spec need not hold its
/// targets: `include:` brings them in from other spec files, so the spec is known by any key
/// only a project has, or by its `name:` beside another key of a project.
enum XcodeGenKeys {
    /// Keys that alone make the file a project spec: its targets, or the specs that hold them.
    static let defining: Set<String> = ["targets", "aggregateTargets", "include", "targetTemplates", "projectReferences"]

    /// Keys of a project that a file of another kind may hold too (`options:`, `settings:`):
    /// a spec only beside the project's `name:`.
    static let other: Set<String> = [
        "options", "attributes", "breakpoints", "configs", "configFiles", "settings", "settingGroups",
        "fileGroups", "schemes", "schemeTemplates", "packages", "localPackages",
    ]

    static func isProject(_ keys: Set<String>) -> Bool {
        !keys.isDisjoint(with: defining) || (keys.contains("name") && !keys.isDisjoint(with: other))
    }

    /// The keys of a YAML document's top-level mapping, in block style: each line that starts a
    /// key in its first column (`targets:`, `"include":`), up to its colon. Lines of nested
    /// mappings are indented, and comments, list items and document markers start otherwise.
    static func topLevelYAMLKeys(of text: String) -> Set<String> {
        var keys: Set<String> = []
        // On any line break: "\r\n" is one Character, which splitting on "\n" never finds.
        for line in text.split(whereSeparator: \.isNewline) {
            guard let first = line.first, first != " ", first != "\t", first != "#", first != "-", first != "%",
                  let colon = line.firstIndex(of: ":") else { continue }
            // `key:` ends the line or is followed by a space; `http://…` is no key.
            let after = line[line.index(after: colon)...]
            guard after.isEmpty || after.first == " " || after.first == "\t" else { continue }
            var key = line[..<colon]
            while key.last == " " || key.last == "\t" { key.removeLast() }
            if key.count >= 2, let quote = key.first, quote == "\"" || quote == "'", key.last == quote {
                key = key.dropFirst().dropLast()
            }
            keys.insert(String(key))
        }
        return keys
    }
}
