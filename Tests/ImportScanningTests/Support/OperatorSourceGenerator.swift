import Foundation
import TestSupport

/// Writes Swift files where `/` is division after postfix operators (`p!/2`, `x?/2`, `)/`, `]/`),
/// a regex literal in expression position (`= /a+/`, `?? /x/`, `(/a/)`), an operator reference
/// (`(/)`), or text inside strings and comments — with imports between them that a misread `/`
/// would swallow. Every statement is one the compiler accepts.
struct OperatorSourceGenerator {
    var random: SeededGenerator
    private var counter = 0

    init(seed: UInt64) { random = SeededGenerator(seed: seed) }

    /// Statements that may share a line (joined by `;`) and hold `/` in every role.
    static let statements = [
        "func half#(_ p: Int?) -> Int { p!/2 }",
        "let q# = quarter!/4",
        "let r# = a!/b!/c",
        "let s# = value?/2",
        "let t# = (a + b)/2/(c)",
        "let u# = xs[0]/2/1",
        "let v# = a / b / c",
        "let w# = a/b/c",
        "let x# = /a+b/",
        "let y# = optional ?? /x*/",
        "let z# = f(/a/, /b/)",
        "let m# = [1.0].reduce(1, /)",
        "let n# = (/)",
        "let o# = #/a/b/#",
        "let p# = \"a/b/c\"",
        "let g# = \"p!/2 \\(q!/4) /\"",
        "let k# = x!/y; let slash = \"/\"",
        "let i# = !/a/.wholeMatch(in: text)",
        "let j# = try? /^x/.firstMatch(in: s)",
        "let d# = Array<Int>()/2",
        "let e# = count!/*c*/ / 2",
        "x#!/=2",
    ]

    static let trivia = [
        "// p!/2 import NotImported",
        "/* a!/b */",
        "/* /a/ import NotImported */",
        "/// see x!/y",
    ]

    mutating func file() -> String {
        var lines: [String] = []
        for _ in 0..<Int.random(in: 4...12, using: &random) {
            switch Int.random(in: 0..<6, using: &random) {
            case 0, 1:
                counter += 1
                lines.append("import Module\(counter)")
            case 2:
                lines.append(Self.trivia.randomElement(using: &random) ?? "")
            case 3:
                counter += 1
                lines.append(statement() + "; import Module\(counter)")
            default:
                var line = statement()
                if Bool.random(using: &random) { line += "; " + statement() }
                lines.append(line)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private mutating func statement() -> String {
        counter += 1
        let template = Self.statements.randomElement(using: &random) ?? ""
        return template.replacingOccurrences(of: "#", with: "\(counter)", options: [], range: template.range(of: "#"))
    }
}
