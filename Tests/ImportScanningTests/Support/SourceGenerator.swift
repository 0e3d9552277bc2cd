import TestSupport

/// Writes valid Swift files that mix real imports with imports hidden in comments, strings,
/// regex literals and labels, under `#if` conditions this machine's compiler can decide.
struct SourceGenerator {
    var random: SeededGenerator
    private var counter = 0

    init(seed: UInt64) { random = SeededGenerator(seed: seed) }

    static let conditions = [
        "os(Linux)", "os(macOS)", "os(iOS)", "false", "true", "!os(Windows)", "canImport(Foundation)",
        "canImport(UIKit)", "arch(x86_64) || arch(arm64)", "compiler(>=5.9)", "DEBUG", "swift(>=5)",
        "_endian(little)", "os(Linux) && !DEBUG", "(os(macOS) ||\n os(Linux))",
    ]

    mutating func file() -> String {
        var lines: [String] = []
        for _ in 0..<Int.random(in: 3...14, using: &random) { lines.append(fragment(depth: 0)) }
        var text = lines.joined(separator: "\n") + "\n"
        if Bool.random(using: &random) { text = text.replacingOccurrences(of: "\n", with: "\r\n") }
        if Int.random(in: 0..<4, using: &random) == 0 { text = "\u{FEFF}" + text }
        return text
    }

    private mutating func module() -> String {
        counter += 1
        return "Module\(counter)"
    }

    private mutating func fragment(depth: Int) -> String {
        let choice = Int.random(in: 0..<(depth < 2 ? 17 : 15), using: &random)
        switch choice {
        case 0: return "import \(module())"
        case 1: return "@testable import \(module())"
        case 2: return "public import struct \(module()).Thing"
        case 3: return "import \(module()); import \(module())"
        case 4: return "// import NotImported\(counter)"
        case 5: return "/* import NotImported /* nested */ import AlsoNot */ import \(module())"
        case 6: counter += 1; return "let string\(counter) = \"import NotImported \\(1 + 1) \\(\"import Nested\")\""
        case 7: counter += 1; return "let multi\(counter) = \"\"\"\n  import NotImported\n  \\\"\"\"\n  \"\"\""
        case 8: counter += 1; return "let raw\(counter) = #\"import \"NotImported\" \\(x)\"#"
        case 9: counter += 1; return "func function\(counter)(import value: Int) -> Int { value }"
        case 10: counter += 1; return "let regex\(counter) = #/import NotImported \"/#"
        case 11: counter += 1; return "struct Holder\(counter) { var text = \"import NotImported\" }"
        case 12: return "@_spi(Internal)\npackage import \(module())"
        case 13: return "/// import NotImported\n@preconcurrency import \(module())"
        case 14: counter += 1; return "let bare\(counter) = /\"/\nimport \(module())"
        default:
            let condition = Self.conditions.randomElement(using: &random)!
            var text = "#if \(condition)\n\(fragment(depth: depth + 1))\n"
            if Bool.random(using: &random) {
                text += "#elseif \(Self.conditions.randomElement(using: &random)!)\n\(fragment(depth: depth + 1))\n"
            }
            if Bool.random(using: &random) { text += "#else\n\(fragment(depth: depth + 1))\n" }
            return text + "#endif"
        }
    }
}

import Foundation
