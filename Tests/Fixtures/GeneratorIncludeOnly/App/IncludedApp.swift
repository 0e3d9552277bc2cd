import SwiftUI

@main struct IncludedApp: App {
    var body: some Scene { WindowGroup { Text("Included") } }
}
