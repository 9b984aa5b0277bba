/* atomic.c — temporary file, fsync, rename; or straight through. */
#include "core/atomic.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/alloc.h"

static pc_status cannot_write(pc_error *err, int e)
{
  return pc_error_set(err, PC_ERR_IO, 0, 0, "cannot write: %s", strerror(e ? e : EIO));
}

/* The file a save replaces: a link's target (the link stays), or path. */
static char *replaced_file(const char *path)
{
  struct stat lst;
  return lstat(path, &lst) == 0 && S_ISLNK(lst.st_mode) ? realpath(path, NULL) : strdup(path);
}

/* Where a save goes: *target is the file to replace (a link's target), or
   NULL when the path is written straight through. */
static pc_status resolve(const char *path, char **target, pc_error *err)
{
  struct stat st, lst;
  *target = NULL;
  if (stat(path, &st) != 0) {
    if (errno != ENOENT) return cannot_write(err, errno);
    if (lstat(path, &lst) == 0)
      return pc_error_set(err, PC_ERR_IO, 0, 0, "cannot write: a link to a missing file");
    *target = strdup(path);
  } else if (S_ISDIR(st.st_mode)) {
    return cannot_write(err, EISDIR);
  } else if (!S_ISREG(st.st_mode) || !strncmp(path, "/dev/", 5) || !strncmp(path, "/proc/", 6)) {
    /* Devices, pipes, and /dev/stdout's kin whatever they lead to: the
       program's own streams must stay where they are. */
    return PC_OK;
  } else {
    *target = replaced_file(path);
  }
  return *target ? PC_OK : pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
}

/* Temporaries are ".NAME.PID-K.tmp"; those of processes that no longer
   exist were left by a kill, and nobody else will remove them. */
static void remove_orphans(const char *dir, size_t dir_len, const char *base)
{
  char folder[4096];
  snprintf(folder, sizeof folder, "%.*s", (int)(dir_len ? dir_len : 1), dir_len ? dir : ".");
  DIR *d = opendir(folder);
  if (!d) return;
  size_t base_len = strlen(base);
  for (struct dirent *e; (e = readdir(d));) {
    const char *n = e->d_name;
    if (n[0] != '.' || strncmp(n + 1, base, base_len) || n[1 + base_len] != '.') continue;
    char *end;
    long pid = strtol(n + 2 + base_len, &end, 10);
    if (end == n + 2 + base_len || *end != '-' || pid <= 0 || pid == (long)getpid()) continue;
    strtoul(end + 1, &end, 10);
    if (strcmp(end, ".tmp") || kill((pid_t)pid, 0) == 0 || errno != ESRCH) continue;
    char full[8192];
    snprintf(full, sizeof full, "%s/%s", folder, n);
    unlink(full);
  }
  closedir(d);
}

/* The name of temporary k of target: ".NAME.PID-K.tmp" beside it. */
static void temporary_name(const char *target, unsigned k, char *name, size_t size)
{
  const char *slash = strrchr(target, '/');
  size_t dir_len = slash ? (size_t)(slash - target) + 1 : 0;
  snprintf(name, size, "%.*s.%s.%ld-%u.tmp", (int)dir_len, target, target + dir_len,
           (long)getpid(), k);
}

/* A temporary without a name in target's folder (O_TMPFILE), so that a
   kill leaves nothing behind; it is named only to be renamed, through
   /proc/self/fd. -1 where the file system or /proc cannot. */
static int open_unnamed(const char *target, size_t dir_len)
{
#ifdef O_TMPFILE
  char folder[4096], proc[64];
  snprintf(folder, sizeof folder, "%.*s", (int)(dir_len ? dir_len : 1), dir_len ? target : ".");
  int fd = open(folder, O_TMPFILE | O_WRONLY | O_CLOEXEC, 0666);
  if (fd < 0) return -1;
  snprintf(proc, sizeof proc, "/proc/self/fd/%d", fd);
  if (access(proc, F_OK) == 0) return fd;
  close(fd);
#else
  (void)target, (void)dir_len;
#endif
  return -1;
}

/* O_EXCL with the process id and a counter: unique without mkstemp's
   0600, so the saved file gets the usual permissions. An unnamed
   temporary where it can be: *tmp is then its /proc/self/fd path. */
static pc_status open_temporary(const char *target, FILE **out, char **tmp, pc_error *err)
{
  const char *slash = strrchr(target, '/');
  size_t dir_len = slash ? (size_t)(slash - target) + 1 : 0;
  remove_orphans(target, dir_len, target + dir_len);
  size_t size = strlen(target) + 64;
  char *name = pc_alloc_array(size, 1);
  if (!name) return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  int fd = open_unnamed(target, dir_len);
  bool anonymous = fd >= 0;
  if (anonymous) snprintf(name, size, "/proc/self/fd/%d", fd);
  for (unsigned k = 0; fd < 0 && k < 1000; k++) {
    temporary_name(target, k, name, size);
    fd = open(name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0 && errno != EEXIST) break;
  }
  FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
  if (!f) {
    int e = errno;
    if (fd >= 0) {
      close(fd);
      if (!anonymous) unlink(name);
    }
    free(name);
    return cannot_write(err, e);
  }
  *out = f;
  *tmp = name;
  return PC_OK;
}

/* Whether the temporary open as fd has no name (O_TMPFILE). */
static bool unnamed(int fd)
{
  struct stat st;
  return fstat(fd, &st) == 0 && st.st_nlink == 0;
}

pc_status pc_atomic_open(const char *path, FILE **out, char **tmp, pc_error *err)
{
  pc_error_file(err, path);
  *out = NULL;
  *tmp = NULL;
  char *target;
  pc_status s = resolve(path, &target, err);
  if (s) return s;
  if (target) {
    s = open_temporary(target, out, tmp, err);
    free(target);
    return s;
  }
  if (!(*out = fopen(path, "w"))) return cannot_write(err, errno);
  return PC_OK;
}

/* The unnamed temporary fd named beside target, ".NAME.PID-K.tmp" for the
   first K free (malloc'd); NULL with *e set when it cannot be. */
static char *name_temporary(int fd, const char *target, int *e)
{
  size_t size = strlen(target) + 64;
  char *name = pc_alloc_array(size, 1), proc[64];
  snprintf(proc, sizeof proc, "/proc/self/fd/%d", fd);
  *e = ENOMEM;
  for (unsigned k = 0; name && k < 1000; k++) {
    temporary_name(target, k, name, size);
    if (linkat(AT_FDCWD, proc, AT_FDCWD, name, AT_SYMLINK_FOLLOW) == 0) return name;
    *e = errno;
    if (errno != EEXIST) break;
  }
  free(name);
  return NULL;
}

pc_status pc_atomic_commit(FILE *f, const char *tmp, const char *path, pc_error *err)
{
  pc_error_file(err, path);
  bool ok = fflush(f) == 0 && !ferror(f) && (!tmp || fsync(fileno(f)) == 0);
  int e = ok ? 0 : errno;
  bool anonymous = tmp && unnamed(fileno(f));
  char *target = ok && tmp ? replaced_file(path) : NULL;
  if (ok && tmp && !target) ok = false, e = ENOMEM;
  /* Named last, so that only a kill between these two steps leaves it. */
  char *named = ok && anonymous ? name_temporary(fileno(f), target, &e) : NULL;
  if (anonymous && !named) ok = false;
  if (fclose(f) != 0 && ok) ok = false, e = errno;
  if (!tmp) return ok ? PC_OK : cannot_write(err, e);
  const char *name = anonymous ? named : tmp;
  if (ok && rename(name, target) != 0) ok = false, e = errno;
  if (!ok && name) unlink(name);
  free(target);
  free(named);
  return ok ? PC_OK : cannot_write(err, e);
}

void pc_atomic_abort(FILE *f, const char *tmp)
{
  bool anonymous = f && tmp && unnamed(fileno(f));
  if (f) fclose(f);
  if (tmp && !anonymous) unlink(tmp);
}
