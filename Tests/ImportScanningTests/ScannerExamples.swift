/// The scanner's example table: every case of "The import scanner" in DESIGN.md, written as
/// marked sources (`⌖` before each module name that must be reported).
enum ScannerExamples {
    static let positive: [ScannerExample] = [
        .init("plain", "import ⌖Foundation\n", ["import Foundation"]),
        .init("no trailing newline", "import ⌖Foundation", ["import Foundation"]),
        .init("several lines", "import ⌖A\nimport ⌖B\n\nimport ⌖C\n", ["import A", "import B", "import C"]),
        .init("semicolon separated", "import ⌖A; import ⌖B\n", ["import A", "import B"]),
        .init("semicolon without space", "import ⌖A;import ⌖B;import ⌖C", ["import A", "import B", "import C"]),
        .init("indented with tabs", "\t\timport ⌖A\n", ["import A"]),
        .init("submodule", "import ⌖Darwin.C.stdio\n", ["import Darwin.C.stdio"]),
        .init("backticked module", "import `⌖Foo`\n", ["import Foo"]),
        .init("backticked keyword module", "import `⌖class`\n", ["import class"]),
        .init("unicode module", "import ⌖Modülé\n", ["import Modülé"]),
        .init("multi-byte text before on the line", "/* ✈️ ü */ import ⌖A\n", ["import A"]),
        .init("trailing comment", "import ⌖A // import B\n", ["import A"]),
        .init("trailing block comment", "import ⌖A /* import B */\n", ["import A"]),

        // Kinds
        .init("typealias kind", "import typealias ⌖A.B\n", ["import typealias A.B"]),
        .init("struct kind", "import struct ⌖A.B\n", ["import struct A.B"]),
        .init("class kind", "import class ⌖A.B\n", ["import class A.B"]),
        .init("enum kind", "import enum ⌖A.B\n", ["import enum A.B"]),
        .init("protocol kind", "import protocol ⌖A.B\n", ["import protocol A.B"]),
        .init("let kind", "import let ⌖A.b\n", ["import let A.b"]),
        .init("var kind", "import var ⌖A.b\n", ["import var A.b"]),
        .init("func kind", "import func ⌖A.f\n", ["import func A.f"]),

        // Access levels (SE-0409)
        .init("public", "public import ⌖A\n", ["public import A"]),
        .init("package", "package import ⌖A\n", ["package import A"]),
        .init("internal", "internal import ⌖A\n", ["internal import A"]),
        .init("fileprivate", "fileprivate import ⌖A\n", ["fileprivate import A"]),
        .init("private", "private import ⌖A\n", ["private import A"]),
        .init("access and kind", "public import struct ⌖A.B\n", ["public import struct A.B"]),

        // Attributes
        .init("testable", "@testable import ⌖A\n", ["@testable import A"]),
        .init("exported", "@_exported import ⌖A\n", ["@_exported import A"]),
        .init("preconcurrency", "@preconcurrency import ⌖A\n", ["@preconcurrency import A"]),
        .init("implementation only", "@_implementationOnly import ⌖A\n", ["@_implementationOnly import A"]),
        .init("spi", "@_spi(Internal) import ⌖A\n", ["@_spi(Internal) import A"]),
        .init("spi with spaces", "@_spi( Internal ) import ⌖A\n", ["@_spi(Internal) import A"]),
        .init("two spi", "@_spi(A) @_spi(B) import ⌖M\n", ["@_spi(A) @_spi(B) import M"]),
        .init("attribute on the line before", "@testable\nimport ⌖A\n", ["@testable import A"]),
        .init("attribute, comment, then import", "@_spi(X) // why\n/* and */ public\nimport ⌖A\n", ["@_spi(X) public import A"]),
        .init("attribute and access", "@preconcurrency public import ⌖A\n", ["@preconcurrency public import A"]),
        .init("attribute after a declaration", "let x = 1\n@testable import ⌖A\n", ["@testable import A"]),
        .init("attribute of an earlier declaration is not carried", "@MainActor final class C {}\nimport ⌖A\n", ["import A"]),
        .init("access of an earlier declaration is not carried", "public let x = 1\nimport ⌖A\n", ["import A"]),
        .init("a member named like a modifier is not one", "enum Level { case `private` }\nlet level: Level = .private\nimport ⌖Foo\n", ["import Foo"]),

        // Comments
        .init("line comment", "// import X\nimport ⌖A\n", ["import A"]),
        .init("doc comment", "/// import X\nimport ⌖A\n", ["import A"]),
        .init("block comment", "/* import X */\nimport ⌖A\n", ["import A"]),
        .init("doc block comment", "/** import X\n import Y */\nimport ⌖A\n", ["import A"]),
        .init("nested block comment", "/* outer /* inner */ import X */\nimport ⌖A\n", ["import A"]),
        .init("deeply nested block comment", "/*/*/* import X */*/ import Y */ import ⌖A\n", ["import A"]),

        // Strings
        .init("string", "let s = \"import X\"\nimport ⌖A\n", ["import A"]),
        .init("string with escaped quote", "let s = \"\\\" import X\"\nimport ⌖A\n", ["import A"]),
        .init("multi-line string", "let s = \"\"\"\nimport X\n\"\"\"\nimport ⌖A\n", ["import A"]),
        .init("multi-line string with quotes inside", "let s = \"\"\"\n\"\" \\\"\"\" import X\n\"\"\"\nimport ⌖A\n", ["import A"]),
        .init("raw string", "let s = #\"import X \" \\\"#\nimport ⌖A\n", ["import A"]),
        .init("raw string of depth two", "let s = ##\"\"# import X\"##\nimport ⌖A\n", ["import A"]),
        .init("multi-line raw string", "let s = #\"\"\"\n\"\"\"\nimport X\n\"\"\"#\nimport ⌖A\n", ["import A"]),
        .init("interpolation", "let s = \"\\(x) import X\"\nimport ⌖A\n", ["import A"]),
        .init("interpolation holding a string with a parenthesis", "let s = \"\\(f(\")\")) import X\"\nimport ⌖A\n", ["import A"]),
        .init("nested interpolation", "let s = \"\\(\"\\(\"import X\")\")\"\nimport ⌖A\n", ["import A"]),
        .init("raw interpolation", "let s = #\"\\#(x) \\(y\"#\nimport ⌖A\n", ["import A"]),
        .init("interpolation in a multi-line string across lines", "let s = \"\"\"\n\\(f(\n  1))\nimport X\n\"\"\"\nimport ⌖A\n", ["import A"]),
        .init("string holding a comment opener", "let s = \"/*\"\nimport ⌖A\n", ["import A"], commentWrappable: false),
        .init("comment opener after a string", "let s = \"//\"; import ⌖A\n", ["import A"]),

        // Regex literals
        .init("extended regex", "let r = #/import X \"/#\nimport ⌖A\n", ["import A"]),
        .init("multi-line extended regex", "let r = #/\n  import X \"\n/#\nimport ⌖A\n", ["import A"]),
        .init("bare regex holding a quote", "let r = /\"/\nimport ⌖A\n", ["import A"]),
        .init("division is not a regex", "let x = a / b / c; import ⌖A\n", ["import A"]),
        .init("postfix ! before division", "func half(_ p: Int?) -> Int { p!/2 }; let q = quarter!/4\nimport ⌖Networking\n", ["import Networking"]),
        .init("postfix ! before division, a slash in a later string", "let q = x!/2; let s = \"/\"\nimport ⌖A\n", ["import A"]),
        .init("postfix ? and ] before division", "let a = b?/2; let c = d[0]/2/1\nimport ⌖A\n", ["import A"]),
        .init("regex after a prefix !", "let m = !/a b/.wholeMatch(in: s)\nimport ⌖A\n", ["import A"]),
        .init("regex after ??", "let r = o ?? /\"/\nimport ⌖A\n", ["import A"]),
        .init("operator reference in parentheses", "let f: (Double, Double) -> Double = (/) // divide\nimport ⌖A\nimport ⌖B\n", ["import A", "import B"]),
        .init("operator passed as an argument", "let x = [1.0].reduce(1, /); let s = \"a/b\"\nimport ⌖Foo\n", ["import Foo"]),

        // Labels and members named import
        .init("argument label", "f(import: 1)\nimport ⌖A\n", ["import A"]),
        .init("parameter label", "func f(import x: Int) {}\nimport ⌖A\n", ["import A"]),
        .init("member named import", "let y = x.import\nimport ⌖A\n", ["import A"]),
        .init("identifier containing import", "let reimport = importer\nimport ⌖A\n", ["import A"]),

        // #if
        .init("if", "#if os(iOS)\nimport ⌖UIKit\n#endif\n", ["import UIKit"]),
        .init("if elseif else", "#if os(iOS)\nimport ⌖UIKit\n#elseif os(macOS)\nimport ⌖AppKit\n#else\nimport ⌖Glibc\n#endif\n", ["import UIKit", "import AppKit", "import Glibc"]),
        .init("nested if", "#if DEBUG\n#if canImport(A)\nimport ⌖A\n#endif\n#endif\nimport ⌖B\n", ["import A", "import B"]),
        .init("if false", "#if false\nimport ⌖Never\n#endif\n", ["import Never"]),
        .init("directive text in a string", "let s = \"#if false\"\nimport ⌖A\n", ["import A"]),
        .init("condition continued inside parentheses", "#if (os(iOS) ||\n  os(tvOS))\nimport ⌖A\n#endif\n", ["import A"]),
        .init("condition with a comment", "#if DEBUG // only for tests\nimport ⌖A\n#endif // DEBUG\n", ["import A"]),
        .init("if inside a type is not an import", "struct S {\n#if DEBUG\nvar x = 1\n#endif\n}\nimport ⌖A\n", ["import A"]),

        // Line endings and file starts
        .init("CRLF", "import ⌖A\r\nimport ⌖B\r\n", ["import A", "import B"]),
        .init("CRLF with comments and strings", "// c\r\nlet s = \"\"\"\r\nimport X\r\n\"\"\"\r\nimport ⌖A\r\n", ["import A"]),
        .init("lone CR", "// comment\rimport ⌖A\r", ["import A"]),
        .init("only comments", "// import A\n/* import B */\n/// import C\n", []),
        .init("only strings", "_ = \"import A\"\n_ = \"\"\"\nimport B\n\"\"\"\n", []),
        .init("form feed and vertical tab", "\u{0C}import\u{0B}⌖A\n", ["import A"]),
    ]

    /// Examples that only make sense at the very start of a file.
    static let fileStart: [ScannerExample] = [
        .init("byte-order mark", "\u{FEFF}import ⌖A\r\nimport ⌖B\r\n", ["import A", "import B"]),
        .init("shebang", "#!/usr/bin/env swift\nimport ⌖A\n", ["import A"]),
    ]

    /// Code the compiler rejects, where the scanner must still list what the compiler lists.
    static let rejectedByCompiler: [ScannerExample] = [
        .init("import in a function body", "func f() {\n  import X\n}\n", []),
        .init("import in a type body", "struct S { import X }\n", []),
        .init("import in a closure in an interpolation", "let s = \"\\({ import X }())\"\n", []),
        .init("space before a dot ends the path", "import ⌖A .b()\n", ["import A"]),
    ]
}
