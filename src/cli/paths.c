/* paths.c — the files a command names, checked before it starts. */
#include "cli/paths.h"

#include "cli/common.h"

#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

pc_status pc_take_path_option(const char *cmd, const char *option, pc_path_kind kind,
                              const char *arg, const char **slot, pc_error *err)
{
  const char *what = kind == PC_PATH_FOLDER ? "folder" : "file";
  if (!*arg) return pc_usage_fail(cmd, err, "%s wants a %s name, not ''", option, what);
  if (!strcmp(arg, "-") && kind != PC_PATH_FILE_OR_DASH)
    return pc_usage_fail(cmd, err, "%s wants a %s name: - (standard input or output) is none here",
                         option, what);
  if (*slot)
    return pc_usage_fail(cmd, err, "%s is given twice ('%s' and '%s'): give it once", option,
                         *slot, arg);
  *slot = arg;
  return PC_OK;
}

/* A file still to be made, as its folder's real path and its last name;
   NULL when the folder cannot be resolved (or out of memory). */
static char *resolved(const char *path)
{
  char *dir_copy = strdup(path), *base_copy = strdup(path), *out = NULL;
  char dir[PATH_MAX];
  if (dir_copy && base_copy && realpath(dirname(dir_copy), dir) &&
      asprintf(&out, "%s/%s", dir, basename(base_copy)) < 0)
    out = NULL;
  free(dir_copy);
  free(base_copy);
  return out;
}

bool pc_same_file(const char *a, const char *b)
{
  struct stat sa, sb;
  bool has_a = !stat(a, &sa), has_b = !stat(b, &sb);
  if (has_a && has_b) return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
  if (has_a || has_b) return false;
  char *ra = resolved(a), *rb = resolved(b);
  /* A folder that does not exist: the names as given (writing fails). */
  bool same = ra && rb ? !strcmp(ra, rb) : !strcmp(a, b);
  free(ra);
  free(rb);
  return same;
}

static bool is_file(const pc_named_file *f)
{
  return f->path && *f->path && strcmp(f->path, "-");
}

/* "--checkpoint x is also the solution file (-o x)": the written one
   first; a file named by no option (an operand, a default name) as its
   name alone. */
static pc_status refuse(const pc_named_file *a, const pc_named_file *b, pc_error *err)
{
  const pc_named_file *subject = b->written ? b : a, *other = subject == b ? a : b;
  const char *option = subject->option ? subject->option : "";
  const char *gap = subject->option ? " " : "";
  pc_error_file(err, "");
  if (!other->option)
    return pc_error_set(err, PC_ERR_INPUT, 0, 0, "%s%s%s is also %s", option, gap,
                        subject->path, other->role);
  return pc_error_set(err, PC_ERR_INPUT, 0, 0, "%s%s%s is also %s (%s %s)", option, gap,
                      subject->path, other->role, other->option, other->path);
}

pc_status pc_check_named_files(const pc_named_file *files, int32_t n, pc_error *err)
{
  for (int32_t j = 0; j < n; j++)
    for (int32_t i = 0; i < j && is_file(&files[j]); i++) {
      const pc_named_file *a = &files[i], *b = &files[j];
      if ((a->written || b->written) && is_file(a) && pc_same_file(a->path, b->path))
        return refuse(a, b, err);
    }
  return PC_OK;
}

pc_status pc_check_writable(const char *path, const char *what, pc_error *err)
{
  struct stat st;
  pc_error_file(err, path);
  if (!stat(path, &st) && !S_ISREG(st.st_mode))
    return pc_error_set(err, PC_ERR_IO, 0, 0, "cannot write %s here: %s", what,
                        S_ISDIR(st.st_mode) ? "it is a folder" : "it is not a regular file");
  char *copy = strdup(path);
  if (!copy) return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  pc_status s = PC_OK;
  const char *dir = dirname(copy);
  char *probe = NULL;
  int fd = asprintf(&probe, "%s/.polycover-XXXXXX", dir) < 0 ? -2 : mkstemp(probe);
  if (fd == -2) probe = NULL, s = pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  else if (fd < 0)
    s = pc_error_set(err, PC_ERR_IO, 0, 0, "cannot write %s in the folder %s: %s", what, dir,
                     strerror(errno));
  else close(fd), unlink(probe);
  free(probe);
  free(copy);
  if (!s) pc_error_file(err, "");
  return s;
}

pc_status pc_check_savable(const char *path, const char *what, pc_error *err)
{
  struct stat st;
  if (!stat(path, &st) && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)) return PC_OK;
  return pc_check_writable(path, what, err);
}
