import Core
import Helpers
import Kit
import SwiftUI
import Toolbox

@main struct AppMain: App {
    var body: some Scene { WindowGroup { Text("Linked") } }
}
