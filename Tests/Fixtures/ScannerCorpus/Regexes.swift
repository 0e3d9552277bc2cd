// Regex literals whose bodies hold quotes and slashes, in Swift 6 mode.
let bare = /"/
import AfterBareRegex
let escaped = /a\/"b/
let divided = 10 / 2 / 1
import AfterDivision
let extended = #/
  import NotFromAMultiLineRegex "
/#
import AfterExtendedRegex
let hashed = ##/a/#b/##
import AfterHashedRegex
