#define _GNU_SOURCE
#include "SystemCalls.h"

#include <errno.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

int bulkhead_spawn_add_change_directory(posix_spawn_file_actions_t *actions, const char *path) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 29))
    return posix_spawn_file_actions_addchdir_np(actions, path);
#else
    (void)actions;
    (void)path;
    return ENOSYS;
#endif
}

int bulkhead_spawn_add_close_from(posix_spawn_file_actions_t *actions, int lowest) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
    return posix_spawn_file_actions_addclosefrom_np(actions, lowest);
#else
    (void)actions;
    (void)lowest;
    return ENOSYS;
#endif
}

void bulkhead_grow_heaps_by(int bytes) {
#if defined(__GLIBC__)
    mallopt(M_TOP_PAD, bytes);
#else
    (void)bytes;
#endif
}
