/* folder.c — the files a command finds in a folder. */
#include "cli/folder.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/common.h"

static int by_name(const void *a, const void *b)
{
  return strcmp(*(char *const *)a, *(char *const *)b);
}

bool pc_name_ends(const char *name, const char *end)
{
  size_t n = strlen(name), e = strlen(end);
  return n > e && !strcmp(name + n - e, end);
}

char **pc_folder_files(const char *dir, bool (*wanted)(const char *name))
{
  DIR *d = opendir(dir);
  if (!d) return NULL;
  size_t n = 0, cap = 16;
  char **names = malloc(cap * sizeof *names);
  for (struct dirent *e; names && (e = readdir(d));) {
    if (!wanted(e->d_name)) continue;
    if (n + 2 > cap) {
      char **grown = realloc(names, (cap *= 2) * sizeof *names);
      if (!grown) break;
      names = grown;
    }
    if ((names[n] = strdup(e->d_name))) n++;
  }
  closedir(d);
  if (!names) return NULL;
  names[n] = NULL;
  qsort(names, n, sizeof *names, by_name);
  return names;
}

void pc_folder_files_free(char **names)
{
  for (char **f = names; f && *f; f++) free(*f);
  free(names);
}

static bool was_written(const char *name, char *const *written, int32_t n)
{
  for (int32_t i = 0; i < n; i++) {
    const char *slash = strrchr(written[i], '/');
    if (!strcmp(name, slash ? slash + 1 : written[i])) return true;
  }
  return false;
}

/* The first few are named, then how many more. */
#define NAMED_FILES 3

void pc_warn_other_files(const char *cmd, const char *dir, bool (*wanted)(const char *name),
                         char *const *written, int32_t n, const char *why)
{
  char **names = pc_folder_files(dir, wanted);
  int32_t other = 0;
  for (char **f = names; f && *f; f++) {
    if (was_written(*f, written, n)) continue;
    if (other++ == 0) fprintf(stderr, "polycover %s: warning: %s also holds", cmd, dir);
    if (other <= NAMED_FILES) fprintf(stderr, "%s %s", other > 1 ? "," : "", *f);
  }
  if (other > NAMED_FILES) fprintf(stderr, " and %d more", (int)(other - NAMED_FILES));
  if (other)
    fprintf(stderr, " (%s not written by this run, left as %s): %s\n",
            pc_plural((uint64_t)other, "a file", "files"), other == 1 ? "it is" : "they are",
            why);
  pc_folder_files_free(names);
}
