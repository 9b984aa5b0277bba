/* atomic.h — files users ask to save, written atomically: into a temporary
   file beside the target (same folder, so the rename cannot cross file
   systems), flushed and synced, then renamed over the target. An
   interrupted or failed write leaves neither a half-written target nor the
   temporary behind. */
#ifndef PC_ATOMIC_H
#define PC_ATOMIC_H

#include <stdio.h>

#include "core/error.h"

/* Creates the temporary for `path` (permissions as for a new file, under
   the umask) and opens it for writing as *f; *tmp receives its malloc'd
   name. On failure *f and *tmp are NULL and err names `path`. */
pc_status pc_atomic_open(const char *path, FILE **f, char **tmp, pc_error *err);

/* Flushes, syncs and closes f, then renames tmp over path. On failure the
   temporary is removed. f is closed either way. */
pc_status pc_atomic_commit(FILE *f, const char *tmp, const char *path, pc_error *err);

/* Closes f and removes the temporary. */
void pc_atomic_abort(FILE *f, const char *tmp);

#endif
