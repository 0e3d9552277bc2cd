import ModuleGraph

/// Layers read from the dependency graph itself, for the codebases whose names say nothing of
/// their architecture (`Models`, `NetworkClient`, `Env`, `DesignSystem`, `Timeline`…) or say
/// too much (four hundred service names). Each module's level is the length of its longest
/// chain of dependencies on other modules of the repository (modules in a cycle share one
/// level). From the bottom, a level of one module or package that most modules above it use is
/// a layer of its own; the levels above are cut into at most four layers of about the same
/// size, at most `maximumLayers` in all. Every dependency then goes from a layer to itself or
/// to one below it: the first `check` with these layers has no layer finding to report.
///
/// A layer is named after its package or its only module, else its folder, else the last word
/// most of its modules share (`Generated`), else its position (`Foundation` at the bottom,
/// `Features` at the top).
enum GraphLayers {
    static let maximumLayers = 5

    static func layers(for modules: [Target], in graph: ModuleGraph) -> InferredConvention? {
        let levels = Self.levels(of: modules, in: graph)
        // Layers need a graph: a few modules, some of them using others.
        let ids = Set(modules.map(\.id))
        let uses = modules.reduce(0) { count, target in
            count + graph.dependencies(of: target.id).filter { dependency in
                if case .target(let id) = dependency.node { return ids.contains(id) && id != target.id }
                return false
            }.count
        }
        guard modules.count >= 3, uses >= 2, let top = levels.values.max(), top >= 1 else { return nil }
        let bands = Self.bands(levels: levels, of: modules, in: graph, top: top)
        var layers: [ConfigurationInference.InferredLayer] = []
        var taken: [String] = []
        for (index, band) in bands.enumerated() {
            let inBand = Set(band)
            let members = modules.filter { inBand.contains(levels[$0.id] ?? 0) }.sorted { $0.name < $1.name }
            let (name, why) = Self.name(of: members, among: modules, position: index, of: bands.count, in: graph, taken: taken)
            taken.append(name)
            let names = Set(members.map(\.name)).sorted()
            let levelsText = band.count == 1 ? "level \(band[0])" : "levels \(band[0])–\(band[band.count - 1])"
            let one = names.count == 1
            let position = band == [0]
                ? "\(names.count) module\(one ? " that depends" : "s that depend") on no other module of the repository (level 0 of the dependency graph)"
                : "\(names.count) module\(one ? "" : "s") at \(levelsText) of the dependency graph, counted up from the modules that depend on no other"
                    + (index == bands.count - 1 ? ", its top" : "")
            layers.append(.init(layer: .init(name: name, targets: names),
                                reason: "\(position); named \(why): \(ConfigurationInference.listed(names))."))
        }
        return InferredConvention(kind: "the dependency graph", layers: layers, placed: modules.count)
    }

    /// Levels grouped into at most `maximumLayers` bands. From the bottom, each level of one
    /// module (or one package) that at least half the modules above it depend on is a band of
    /// its own: the chain `Models` → `NetworkClient` → `Env` under everything. The levels above
    /// are cut into bands of about the same number of modules, at most four.
    static func bands(levels: [TargetID: Int], of modules: [Target], in graph: ModuleGraph, top: Int) -> [[Int]] {
        let byLevel = Dictionary(grouping: modules, by: { levels[$0.id] ?? 0 })
        // Who uses each module, to walk up from a level once.
        let moduleIDs = Set(modules.map(\.id))
        var users: [TargetID: [TargetID]] = [:]
        for target in modules {
            for dependency in graph.dependencies(of: target.id) {
                if case .target(let id) = dependency.node, moduleIDs.contains(id), id != target.id { users[id, default: []].append(target.id) }
            }
        }
        var bands: [[Int]] = []
        var level = 0
        // A package of its own: all its modules at this level (not one package holding everything).
        func onePackage(_ members: [Target]) -> Bool {
            let packages = Set(members.map(\.id.package))
            return packages.count == 1 && modules.filter { packages.contains($0.id.package) }.count == members.count
        }
        while level < top, bands.count < maximumLayers - 1, let members = byLevel[level], members.count == 1 || onePackage(members) {
            let above = modules.filter { (levels[$0.id] ?? 0) > level }.count
            let usedBy = dependants(of: members.map(\.id), users: users).count
            guard usedBy * 2 >= above else { break }
            bands.append([level])
            level += 1
        }
        let rest = (level...top).filter { byLevel[$0] != nil }
        let count = min(rest.count, max(1, min(4, maximumLayers - bands.count)))
        var remaining = rest.reduce(0) { $0 + (byLevel[$1]?.count ?? 0) }
        var index = 0
        for band in 0..<count {
            let target = Double(remaining) / Double(count - band)
            var taken: [Int] = []
            var size = 0
            // At least one level, and leave one for each band still to come.
            while index < rest.count, rest.count - index > count - band - 1 {
                let next = byLevel[rest[index]]?.count ?? 0
                if !taken.isEmpty && (Double(size) >= target || abs(Double(size + next) - target) > abs(Double(size) - target)) { break }
                taken.append(rest[index])
                size += next
                index += 1
            }
            if band == count - 1 { taken += rest[index...]; index = rest.count }
            remaining -= taken.reduce(0) { $0 + (byLevel[$1]?.count ?? 0) }
            bands.append(taken)
        }
        return bands
    }

    /// The modules that use one of `targets`, directly or not: a walk up over an explicit stack.
    static func dependants(of targets: [TargetID], users: [TargetID: [TargetID]]) -> Set<TargetID> {
        var seen: Set<TargetID> = []
        var stack = targets
        while let node = stack.popLast() {
            for user in users[node] ?? [] where seen.insert(user).inserted {
                stack.append(user)
            }
        }
        return seen.subtracting(targets)
    }

    /// The level of each module: 0 when it depends on no other module, else one more than the
    /// highest level it depends on. Modules in a cycle are one node (Tarjan's algorithm over an
    /// explicit stack: the depth of the graph is input-controlled, so no recursion).
    static func levels(of modules: [Target], in graph: ModuleGraph) -> [TargetID: Int] {
        let ids = modules.map(\.id)
        let index = Dictionary(uniqueKeysWithValues: ids.enumerated().map { ($1, $0) })
        let successors: [[Int]] = ids.map { id in
            graph.dependencies(of: id).compactMap { dependency -> Int? in
                if case .target(let target) = dependency.node, target != id { return index[target] }
                return nil
            }
        }
        var order = [Int](repeating: -1, count: ids.count)
        var low = [Int](repeating: 0, count: ids.count)
        var onStack = [Bool](repeating: false, count: ids.count)
        var stack: [Int] = []
        var component = [Int](repeating: -1, count: ids.count)
        var componentLevel: [Int] = []
        var counter = 0
        for start in ids.indices where order[start] == -1 {
            var work: [(node: Int, next: Int)] = [(start, 0)]
            order[start] = counter; low[start] = counter; counter += 1
            stack.append(start); onStack[start] = true
            while let top = work.last {
                let node = top.node
                if top.next < successors[node].count {
                    work[work.count - 1].next += 1
                    let successor = successors[node][top.next]
                    if order[successor] == -1 {
                        order[successor] = counter; low[successor] = counter; counter += 1
                        stack.append(successor); onStack[successor] = true
                        work.append((successor, 0))
                    } else if onStack[successor] {
                        low[node] = min(low[node], order[successor])
                    }
                    continue
                }
                work.removeLast()
                if let parent = work.last?.node { low[parent] = min(low[parent], low[node]) }
                guard low[node] == order[node] else { continue }
                // A component is complete, and every component it reaches already has its level.
                var members: [Int] = []
                while let member = stack.popLast() {
                    onStack[member] = false
                    members.append(member)
                    if member == node { break }
                }
                let id = componentLevel.count
                var level = 0
                for member in members {
                    for successor in successors[member] where component[successor] != -1 {
                        level = max(level, componentLevel[component[successor]] + 1)
                    }
                }
                for member in members { component[member] = id }
                componentLevel.append(level)
            }
        }
        return Dictionary(uniqueKeysWithValues: ids.indices.map { (ids[$0], componentLevel[component[$0]]) })
    }

    /// Words that name a language or a number, never a layer.
    static func isCoincidental(_ word: String) -> Bool {
        word.lowercased() == "swift" || word.contains(where: \.isNumber) || word.count < 2
    }

    /// A band's name and why: its package, its only module, the folder only its modules live in,
    /// its members' shared last word, else its position.
    static func name(of members: [Target], among modules: [Target], position: Int, of count: Int, in graph: ModuleGraph, taken: [String]) -> (String, String) {
        func free(_ name: String) -> String? { taken.contains(name) ? nil : name }
        let packages = Set(members.map(\.id.package))
        if packages.count == 1, let package = graph.package(members[0].id.package), let path = package.localPath, path != ".",
           let name = free(package.name) {
            return (name, "after its package, \(path)")
        }
        if members.count == 1, let name = free(members[0].name) { return (name, "after its module") }
        let folders = members.map { target -> [String] in
            Array(LayerAssignment.folderFromRoot(of: target, in: graph).split(separator: "/").map(String.init).dropLast())
        }
        if let first = folders.first {
            var common = first
            for folder in folders.dropFirst() {
                common = Array(zip(common, folder).prefix { $0 == $1 }.map(\.0))
            }
            // Only a folder that is the band's own: `LocalPackages/` holding every module says nothing.
            let folder = common.joined(separator: "/") + "/"
            let ids = Set(members.map(\.id))
            let outside = modules.contains { !ids.contains($0.id) && LayerAssignment.folderFromRoot(of: $0, in: graph).hasPrefix(folder) }
            if let last = common.last, !outside, !FolderGroups.plain.contains(last), !isCoincidental(last), let name = free(last) {
                return (name, "after the folder they share, \(common.joined(separator: "/"))/")
            }
        }
        let lastWords = members.compactMap { NamingFamilies.camelWords($0.name).dropFirst().last }
        let counts = Dictionary(grouping: lastWords, by: { $0 }).mapValues(\.count)
        if let (word, shared) = counts.filter({ !isCoincidental($0.key) }).max(by: { ($0.value, $1.key) < ($1.value, $0.key) }),
           shared >= 2, Double(shared) >= 0.6 * Double(members.count), let name = free(word) {
            return (name, "after the last word \(shared) of them share")
        }
        let positional: String
        switch (position, count) {
        case (0, _): positional = "Foundation"
        case (count - 1, _): positional = "Features"
        case (_, 3): positional = "Middle"
        case (_, 4): positional = position == 1 ? "Lower" : "Upper"
        default: positional = ["Lower", "Middle", "Upper"][min(position - 1, 2)]
        }
        return (free(positional) ?? free(positional + "Layer") ?? NamingFamilies.layerName(positional, taken: taken), "after its place in the graph")
    }
}
