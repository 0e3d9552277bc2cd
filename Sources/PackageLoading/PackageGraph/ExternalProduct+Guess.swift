import ModuleGraph

extension ExternalProduct {
    /// A remote product whose checkout was not read: its one module guessed from its name as
    /// SwiftPM names a target's module (`UITextView+Placeholder` → `UITextView_Placeholder`),
    /// since an import can only spell an identifier; marked as a guess.
    static func guessed(name: String, package: String) -> ExternalProduct {
        ExternalProduct(name: name, package: package, modules: [DefaultTargetLayout.c99Name(name)], isGuess: true)
    }
}
