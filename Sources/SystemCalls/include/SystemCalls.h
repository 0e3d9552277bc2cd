// The few C library calls Swift's Glibc module does not declare (glibc declares them only for
// _GNU_SOURCE or in <malloc.h>), compiled against the build machine's headers. A binary linked
// statically has no symbol table to look them up in at run time, and one linked dynamically
// would fail to start where a function is missing: here each is used when the headers have it
// and answers ENOSYS (or does nothing) when they do not.
#ifndef BULKHEAD_SYSTEM_CALLS_H
#define BULKHEAD_SYSTEM_CALLS_H

#include <spawn.h>

/// `posix_spawn_file_actions_addchdir_np` (glibc 2.29 and later); ENOSYS without it.
int bulkhead_spawn_add_change_directory(posix_spawn_file_actions_t *actions, const char *path);

/// `posix_spawn_file_actions_addclosefrom_np` (glibc 2.34 and later); ENOSYS without it.
int bulkhead_spawn_add_close_from(posix_spawn_file_actions_t *actions, int lowest);

/// Exchanges the entries `from` (in folder `from_folder`) and `to` (in `to_folder`) atomically:
/// Linux `renameat2(RENAME_EXCHANGE)`, Darwin `renameatx_np(RENAME_SWAP)`. -1 with errno set on
/// failure: ENOSYS where neither exists, EINVAL where the file system cannot exchange.
int bulkhead_rename_exchange(int from_folder, const char *from, int to_folder, const char *to);

/// glibc's `mallopt(M_TOP_PAD, bytes)`: grow each heap by at least `bytes`. Nothing elsewhere.
void bulkhead_grow_heaps_by(int bytes);

#endif
