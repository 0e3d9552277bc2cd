import Core

let multiLine = """
import Networking
"""
let raw = #"""
import Networking "quoted"
"""#
let interpolated = "\(multiLine) \("import Networking")"
