import FileAccess
import Foundation
import ModuleGraph

/// The pins of a `Package.resolved`: which location each package identity was resolved to. The
/// checkout folder SwiftPM makes is named after that location, which may differ from the URL in
/// the manifest (a mirror, or another package's spelling of the same dependency won).
struct ResolvedPins: Sendable, Equatable {
    /// Package identity (lowercased, as SwiftPM spells it) → the location it was checked out from.
    var locations: [String: String]
    /// Package identity → its pin with version, branch and revision; empty when there is no file.
    var pins: [String: ResolvedPin] = [:]
    /// Whether the file was there and readable.
    var isPresent = false

    /// The pins of `folder/Package.resolved`; empty when there is none or it cannot be read, since
    /// the manifest's URLs are the fallback.
    static func read(inPackageAt folder: String) -> ResolvedPins {
        let path = folder + "/Package.resolved"
        guard FileSystem.isRegularFile(path), let data = FileManager.default.contents(atPath: path),
              let file = try? JSONDecoder().decode(ResolvedFile.self, from: data) else { return ResolvedPins(locations: [:]) }
        var locations: [String: String] = [:]
        var pins: [String: ResolvedPin] = [:]
        // Versions 2 and 3 list `pins` at the top; version 1 nests them under `object`.
        for pin in file.pins ?? file.object?.pins ?? [] {
            guard let location = pin.location ?? pin.repositoryURL else { continue }
            let identity = (pin.identity ?? PackageGraphLoader.repositoryName(location)).lowercased()
            locations[identity] = location
            pins[identity] = ResolvedPin(location: location, version: pin.state?.version, branch: pin.state?.branch, revision: pin.state?.revision)
        }
        return ResolvedPins(locations: locations, pins: pins, isPresent: true)
    }

    /// The checkout folder name of `identity`, from its pinned location.
    func checkoutName(of identity: String) -> String? {
        locations[identity.lowercased()].map(PackageGraphLoader.repositoryName)
    }

    private struct ResolvedFile: Decodable {
        var pins: [Pin]?
        var object: Object?

        struct Object: Decodable {
            var pins: [Pin]
        }

        struct Pin: Decodable {
            var identity: String?
            var location: String?
            var repositoryURL: String?
            var state: State?
        }

        struct State: Decodable {
            var version: String?
            var branch: String?
            var revision: String?
        }
    }
}
