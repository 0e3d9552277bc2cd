import Formats

/// A target a project builds: a `PBXNativeTarget`, or a `PBXAggregateTarget` or
/// `PBXLegacyTarget`, which other targets depend on for build order and which compile and link
/// nothing of their own.
package struct PBXTarget: Sendable, Hashable {
    package enum Kind: Sendable, Hashable {
        case native, aggregate, legacy

        init?(isa: String?) {
            switch isa {
            case "PBXNativeTarget": self = .native
            case "PBXAggregateTarget": self = .aggregate
            case "PBXLegacyTarget": self = .legacy
            default: return nil
            }
        }

        /// How a refusal names it: "an aggregate target".
        package var phrase: String {
            switch self {
            case .native: "a native target"
            case .aggregate: "an aggregate target"
            case .legacy: "a legacy (external build tool) target"
            }
        }
    }

    package var identifier: String
    package var kind: Kind
    /// Its `name`, else its identifier.
    package var name: String
    /// `productType` as written (`com.apple.product-type.framework`); nil for aggregate and
    /// legacy targets.
    package var productType: String?
    /// From its identifier to the `;` after its dictionary.
    package var range: Range<Int>
}

extension ProjectObjects {
    /// The targets of the root project's `targets` list, in its order; an error when one names
    /// no object. A file without a root project (a fragment, as a test writes one) has every
    /// target object in the file's order: the only reader that accepts one is the locator.
    package func targets() throws(ProjectObjectsError) -> [PBXTarget] {
        let identifiers: [String]
        if let root = try rootProject() {
            identifiers = try references("targets", of: root)
        } else {
            identifiers = (objectsNode.entries ?? []).map(\.key)
        }
        return identifiers.compactMap { target($0) }
    }

    /// The target `identifier` names; nil when it is no target.
    package func target(_ identifier: String) -> PBXTarget? {
        guard let entry = entry(identifier), let kind = PBXTarget.Kind(isa: entry.value["isa"]?.value.string) else { return nil }
        return PBXTarget(identifier: identifier, kind: kind, name: entry.value["name"]?.value.string ?? identifier,
                         productType: entry.value["productType"]?.value.string, range: entry.range)
    }

    /// The target called `name` among `targets()`; nil when none or more than one is, or the
    /// targets do not read.
    package func target(named name: String) -> PBXTarget? {
        let matches = ((try? targets()) ?? []).filter { $0.name == name }
        return Set(matches.map(\.identifier)).count == 1 ? matches.first : nil
    }
}
