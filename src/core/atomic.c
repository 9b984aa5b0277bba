/* atomic.c — temporary file, fsync, rename. */
#include "core/atomic.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/alloc.h"

pc_status pc_atomic_open(const char *path, FILE **out, char **tmp, pc_error *err)
{
  pc_error_file(err, path);
  *out = NULL;
  *tmp = NULL;
  const char *slash = strrchr(path, '/');
  size_t dir_len = slash ? (size_t)(slash - path) + 1 : 0;
  size_t size = strlen(path) + 64;
  char *name = pc_alloc_array(size, 1);
  if (!name) return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  /* O_EXCL with the process id and a counter: unique without mkstemp's
     0600, so the saved file gets the usual permissions. */
  int fd = -1;
  for (unsigned k = 0; k < 1000 && fd < 0; k++) {
    snprintf(name, size, "%.*s.%s.%ld-%u.tmp", (int)dir_len, path, path + dir_len,
             (long)getpid(), k);
    fd = open(name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0 && errno != EEXIST) break;
  }
  FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
  if (!f) {
    int e = errno;
    if (fd >= 0) {
      close(fd);
      unlink(name);
    }
    free(name);
    return pc_error_set(err, PC_ERR_IO, 0, 0, "cannot write: %s", strerror(e));
  }
  *out = f;
  *tmp = name;
  return PC_OK;
}

pc_status pc_atomic_commit(FILE *f, const char *tmp, const char *path, pc_error *err)
{
  pc_error_file(err, path);
  bool ok = fflush(f) == 0 && !ferror(f) && fsync(fileno(f)) == 0;
  int e = ok ? 0 : errno;
  if (fclose(f) != 0 && ok) ok = false, e = errno;
  if (ok && rename(tmp, path) != 0) ok = false, e = errno;
  if (ok) return PC_OK;
  unlink(tmp);
  return pc_error_set(err, PC_ERR_IO, 0, 0, "cannot write: %s", strerror(e ? e : EIO));
}

void pc_atomic_abort(FILE *f, const char *tmp)
{
  if (f) fclose(f);
  if (tmp) unlink(tmp);
}
