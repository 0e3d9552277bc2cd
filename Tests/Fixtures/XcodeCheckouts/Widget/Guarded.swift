// Kit may be linked in or not: a build without it skips the import.
#if canImport(Kit)
import Kit
#endif
