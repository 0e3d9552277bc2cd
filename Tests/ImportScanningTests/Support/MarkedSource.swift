@testable import ImportScanning

/// A source with `⌖` markers placed right before each expected import's module name. The markers
/// are removed; their positions become the expected lines and columns.
struct MarkedSource {
    static let marker = "⌖"

    let text: String
    let expectedPositions: [(line: Int, column: Int)]

    init(_ marked: String) {
        var bytes: [UInt8] = []
        var positions: [(line: Int, column: Int)] = []
        var line = 1
        var lineStart = 0
        let markerBytes = Array(Self.marker.utf8)
        let source = Array(marked.utf8)
        var index = 0
        while index < source.count {
            if source[index...].starts(with: markerBytes) {
                positions.append((line, bytes.count - lineStart + 1))
                index += markerBytes.count
                continue
            }
            let byte = source[index]
            bytes.append(byte)
            index += 1
            let isLoneCarriageReturn = byte == 13 && (index == source.count || source[index] != 10)
            if byte == 10 || isLoneCarriageReturn {
                line += 1
                lineStart = bytes.count
            }
        }
        text = String(decoding: bytes, as: UTF8.self)
        expectedPositions = positions
    }
}

/// One expected import, in the compact spelling the tables use:
/// `"@testable @_spi(X) public import struct A.B"` (the canonical rendering).
struct ExpectedImport: CustomStringConvertible, Equatable {
    let spelling: String
    init(_ spelling: String) { self.spelling = spelling }
    var description: String { spelling }

    static func rendering(_ declaration: ImportDeclaration) -> String {
        var parts = declaration.attributes.map(\.description)
        if let access = declaration.accessLevel { parts.append(access.rawValue) }
        parts.append("import")
        if let kind = declaration.kind { parts.append(kind.rawValue) }
        parts.append(declaration.dottedPath)
        return parts.joined(separator: " ")
    }
}
