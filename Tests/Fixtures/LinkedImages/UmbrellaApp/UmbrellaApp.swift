// Links only Shared, which holds Networking and Logging: importing them is `import-through-image`,
// never "declare it" (declaring them would put second copies in this process).
import Logging
import Networking
import Shared

let session = SharedSession()
