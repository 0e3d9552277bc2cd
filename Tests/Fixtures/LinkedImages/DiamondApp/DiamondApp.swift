// The diamond: this app links Networking itself and embeds Shared, a dynamic framework that links
// it too. One process, two copies: `duplicate-copy`.
import Networking
import Shared

let client = HTTPClient()
