import Foundation

/// The pins of a `Package.resolved`: which location each package identity was resolved to. The
/// checkout folder SwiftPM makes is named after that location, which may differ from the URL in
/// the manifest (a mirror, or another package's spelling of the same dependency won).
struct ResolvedPins: Sendable, Equatable {
    /// Package identity (lowercased, as SwiftPM spells it) → the location it was checked out from.
    var locations: [String: String]

    /// The pins of `folder/Package.resolved`; empty when there is none or it cannot be read, since
    /// the manifest's URLs are the fallback.
    static func read(inPackageAt folder: String) -> ResolvedPins {
        let path = folder + "/Package.resolved"
        guard FileSystem.isRegularFile(path), let data = FileManager.default.contents(atPath: path),
              let file = try? JSONDecoder().decode(ResolvedFile.self, from: data) else { return ResolvedPins(locations: [:]) }
        var locations: [String: String] = [:]
        // Versions 2 and 3 list `pins` at the top; version 1 nests them under `object`.
        for pin in file.pins ?? file.object?.pins ?? [] {
            guard let location = pin.location ?? pin.repositoryURL else { continue }
            let identity = (pin.identity ?? PackageGraphLoader.repositoryName(location)).lowercased()
            locations[identity] = location
        }
        return ResolvedPins(locations: locations)
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
        }
    }
}
