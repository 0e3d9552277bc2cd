import ModuleGraph

/// Folder layouts for `init`: targets that share a parent folder, `Sources/<Layer>/<Target>` or
/// `Modules/<Layer>/<Target>` inside a package, or packages that share one in a repository of
/// packages (one package per module). A folder holding at least two targets is a layer.
enum FolderGroups {
    /// Parent folders that only say "sources", not what the targets are.
    static let plain: Set<String> = ["Sources", "Source", "Tests", "Src", "src", "Modules", "Packages", "."]

    static func layers(for targets: [Target], in graph: ModuleGraph) -> InferredConvention? {
        // Within packages: Sources/<Layer>/<Target> → the <Layer> folder, by path glob.
        var byFolder: [String: [String]] = [:]
        // Across packages: <Group>/<Package>/… → the group, by target names.
        var byPackageGroup: [String: [String]] = [:]
        for target in targets {
            let parts = target.path.split(separator: "/").map(String.init)
            if parts.count >= 2, !plain.contains(parts[parts.count - 2]) {
                byFolder[parts.dropLast().joined(separator: "/"), default: []].append(target.name)
                continue
            }
            let packagePath = graph.package(target.id.package)?.localPath ?? "."
            let packageParts = packagePath.split(separator: "/").map(String.init)
            if packageParts.count >= 2, !plain.contains(packageParts[packageParts.count - 2]) {
                byPackageGroup[packageParts.dropLast().joined(separator: "/"), default: []].append(target.name)
            } else if packageParts.count >= 2 {
                // Modules/<Package>: one package per module, each its own group only if it has several.
                continue
            }
        }
        var layers: [ConfigurationInference.InferredLayer] = []
        var placed = 0
        for (folder, members) in byFolder.sorted(by: { $0.key < $1.key }) where members.count >= 2 {
            let name = folderLayerName(folder, taken: layers.map(\.layer.name))
            layers.append(.init(layer: .init(name: name, paths: ["\(folder)/*"]),
                                reason: "\(members.count) targets live in \(folder)/: \(ConfigurationInference.listed(members.sorted()))."))
            placed += members.count
        }
        for (group, members) in byPackageGroup.sorted(by: { $0.key < $1.key }) where members.count >= 2 {
            let name = folderLayerName(group, taken: layers.map(\.layer.name))
            layers.append(.init(layer: .init(name: name, targets: members.sorted()),
                                reason: "\(members.count) targets are in packages under \(group)/: \(ConfigurationInference.listed(members.sorted()))."))
            placed += members.count
        }
        guard layers.count >= 2 else { return nil }
        return InferredConvention(kind: "folders", layers: layers, placed: placed)
    }

    /// The folder's name, or with its parent's when another layer has it (`iOS/Core` beside
    /// `macOS/Core`: `iOSCore`), never a number unless both are taken.
    static func folderLayerName(_ folder: String, taken: [String]) -> String {
        let parts = folder.split(separator: "/").map(String.init)
        let last = parts.last ?? "Layer"
        if !taken.contains(last) { return last }
        if parts.count >= 2, !taken.contains(parts[parts.count - 2] + last) { return parts[parts.count - 2] + last }
        return NamingFamilies.layerName(last, taken: taken)
    }
}
