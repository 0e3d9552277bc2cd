import Core; import Storage

let store = Store()
