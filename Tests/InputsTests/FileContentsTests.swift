import Foundation
import TestSupport
import Testing
@testable import PackageLoading
@testable import FileAccess

/// What `FileSystem.contents(of:)` reads, and what it names instead of reading.
@Suite(.tags(.small)) struct FileContentsTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bulkhead-contents-\(UUID().uuidString)").path

    init() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    func reason(_ path: String, allowingStreams: Bool = false) -> String? {
        do {
            _ = try FileSystem.contents(of: path, allowingStreams: allowingStreams)
            return nil
        } catch {
            guard case .unreadablePath(_, let reason) = error else { return "\(error)" }
            return reason
        }
    }

    @Test func namesWhatIsThereInsteadOfAFile() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createSymbolicLink(atPath: folder + "/dangling.json", withDestinationPath: folder + "/nowhere.json")
        #expect(mkfifo(folder + "/fifo.json", 0o600) == 0)
        #expect(reason(folder + "/dangling.json") == "it is a symbolic link to something that does not exist")
        #expect(FileSystem.entryExists(folder + "/dangling.json"))
        #expect(reason(folder + "/fifo.json") == "it is a FIFO, not a file; Bulkhead reads only regular files here")
        #expect(reason(folder) == "it is a folder; name a file")
        #expect(reason(folder + "/missing.json") == "no such file")
        #expect(reason("/dev/null") == "it is a device or socket, not a file")
    }

    @Test func readsAStreamWhenAskedTo() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fifo = folder + "/changes"
        #expect(mkfifo(fifo, 0o600) == 0)
        let writer = Thread {
            guard let handle = FileHandle(forWritingAtPath: fifo) else { return }
            handle.write(Data("Sources/A/A.swift\n".utf8))
            try? handle.close()
        }
        writer.start()
        #expect(try FileSystem.contents(of: fifo, allowingStreams: true) == Data("Sources/A/A.swift\n".utf8))
        #expect(try FileSystem.contents(of: "/dev/null", allowingStreams: true).isEmpty)
    }
}
