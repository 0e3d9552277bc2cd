import Kingfisher

struct AvatarCache {}
