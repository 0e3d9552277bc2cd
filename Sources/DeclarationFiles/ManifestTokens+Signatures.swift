import ImportScanning

/// A token as the comparison sees it: its kind and its exact bytes.
struct TokenSignature: Equatable {
    var kind: SourceToken.Kind
    var bytes: ArraySlice<UInt8>
}

extension ManifestTokens {
    func signature(_ index: Int) -> TokenSignature { TokenSignature(kind: tokens[index].kind, bytes: spelling(index)) }

    func signatures(_ item: ClosedRange<Int>) -> [TokenSignature] { item.map(signature) }
}
