/* datapath.c — the search path for piece sets and boards. */
#include "poly/datapath.h"

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef PC_DATADIR
#define PC_DATADIR "/usr/local/share/polycover"
#endif

/* The i-th non-empty folder of POLYCOVER_PATH. */
static bool env_folder(int i, char *out, size_t size)
{
  const char *p = getenv("POLYCOVER_PATH");
  while (p && *p) {
    size_t len = strcspn(p, ":");
    if (len && i-- == 0) return (size_t)snprintf(out, size, "%.*s", (int)len, p) < size;
    p += len + (p[len] == ':');
  }
  return false;
}

/* The folders that do not come from POLYCOVER_PATH: the current one, those
   beside the program (found at run time, so that an installed tree works
   wherever it was put), and the one it was built for. An empty name is a
   folder that could not be found: skip it. */
static bool fixed_folder(int i, char *out, size_t size)
{
  static const char *const beside[] = {"/../share/polycover", "", "/.."};
  if (i == 0) return snprintf(out, size, ".") > 0;
  if (i == 4) return (size_t)snprintf(out, size, "%s", PC_DATADIR) < size;
  if (i > 4) return false;
  char exe[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  char *slash = n > 0 ? (exe[n] = '\0', strrchr(exe, '/')) : NULL;
  out[0] = '\0'; /* no program folder: an empty name, skipped */
  if (!slash) return true;
  *slash = '\0';
  return (size_t)snprintf(out, size, "%s%s", exe, beside[i - 1]) < size;
}

static int env_count(void)
{
  char dir[PATH_MAX];
  int n = 0;
  while (env_folder(n, dir, sizeof dir)) n++;
  return n;
}

bool pc_datapath_folder(int i, char *out, size_t size)
{
  int n = env_count();
  return i < n ? env_folder(i, out, size) : fixed_folder(i - n, out, size);
}

/* A search under way: the file found, or the places tried. A bare name
   passes over folders (a folder `kanoodle/` beside the shipped board
   `kanoodle`); a path takes what it names, and the caller says it is a
   folder. */
typedef struct search {
  char *out, *looked;
  size_t size, looked_size;
  bool found, files_only;
} search;

static bool readable(const search *s, const char *path)
{
  struct stat info;
  if (access(path, R_OK) != 0) return false;
  return !s->files_only || (stat(path, &info) == 0 && !S_ISDIR(info.st_mode));
}

/* Tries one candidate, formatted like printf. */
static void try_file(search *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void try_file(search *s, const char *fmt, ...)
{
  char path[2 * PATH_MAX];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(path, sizeof path, fmt, ap);
  va_end(ap);
  if (s->found || n < 0 || (size_t)n >= sizeof path) return;
  if ((size_t)n < s->size && readable(s, path)) {
    memcpy(s->out, path, (size_t)n + 1);
    s->found = true;
    return;
  }
  size_t used = strlen(s->looked);
  if (used + 1 < s->looked_size)
    snprintf(s->looked + used, s->looked_size - used, "%s%s", used ? ", " : "", path);
}

static bool has_yaml(const char *name)
{
  size_t n = strlen(name);
  return n > 5 && !strcmp(name + n - 5, ".yaml");
}

/* A path, then the same with .yaml. */
static void try_path(search *s, const char *dir, const char *name)
{
  const char *sep = dir ? "/" : "";
  if (!dir) dir = "";
  try_file(s, "%s%s%s", dir, sep, name);
  if (!has_yaml(name)) try_file(s, "%s%s%s.yaml", dir, sep, name);
}

/* A bare name (stem: without .yaml) in every place the search path holds. */
static void look_up(search *s, pc_data_kind kind, const char *stem, const char *from)
{
  const char *sub = kind == PC_DATA_PIECES ? "pieces" : "boards";
  char dir[PATH_MAX];
  int n = env_count();
  for (int i = 0; i < n && env_folder(i, dir, sizeof dir); i++) {
    try_file(s, "%s/%s/%s.yaml", dir, sub, stem);
    try_file(s, "%s/%s.yaml", dir, stem);
  }
  if (kind == PC_DATA_PIECES && from) {
    try_file(s, "%s/../pieces/%s.yaml", from, stem);
    try_file(s, "%s/%s.yaml", from, stem);
  }
  for (int i = 0; fixed_folder(i, dir, sizeof dir); i++)
    if (*dir) try_file(s, "%s/%s/%s.yaml", dir, sub, stem);
}

bool pc_datapath_find(pc_data_kind kind, const char *name, const char *from, char *out,
                      size_t size, char *looked, size_t looked_size)
{
  bool path = strchr(name, '/') != NULL;
  search s = {out, looked, size, looked_size, false, !path};
  looked[0] = '\0';
  if (path || kind == PC_DATA_BOARDS) try_path(&s, name[0] == '/' ? NULL : from, name);
  if (!path && *name) {
    char stem[NAME_MAX + 1];
    size_t len = strlen(name) - (has_yaml(name) ? 5 : 0);
    if (len < sizeof stem) {
      snprintf(stem, sizeof stem, "%.*s", (int)len, name);
      look_up(&s, kind, stem, from);
    }
  }
  return s.found;
}
