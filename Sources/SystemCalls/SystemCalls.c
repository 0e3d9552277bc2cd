#define _GNU_SOURCE
#include "SystemCalls.h"

#include <errno.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#if defined(__linux__)
#include <sys/syscall.h>
#include <unistd.h>
#elif defined(__APPLE__)
#include <stdio.h>
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

int bulkhead_rename_exchange(int from_folder, const char *from, int to_folder, const char *to) {
#if defined(__linux__) && defined(SYS_renameat2)
    // The system call itself rather than glibc's wrapper (2.28 and later) or musl's: the kernel
    // (3.15 and later) is what decides, and answers ENOSYS or EINVAL when it cannot.
    const unsigned int exchange = 1u << 1;  // RENAME_EXCHANGE in <linux/fs.h>
    return (int)syscall(SYS_renameat2, from_folder, from, to_folder, to, exchange);
#elif defined(__APPLE__)
    return renameatx_np(from_folder, from, to_folder, to, RENAME_SWAP);
#else
    (void)from_folder;
    (void)from;
    (void)to_folder;
    (void)to;
    errno = ENOSYS;
    return -1;
#endif
}

void bulkhead_grow_heaps_by(int bytes) {
#if defined(__GLIBC__)
    mallopt(M_TOP_PAD, bytes);
#else
    (void)bytes;
#endif
}
