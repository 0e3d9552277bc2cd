import DeclarationFiles
import ImportScanning

// The manifest editor on arbitrary bytes. Oracle: `add`, `remove` and `removeDuplicate` of names
// taken from the input never trap, and every edit that succeeds is checked here again, independently of the
// editor's own re-read: the new token sequence is the old one with one contiguous run inserted
// (add) or removed (remove, removeDuplicate, which also leaves the name in the file), that run is the element (plus at most one comma; for a new argument
// `dependencies: [element]`), and it sits in the `dependencies:` list of the target's own
// `.factory(name: "T", …)` call.

private struct Token: Equatable {
    var kind: SourceToken.Kind
    var bytes: ArraySlice<UInt8>
    var text: String?
}

private func tokens(_ bytes: [UInt8]) -> [Token] {
    SourceToken.tokenize(bytes).map { token in
        let start = min(token.position.offset, bytes.count)
        return Token(kind: token.kind, bytes: bytes[start..<min(max(token.end, start), bytes.count)], text: token.text)
    }
}

private func isPunctuation(_ token: Token, _ text: String) -> Bool { token.kind == .other && token.bytes.elementsEqual(text.utf8) }

/// Every way `longer` is `shorter` with one contiguous run inserted: where, and the run. A run
/// can slide while the token before it equals its last one (`, "B"` after `"B"` is also
/// `"B" ,`), so the oracle accepts the edit when any of those readings is the intended one.
private func insertedRuns(_ shorter: [Token], _ longer: [Token]) -> [(at: Int, run: ArraySlice<Token>)] {
    guard longer.count > shorter.count else { return [] }
    var prefix = 0
    while prefix < shorter.count, shorter[prefix] == longer[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < shorter.count - prefix, shorter[shorter.count - 1 - suffix] == longer[longer.count - 1 - suffix] { suffix += 1 }
    guard prefix + suffix == shorter.count else { return [] }
    let length = longer.count - shorter.count
    var at = prefix
    var runs = [(at, longer[at..<(at + length)])]
    while at > 0, longer[at - 1] == longer[at - 1 + length] {
        at -= 1
        runs.append((at, longer[at..<(at + length)]))
    }
    return runs
}

/// Whether the position `index` of `tokens` is inside the dependencies list (or, for a new
/// argument, directly inside the call) of `target`'s declaration.
private func isInDeclaration(of target: String, at index: Int, in tokens: [Token], list: Bool) -> Bool {
    var open: [Int] = []
    for position in 0..<index {
        switch tokens[position].kind {
        case .openParenthesis, .openBracket: open.append(position)
        case .closeParenthesis, .closeBracket: _ = open.popLast()
        default: break
        }
    }
    var call = open.last
    if list {
        guard let bracket = open.popLast(), tokens[bracket].kind == .openBracket, bracket >= 2,
              tokens[bracket - 1].kind == .colon, tokens[bracket - 2].text == "dependencies" else { return false }
        call = open.last
    }
    guard let call, tokens[call].kind == .openParenthesis, call >= 2, call + 3 < tokens.count,
          isPunctuation(tokens[call - 2], "."), ["target", "executableTarget", "testTarget", "macro", "plugin"].contains(tokens[call - 1].text ?? ""),
          tokens[call + 1].text == "name", tokens[call + 2].kind == .colon, tokens[call + 3].kind == .stringLiteral, tokens[call + 3].text == target
    else { return false }
    return true
}

private func checkAdd(_ spelling: String, to target: String, before: [UInt8], after: [UInt8]) {
    let old = tokens(before), new = tokens(after)
    let runs = insertedRuns(old, new)
    guard !runs.isEmpty else { fatalError("add: not one inserted run") }
    // The element alone (an empty list), with its comma on either side, or a new argument, in
    // the target's own declaration.
    let listForms = [spelling, ", " + spelling, spelling + ","].map { tokens(Array($0.utf8)) }
    let argumentForms = [", dependencies: [\(spelling)]", "dependencies: [\(spelling)],"].map { tokens(Array($0.utf8)) }
    let intended = runs.contains { at, run in
        let inside = run.first.map { isPunctuation($0, ",") } == true ? at + 1 : at
        if listForms.contains(where: { run.elementsEqual($0) }) { return isInDeclaration(of: target, at: inside, in: new, list: true) }
        if argumentForms.contains(where: { run.elementsEqual($0) }) { return isInDeclaration(of: target, at: inside, in: new, list: false) }
        return false
    }
    guard intended else { fatalError("add: the inserted run is not the element in \(target)'s declaration") }
}

private func checkRemove(_ name: String, from target: String, before: [UInt8], after: [UInt8]) {
    let old = tokens(before), new = tokens(after)
    let runs = insertedRuns(new, old)
    guard !runs.isEmpty else { fatalError("remove: not one removed run") }
    let intended = runs.contains { at, run in
        var element = run
        if let first = element.first, isPunctuation(first, ",") { element = element.dropFirst() }
        else if let last = element.last, isPunctuation(last, ",") { element = element.dropLast() }
        let tokens = Array(element)
        let names = tokens.count == 1 ? tokens[0].kind == .stringLiteral && tokens[0].text == name
            : tokens.count > 5 && isPunctuation(tokens[0], ".") && tokens[2].kind == .openParenthesis && tokens[3].text == "name"
                && tokens[4].kind == .colon && tokens[5].kind == .stringLiteral && tokens[5].text == name
        let inside = run.first.map { isPunctuation($0, ",") } == true ? at + 1 : at
        return names && isInDeclaration(of: target, at: inside, in: old, list: true)
    }
    guard intended else { fatalError("remove: the removed run is not an element naming \(name) in \(target)'s list") }
    // The list still reads: no new doubled comma, no new comma right after `[`.
    func strayCommas(_ tokens: [Token]) -> Int {
        tokens.indices.dropFirst().filter {
            isPunctuation(tokens[$0], ",") && (isPunctuation(tokens[$0 - 1], ",") || tokens[$0 - 1].kind == .openBracket)
        }.count
    }
    guard strayCommas(new) <= strayCommas(old) else { fatalError("remove: a stray comma") }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var names: [String] = []
    for token in SourceToken.tokenize(bytes) where token.kind == .stringLiteral {
        if let text = token.text, !names.contains(text) { names.append(text) }
        if names.count == 4 { break }
    }
    if names.isEmpty { names = ["A"] }
    for target in names.prefix(3) {
        for spelling in ["\"Zed\"", ".product(name: \"P\", package: \"p\")"] {
            var editor = ManifestEditor(bytes: bytes)
            if (try? editor.add(spelling, to: target)) != nil { checkAdd(spelling, to: target, before: bytes, after: editor.bytes) }
        }
        for name in names {
            var editor = ManifestEditor(bytes: bytes)
            if (try? editor.remove(name, from: target)) != nil { checkRemove(name, from: target, before: bytes, after: editor.bytes) }
            var duplicate = ManifestEditor(bytes: bytes)
            if (try? duplicate.removeDuplicate(name, from: target)) != nil {
                checkRemove(name, from: target, before: bytes, after: duplicate.bytes)
                // Another element naming it stays: the name is still a literal of the manifest.
                guard tokens(duplicate.bytes).contains(where: { $0.kind == .stringLiteral && $0.text == name }) else {
                    fatalError("removeDuplicate: no element names \(name) any more")
                }
            }
        }
    }
    return 0
}
