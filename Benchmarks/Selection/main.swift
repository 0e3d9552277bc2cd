// The `affected` selection on a synthetic 1,000-target graph, timed apart from loading.
// Run: swift run -c release selection-benchmark
// Prints the median time of the selection (changed files → owners → reverse closure → tests with
// their paths), and, measured in the same run as a yardstick, one plain walk over every edge.
import Dispatch
import ModuleGraph
import Selection

/// Deterministic numbers (SplitMix64) so every run builds the same graph.
struct Numbers {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((value ^ (value >> 31)) % UInt64(bound))
    }
}

let libraryCount = 750
let testCount = 250
var numbers = Numbers(state: 2026)
var targets: [Target] = []
for index in 0..<libraryCount {
    // Each library depends on up to six earlier ones: a layered DAG, as in a modular app.
    let dependencies = index == 0 ? [] : (0..<min(index, 1 + numbers.next(6))).map { _ in
        DependencyEdge(.target(TargetID(package: "app", name: "Module\(numbers.next(index))")))
    }
    targets.append(Target(id: TargetID(package: "app", name: "Module\(index)"), kind: .library, moduleName: "Module\(index)",
                          path: "Sources/Module\(index)", sources: ["File.swift"], dependencies: Array(Set(dependencies))))
}
for index in 0..<testCount {
    let subject = TargetID(package: "app", name: "Module\(numbers.next(libraryCount))")
    targets.append(Target(id: TargetID(package: "app", name: "Module\(index)Tests"), kind: .test, moduleName: "Module\(index)Tests",
                          path: "Tests/Module\(index)Tests", sources: ["Tests.swift"], dependencies: [DependencyEdge(.target(subject))]))
}
let graph = ModuleGraph(packages: [PackageNode(identity: "app", name: "App", origin: .local(path: "."))], targets: targets)
let ownership = TargetOwnership(folders: targets.map { (folder: "/repo/\($0.path)", target: $0.id) })
let changedFiles = (0..<40).map { _ in "/repo/Sources/Module\(numbers.next(libraryCount))/File.swift" }

func milliseconds(_ work: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    work()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
}

func median(_ samples: [Double]) -> Double { samples.sorted()[samples.count / 2] }

var selectionTimes: [Double] = []
var walkTimes: [Double] = []
var selectedCount = 0
for _ in 0..<51 {
    walkTimes.append(milliseconds {
        // The yardstick: every target and every edge visited once.
        var visited = 0
        for target in graph.targets { visited += graph.dependencies(of: target.id).count }
        precondition(visited > 0)
    })
    selectionTimes.append(milliseconds {
        let seeds = changedFiles.flatMap { file in ownership.owners(of: file).map { ChangeSeed(target: $0, file: file, reason: "changed") } }
        selectedCount = AffectedSelection.select(in: graph, seeds: seeds, everythingReasons: []).selected.count
    })
}
print("\(libraryCount + testCount) targets (\(testCount) tests), \(changedFiles.count) changed files → \(selectedCount) tests selected")
func rounded(_ value: Double, _ places: Double = 100) -> Double { Double(Int(value * places + 0.5)) / places }
print("selection: \(rounded(median(selectionTimes))) ms (median of 51)   one walk over every edge: \(rounded(median(walkTimes))) ms   ratio: \(rounded(median(selectionTimes) / median(walkTimes), 10))x")
