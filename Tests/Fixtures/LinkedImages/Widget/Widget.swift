// An extension is a process of its own: its copy of Networking is footprint, not a duplicate.
import Networking

let widgetClient = HTTPClient()
