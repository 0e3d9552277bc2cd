import Foundation
import PackageLoading
import Processes
import Testing
@testable import ImportScanning

/// The Linux table is what the installed toolchain lets `canImport` find: the Swift modules of
/// `usr/lib/swift/linux` and the top-level modules of the module maps in `usr/lib/swift/*/` and
/// `usr/lib/swift/linux/<arch>/`, without those that `requires cplusplus` (C++ interop only).
/// Reads the toolchain beside `swiftc`, outside the repository as the oracle tests run it.
@Suite(.tags(.medium)) struct LinuxToolchainTableTests {
    #if os(Linux)
    static let onLinux = true
    #else
    static let onLinux = false
    #endif

    @Test(.enabled(if: onLinux)) func theLinuxTableIsWhatTheInstalledToolchainHas() throws {
        let swiftc = try ProcessRunner.locate("swiftc", environment: ProcessInfo.processInfo.environment)
        let library = URL(fileURLWithPath: swiftc).resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("lib/swift").path
        let found = try Self.toolchainModules(in: library)
        let table = SDKModules.linuxToolchain
        #expect(found.subtracting(table).sorted() == [], "the toolchain has modules the Linux table lacks")
        #expect(table.subtracting(found).sorted() == [], "the Linux table lists modules the toolchain does not have")
        #expect(SDKModules.importable(on: .linux).isSuperset(of: found))
    }

    /// Clang's builtin modules: those of the resource folder's module map that `canImport` finds
    /// with the installed compiler are exactly the table's (`_Builtin_float` is in the Linux
    /// table already, as the toolchain's overlay of it).
    @Test(.enabled(if: onLinux)) func clangBuiltinModulesAreWhatCanImportFinds() throws {
        let swiftc = try ProcessRunner.locate("swiftc", environment: ProcessInfo.processInfo.environment)
        let map = URL(fileURLWithPath: swiftc).resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("lib/swift/clang/include/module.modulemap").path
        let declared = Self.topLevelModules(inModuleMap: try String(contentsOfFile: map, encoding: .utf8))
        #expect(declared.count > 10)
        let text = declared.map { "#if canImport(\($0))\nimport Found_\($0)\n#endif\n" }.joined()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bulkhead-builtins-\(UUID().uuidString).swift").path
        FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let output = try ProcessRunner.run(["swiftc", "-emit-imported-modules", path, "-o", "-"])
        #expect(output.status == 0)
        let found = Set(String(decoding: output.standardOutput, as: UTF8.self).split(whereSeparator: \.isNewline)
            .map { String($0.dropFirst("Found_".count)) })
        #expect(found == SDKModules.clangBuiltin.union(["_Builtin_float"]))
        #expect(SDKModules.importable(on: .linux).isSuperset(of: found))
    }

    /// The reader finds top-level modules and leaves out those only C++ interop imports.
    @Test func moduleMapsAreReadForTopLevelModulesOutsideCPlusPlus() {
        let text = """
        module SwiftGlibc [system] {
          header "SwiftGlibc.h"
          module C { export * }
        }
        explicit module Other { }
        module std {
          requires cplusplus
          module compat { module cassert { requires cplusplus } }
        }
        framework module Kit { umbrella header "Kit.h" }
        """
        #expect(Self.topLevelModules(inModuleMap: text) == ["SwiftGlibc", "Other", "Kit"])
    }

    static func toolchainModules(in library: String) throws -> Set<String> {
        let files = FileManager.default
        var modules: Set<String> = []
        let linux = library + "/linux"
        for name in try files.contentsOfDirectory(atPath: linux) {
            if name.hasSuffix(".swiftmodule") { modules.insert(String(name.dropLast(".swiftmodule".count))) }
            var isFolder: ObjCBool = false
            if files.fileExists(atPath: linux + "/" + name, isDirectory: &isFolder), isFolder.boolValue, !name.hasSuffix(".swiftmodule") {
                for map in try files.contentsOfDirectory(atPath: linux + "/" + name) where map.hasSuffix(".modulemap") {
                    modules.formUnion(topLevelModules(inModuleMap: try String(contentsOfFile: linux + "/" + name + "/" + map, encoding: .utf8)))
                }
            }
            if name.hasSuffix(".modulemap") {
                modules.formUnion(topLevelModules(inModuleMap: try String(contentsOfFile: linux + "/" + name, encoding: .utf8)))
            }
        }
        for name in try files.contentsOfDirectory(atPath: library) {
            let map = library + "/" + name + "/module.modulemap"
            if files.fileExists(atPath: map) { modules.formUnion(topLevelModules(inModuleMap: try String(contentsOfFile: map, encoding: .utf8))) }
        }
        return modules
    }

    /// The modules a module map declares at its top level, in order, without those whose body
    /// says `requires cplusplus` at its own level.
    static func topLevelModules(inModuleMap text: String) -> [String] {
        var modules: [(name: String, cplusplus: Bool)] = []
        var depth = 0
        for line in text.split(whereSeparator: \.isNewline) {
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "{" }).map(String.init)
            if depth == 0, let index = words.firstIndex(of: "module"), words[..<index].allSatisfy({ $0 == "explicit" || $0 == "framework" }),
               index + 1 < words.count {
                modules.append((words[index + 1], false))
            }
            if depth == 1, words.first == "requires", words.dropFirst().joined().split(separator: ",").contains("cplusplus") {
                modules[modules.count - 1].cplusplus = true
            }
            depth += line.filter { $0 == "{" }.count - line.filter { $0 == "}" }.count
        }
        return modules.filter { !$0.cplusplus }.map(\.name)
    }
}
