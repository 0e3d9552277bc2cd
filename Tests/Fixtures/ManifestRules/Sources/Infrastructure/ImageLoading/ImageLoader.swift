import Kingfisher
import Logging

struct ImageLoader {}
