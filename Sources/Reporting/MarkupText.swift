/// Text inside XML or HTML markup, as content or an attribute value: the five special characters
/// as entities, and the characters XML 1.0 cannot hold dropped (control characters but tab and
/// line breaks, U+FFFE, U+FFFF), which a browser would not show either. The JUnit, Checkstyle and
/// HTML reports escape alike.
enum MarkupText {
    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value) { continue }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
