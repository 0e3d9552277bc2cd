import Networking
import Core

let client = HTTPClient()
