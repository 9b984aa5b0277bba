/* atomic.h — files users ask to save. A regular file (or a new name) is
   written atomically: into a temporary file beside it (same folder, so the
   rename cannot cross file systems), flushed and synced, then renamed over
   it, so an interrupted or failed write leaves neither a half-written file
   nor the temporary behind. The temporary has no name until the rename
   where the file system allows (Linux's O_TMPFILE), so that even a killed
   process leaves nothing. A link is followed, so the link stays and the
   file it names is replaced. Anything else that is not a folder (a device
   such as /dev/null, a pipe, a terminal) is written straight through: no
   temporary, and nothing is replaced. */
#ifndef PC_ATOMIC_H
#define PC_ATOMIC_H

#include <stdio.h>

#include "core/error.h"

/* Opens `path` for writing as *f: the temporary (permissions as for a new
   file, under the umask), whose malloc'd name goes to *tmp (a name that
   reads it while it is open: /proc/self/fd/N when it has none), or the
   path itself when it is written straight through (*tmp NULL then). Temporaries
   left by processes that were killed are removed first. On failure *f and
   *tmp are NULL and err names `path`. */
pc_status pc_atomic_open(const char *path, FILE **f, char **tmp, pc_error *err);

/* Flushes f; a temporary is synced and renamed over path (a link's
   target), which may differ from the path it was opened for, in the same
   folder (on failure it is removed). f is closed either way. */
pc_status pc_atomic_commit(FILE *f, const char *tmp, const char *path, pc_error *err);

/* Closes f and removes the temporary, if any. */
void pc_atomic_abort(FILE *f, const char *tmp);

#endif
