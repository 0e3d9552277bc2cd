import SwiftUI

@main struct GeneratedApp: App {
    var body: some Scene { WindowGroup { Text("Hello") } }
}
