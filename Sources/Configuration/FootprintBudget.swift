import Formats
import ModuleGraph

/// `footprint: { budgets: [...] }`: how much an image may hold — an app extension kept small, a
/// widget that must not grow a design system. Checked by `footprint-budget`.
package struct FootprintBudget: Sendable, Hashable {
    /// Image name globs (`"*Widget*"`); with `kinds` empty and these empty, every image.
    package var images: [String]
    /// Image kinds (`app-extension`, `application`, …: `BinaryImages.Kind`).
    package var kinds: [BinaryImages.Kind]
    package var maxModules: Int?
    /// Of the Swift sources of the modules it holds, on disk (remote modules are not counted).
    package var maxSourceBytes: Int?

    package init(images: [String] = [], kinds: [BinaryImages.Kind] = [], maxModules: Int? = nil, maxSourceBytes: Int? = nil) {
        self.images = images
        self.kinds = kinds
        self.maxModules = maxModules
        self.maxSourceBytes = maxSourceBytes
    }

    /// Whether the budget speaks for an image of `kind` named `name`.
    package func applies(toImageNamed name: String, kind: BinaryImages.Kind) -> Bool {
        let byName = images.isEmpty || images.contains { Glob($0).matches(name) }
        let byKind = kinds.isEmpty || kinds.contains(kind)
        return byName && byKind
    }
}
