/// Configurations for the conventions the seed documents describe, chosen by `preset` in
/// `bulkhead.json` or `--preset` on the command line.
package enum Presets {
    package static let all: [String: Configuration] = ["layers": layers]

    /// Five layers read from the folder, `Sources/<Layer>/<Target>`, with exactly this table:
    /// Kernel uses nothing; Interfaces the Kernel; Infrastructure the Kernel, Interfaces and other
    /// Infrastructure; Features the Kernel and Interfaces; App all four. Third-party products only
    /// in Infrastructure and App.
    /// Paths are package-relative, by design: each nested package may follow the convention.
    package static let layers = Configuration(preset: "layers", layers: ([
        .init(name: "Kernel", paths: ["Sources/Kernel/*"], mayUse: []),
        .init(name: "Interfaces", paths: ["Sources/Interfaces/*"], mayUse: ["Kernel"]),
        .init(name: "Infrastructure", paths: ["Sources/Infrastructure/*"], mayUse: ["Kernel", "Interfaces", "Infrastructure"], allowsThirdParty: true),
        .init(name: "Features", paths: ["Sources/Features/*"], mayUse: ["Kernel", "Interfaces"]),
        .init(name: "App", paths: ["Sources/App/*"], mayUse: ["Kernel", "Interfaces", "Infrastructure", "Features"], allowsThirdParty: true),
    ] as [Configuration.Layer]).map { layer in
        var layer = layer
        layer.pathsArePackageRelative = true
        return layer
    })
}
