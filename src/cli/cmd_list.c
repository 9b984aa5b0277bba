/* cmd_list.c — `polycover list`: the shipped piece sets and boards. */
#include <dirent.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/common.h"
#include "cli/commands.h"
#include "poly/puzzle.h"

#ifndef PC_DATADIR
#define PC_DATADIR "/usr/local/share/polycover"
#endif

static const char usage[] =
    "Usage: polycover list [DIR]\n"
    "List the piece sets (DIR/pieces/*.yaml) and boards (DIR/boards/*.yaml), one\n"
    "line each. Without DIR: the current folder if it has them, else the folder\n"
    "of the program, else its ../share/polycover, else " PC_DATADIR ".\n";

static int by_name(const void *a, const void *b)
{
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The .yaml files of a folder, sorted; NULL-terminated, malloc'd. */
static char **yaml_files(const char *dir)
{
  DIR *d = opendir(dir);
  if (!d) return NULL;
  size_t n = 0, cap = 16;
  char **names = malloc(cap * sizeof *names);
  struct dirent *e;
  while (names && (e = readdir(d))) {
    size_t len = strlen(e->d_name);
    if (len < 6 || strcmp(e->d_name + len - 5, ".yaml")) continue;
    if (n + 2 > cap) {
      char **grown = realloc(names, (cap *= 2) * sizeof *names);
      if (!grown) break;
      names = grown;
    }
    names[n++] = strdup(e->d_name);
  }
  closedir(d);
  if (!names) return NULL;
  names[n] = NULL;
  qsort(names, n, sizeof *names, by_name);
  return names;
}

static bool has_data(const char *dir)
{
  char path[PATH_MAX + 16];
  snprintf(path, sizeof path, "%s/boards", dir);
  return access(path, R_OK) == 0;
}

static void list_folder(const char *dir, const char *sub, bool boards)
{
  char folder[PATH_MAX + 16], path[2 * PATH_MAX];
  snprintf(folder, sizeof folder, "%s/%s", dir, sub);
  char **names = yaml_files(folder);
  printf("%s (%s):\n", sub, folder);
  for (char **f = names; f && *f; f++) {
    snprintf(path, sizeof path, "%s/%s", folder, *f);
    pc_error err = {0};
    char name[300];
    snprintf(name, sizeof name, "%.*s", (int)(strlen(*f) - 5), *f);
    if (boards) {
      pc_puzzle pz;
      if (pc_puzzle_load(path, &pz, &err) == PC_OK) {
        printf("  %-22s %-8s %3d pieces %5d cells  %s\n", name, pc_grid_name(pz.grid),
               (int)pz.n_pieces, (int)pz.n_cells, pz.title);
        pc_puzzle_free(&pz);
      } else {
        printf("  %-22s (does not load: %s)\n", name, err.msg);
      }
    } else {
      pc_pieceset set;
      if (pc_pieceset_load(path, &set, &err) == PC_OK) {
        printf("  %-22s %-8s %3d pieces  %s\n", name, pc_grid_name(set.grid),
               (int)set.n_pieces, set.name);
        pc_pieceset_free(&set);
      } else {
        printf("  %-22s (does not load: %s)\n", name, err.msg);
      }
    }
    free(*f);
  }
  free(names);
}

int pc_cmd_list(int argc, char **argv)
{
  pc_error help_err;
  pc_status help = pc_parse_help_only(argc, argv, "list", usage, &help_err);
  if (help) return pc_exit_status("list", help, &help_err);
  if (argc - optind > 1) return pc_usage_error("list", "more than one DIR");
  char dir[PATH_MAX] = ".";
  if (optind < argc) {
    snprintf(dir, sizeof dir, "%s", argv[optind]);
  } else if (!has_data(".")) {
    ssize_t n = readlink("/proc/self/exe", dir, sizeof dir - 1);
    char *slash = n > 0 ? (dir[n] = '\0', strrchr(dir, '/')) : NULL;
    if (slash) *slash = '\0';
    /* Beside the program (a build tree), or in ../share/polycover (an
       installed tree, wherever PREFIX was), or where it was built for. */
    static const char share[] = "/../share/polycover";
    if (slash && !has_data(dir) && strlen(dir) + sizeof share <= sizeof dir) strcat(dir, share);
    if (!slash || !has_data(dir)) snprintf(dir, sizeof dir, "%s", PC_DATADIR);
  }
  if (!has_data(dir)) {
    fprintf(stderr, "polycover list: no boards/ folder in %s\n", dir);
    return PC_EXIT_USAGE;
  }
  list_folder(dir, "pieces", false);
  list_folder(dir, "boards", true);
  return PC_EXIT_OK;
}
