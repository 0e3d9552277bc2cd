import SwiftUI

// The entry point: all wiring happens in CompositionRoot.
@main
struct TravelApp: App {
    var body: some Scene {
        WindowGroup { Text("Travel") }
    }
}
