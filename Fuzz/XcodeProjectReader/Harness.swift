import Foundation
@testable import Inputs

/// The Xcode readers on arbitrary bytes. The first byte chooses the reader; the rest is the input.
/// - `.xcconfig` text, parsed and resolved in two levels (as a project's and a target's file):
///   no trap; every problem names a line of the text; each value is at most `maximumLength`
///   bytes (values that double at every level must not grow with the input exponentially);
///   resolving again gives the same settings.
/// - `project.pbxproj` bytes, read as a project in a folder that does not exist (so synchronized
///   folders and configuration files are absent): no trap — the result is a project or a
///   thrown `XcodeProjectError` — and reading again gives the same answer.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    if data[0] % 2 == 0 { configuration(bytes) } else { project(bytes) }
    return 0
}

private func configuration(_ bytes: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)
    let file = XCConfigFile.parse(text)
    guard file == XCConfigFile.parse(text) else { fatalError("parsing twice differs") }
    let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }).count
    for problem in file.problems where problem.line < 1 || problem.line > lines {
        fatalError("problem at line \(problem.line) of \(lines)")
    }
    let assignments = file.entries.compactMap { entry -> BuildSettingAssignment? in
        if case .assignment(let assignment, _) = entry { return assignment }
        return nil
    }
    let builtIns = BuildSettingsResolver.builtIns(targetName: "App", productName: nil, projectName: "Project",
                                                  projectFolder: "/repo", configuration: "Debug")
    // The same file at two levels, so `$(inherited)` crosses a level.
    let resolver = BuildSettingsResolver(levels: [builtIns, assignments, assignments])
    for sdk in ["iphoneos", "macosx"] {
        let context = BuildSettingsResolver.Context(sdk: sdk, configuration: "Debug")
        let resolved = resolver.resolve(for: context)
        for (key, value) in resolved where value.utf8.count > BuildSettingsResolver.maximumLength {
            fatalError("\(key) expanded to \(value.utf8.count) bytes")
        }
        guard resolved == resolver.resolve(for: context) else { fatalError("resolving twice differs") }
    }
}

private func project(_ bytes: [UInt8]) {
    let folder = "/nonexistent-bulkhead-fuzz"
    let boundary = ReadBoundary(root: folder)
    func read() -> Result<XcodeProject, XcodeProjectError> {
        do {
            return .success(try XcodeProjectReader.parse(Data(bytes), projectAt: folder + "/App.xcodeproj",
                                                         shownAs: "App.xcodeproj/project.pbxproj", boundary: boundary))
        } catch {
            return .failure(error)
        }
    }
    let first = read()
    switch (first, read()) {
    case (.success(let a), .success(let b)) where a == b: break
    case (.failure(let a), .failure(let b)) where a == b: break
    default: fatalError("reading twice differs")
    }
}
