import Kit

struct SharedModel {}
