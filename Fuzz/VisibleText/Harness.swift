import Diagnostics
import Formats
import Foundation

/// What reports and messages do to untrusted names and values, on text made from arbitrary bytes
/// (decoded as UTF-8 with repairs, as any file name or manifest string becomes a `String`).
/// Oracle: no trap; `VisibleText.escaped` equals a scalar-by-scalar reference (every control
/// character C0, DEL and C1 as `\xHH`, everything else as it is), so no control character is
/// left; `appendEscaped` appends exactly those bytes after what a buffer holds (it reads eight
/// bytes at a time); and `trimmingBlanks` removes what Foundation's
/// `trimmingCharacters(in: .whitespaces)` removes, from a string and from a substring of it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let text = String(decoding: bytes, as: UTF8.self)

    var reference = ""
    for scalar in text.unicodeScalars {
        if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
            let hex = String(scalar.value, radix: 16, uppercase: true)
            reference += "\\x" + (hex.count < 2 ? "0" + hex : hex)
        } else {
            reference.unicodeScalars.append(scalar)
        }
    }
    let escaped = VisibleText.escaped(text)
    precondition(Array(escaped.utf8) == Array(reference.utf8), "escaped differs from the reference: \(Array(text.utf8))")
    precondition(!escaped.unicodeScalars.contains(where: VisibleText.isControl), "a control character was left: \(Array(text.utf8))")

    let prefix = Array(bytes.prefix(3).map { $0 & 0x7F | 0x20 })
    var appended = prefix
    VisibleText.appendEscaped(text, to: &appended)
    precondition(appended == prefix + Array(reference.utf8), "appendEscaped differs from escaped: \(Array(text.utf8))")

    // Compared as bytes: `==` on strings takes canonically equivalent ones for equal.
    precondition(Array(text.trimmingBlanks().utf8) == Array(text.trimmingCharacters(in: .whitespaces).utf8), "trimming differs from Foundation's: \(Array(text.utf8))")
    let scalars = text.unicodeScalars
    let offset = scalars.index(scalars.startIndex, offsetBy: min(scalars.count, Int(bytes.first ?? 0) % 4))
    let substring = text[offset...]
    precondition(Array(substring.trimmingBlanks().utf8) == Array(substring.trimmingCharacters(in: .whitespaces).utf8), "substring trimming differs from Foundation's: \(Array(text.utf8))")
    return 0
}
