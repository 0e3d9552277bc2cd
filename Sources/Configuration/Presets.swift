/// Configurations for the well-known conventions (layered folders, module suffixes, feature
/// modules, clean architecture), chosen by `preset` in `bulkhead.json` or `--preset` on the
/// command line. Each layer names, in `convention`, the
/// rule of its architecture that its row states, so a finding says which rule was broken.
package enum Presets {
    package static let all: [String: Configuration] = ["layers": layers, "suffixes": suffixes, "features": features, "clean": clean]

    /// One line per preset, for help and for `init`'s suggestions.
    package static let summaries: [String: String] = [
        "layers": "five layers read from folders, Sources/<Layer>/<Target>: Kernel, Interfaces, Infrastructure, Features, App",
        "suffixes": "the suffix taxonomy: *Models, *Interfaces, *UI, *Assembly exported; *Services, *Feature internal to their package; *Testing for tests; App* composition roots",
        "features": "every feature as X, XInterface, XTesting, XTests: features see other features only through their interfaces, Testing only from tests",
        "clean": "Clean Architecture: Domain ← Data, Domain ← Presentation, and Domain imports no UI or persistence framework",
    ]

    /// A preset's paths are relative to each package, by design: every nested package may follow
    /// the convention on its own.
    private static func packageRelative(_ layers: [Configuration.Layer]) -> [Configuration.Layer] {
        layers.map { layer in
            var layer = layer
            layer.pathsArePackageRelative = true
            return layer
        }
    }

    /// Five layers read from the folder, `Sources/<Layer>/<Target>`, with exactly this table:
    /// Kernel uses nothing; Interfaces the Kernel; Infrastructure the Kernel, Interfaces and other
    /// Infrastructure; Features the Kernel and Interfaces; App all four. Third-party products only
    /// in Infrastructure and App.
    package static let layers = Configuration(preset: "layers", layers: packageRelative([
        .init(name: "Kernel", paths: ["Sources/Kernel/*"], mayUse: []),
        .init(name: "Interfaces", paths: ["Sources/Interfaces/*"], mayUse: ["Kernel"]),
        .init(name: "Infrastructure", paths: ["Sources/Infrastructure/*"], mayUse: ["Kernel", "Interfaces", "Infrastructure"], allowsThirdParty: true),
        .init(name: "Features", paths: ["Sources/Features/*"], mayUse: ["Kernel", "Interfaces"]),
        .init(name: "App", paths: ["Sources/App/*"], mayUse: ["Kernel", "Interfaces", "Infrastructure", "Features"], allowsThirdParty: true),
    ]))

    /// The suffix taxonomy: the module's suffix is its layer, in every package alike. Models,
    /// Interfaces, UI and Assembly are exports; Services and Feature are internal to their package
    /// (`package-internal`); the intra-package table is the convention's, each layer also using its own
    /// kind (exports form a DAG across packages). Composition roots — the app target (`*App`) and
    /// its orchestrator (`AppBootstrap*`, `AppComposition*`) — and `*Testing` may use everything.
    /// Third-party libraries are not services: any layer may use them.
    package static let suffixes = Configuration(preset: "suffixes", layers: packageRelative([
        .init(name: "CompositionRoots", suffixes: ["App"], prefixes: ["AppBootstrap", "AppComposition"], mayUse: ["*"], allowsThirdParty: true,
              convention: "composition roots may import anything"),
        .init(name: "Testing", suffixes: ["Testing", "Tests"], mayUse: ["*"], allowsThirdParty: true,
              convention: "*Testing modules may import any module from any package"),
        .init(name: "Models", suffixes: ["Models"], mayUse: ["Models"], allowsThirdParty: true,
              convention: "Models is the leaf"),
        .init(name: "Interfaces", suffixes: ["Interfaces"], mayUse: ["Models", "Interfaces"], allowsThirdParty: true,
              convention: "Interfaces uses Models and Interfaces only"),
        .init(name: "UI", suffixes: ["UI"], mayUse: ["Models", "Interfaces", "UI"], allowsThirdParty: true,
              convention: "a *UI module must not depend on any *Services or *Feature module"),
        .init(name: "Assembly", suffixes: ["Assembly"], mayUse: ["Models", "Interfaces", "Services", "Feature", "Assembly"], allowsThirdParty: true,
              convention: "Assembly is the cross-package composition point: it imports its own package's internals, never UI"),
        .init(name: "Services", suffixes: ["Services"], mayUse: ["Models", "Interfaces", "Services"], allowsThirdParty: true, isPackageInternal: true,
              convention: "cross-package, only import exports; Services uses Models and Interfaces"),
        .init(name: "Feature", suffixes: ["Feature"], mayUse: ["Models", "Interfaces", "UI", "Services", "Feature"], allowsThirdParty: true, isPackageInternal: true,
              convention: "cross-package, only import exports; Feature is the intra-package composition point"),
    ]))

    /// Features as four targets, `X`, `XInterface`, `XTesting` and `XTests`, in
    /// `Features/<X>/{Sources,Interface,Testing,Tests}`, beside core modules in
    /// `Core/<Name>/Sources`. A feature uses core modules and other features' interfaces only;
    /// an interface uses core modules only; Testing targets only reach tests; third-party
    /// libraries enter only through core modules.
    /// It also turns `feature-shape` on, which every other configuration leaves off.
    package static let features = Configuration(preset: "features", layers: packageRelative([
        .init(name: "Tests", paths: ["Features/*/Tests", "Core/*/Tests"], suffixes: ["Tests"], mayUse: ["*"], allowsThirdParty: true,
              convention: "XTests may use anything, other features' Testing targets included"),
        .init(name: "Testing", paths: ["Features/*/Testing"], suffixes: ["Testing"], mayUse: ["Interfaces", "Core"],
              convention: "Testing targets are fakes of their interface, used only by tests, never by an app product"),
        .init(name: "Interfaces", paths: ["Features/*/Interface"], suffixes: ["Interface"], mayUse: ["Core"],
              convention: "an Interface sees core modules only"),
        .init(name: "Features", paths: ["Features/*/Sources"], mayUse: ["Interfaces", "Core"],
              convention: "a feature mentions another feature only through its Interface"),
        .init(name: "Core", paths: ["Core/*/Sources"], mayUse: ["Core"], allowsThirdParty: true,
              convention: "third-party libraries enter only through core modules"),
    ]), rules: ["feature-shape": .error])

    /// Clean Architecture in three layers by suffix: Domain uses nothing else and imports no UI or
    /// persistence framework; Data and Presentation use Domain, never each other; the app target
    /// (`*App`) is the composition root that wires them; tests reach anything.
    package static let clean = Configuration(preset: "clean", layers: packageRelative([
        .init(name: "App", suffixes: ["App"], mayUse: ["*"], allowsThirdParty: true,
              convention: "the composition root wires everything"),
        .init(name: "Tests", suffixes: ["Tests"], mayUse: ["*"], allowsThirdParty: true),
        .init(name: "Domain", suffixes: ["Domain"], mayUse: ["Domain"],
              forbiddenImports: ["SwiftUI", "UIKit", "AppKit", "WatchKit", "SwiftData", "CoreData"],
              convention: "business rules must not depend on details: Domain is pure Swift, with no SwiftUI, no SwiftData, no networking"),
        .init(name: "Data", suffixes: ["Data"], mayUse: ["Domain", "Data"], allowsThirdParty: true,
              convention: "Data implements Domain's protocols and knows only Domain"),
        .init(name: "Presentation", suffixes: ["Presentation", "UI"], mayUse: ["Domain", "Presentation"], allowsThirdParty: true,
              convention: "Presentation asks Domain's use cases; it never reaches Data"),
    ]))
}
