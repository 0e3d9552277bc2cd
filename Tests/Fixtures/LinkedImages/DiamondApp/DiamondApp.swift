// The diamond: this app links Networking and Logging itself and embeds Shared, a dynamic framework
// that links them too. Networking's product is `.static`, so Xcode stops the build; Logging's is
// automatic, so Xcode builds Logging as a framework of its own to keep one copy.
import Logging
import Networking
import Shared

let client = HTTPClient()
let logger = Logger()
