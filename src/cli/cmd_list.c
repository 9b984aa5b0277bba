/* cmd_list.c — `polycover list`: the shipped piece sets and boards. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/common.h"
#include "cli/commands.h"
#include "cli/folder.h"
#include "poly/datapath.h"
#include "poly/puzzle.h"

static const char usage[] =
    "Usage: polycover list [DIR]\n"
    "List the piece sets (DIR/pieces/*.yaml) and boards (DIR/boards/*.yaml), one\n"
    "line each. Without DIR: the first data folder of the search path that has\n"
    "them: POLYCOVER_PATH's folders (colon-separated), the current folder, the\n"
    "program's ../share/polycover, its own folder and its parent (a build tree),\n"
    "then the folder it was built for.\n"
    "\n"
    "  -h, --help   show this help\n"
    "\n"
    "Exit status: 0 done, 1 failure, 2 bad usage or no data folder.\n";

static bool is_yaml(const char *name) { return pc_name_ends(name, ".yaml"); }

static bool has_data(const char *dir)
{
  char pieces[PATH_MAX + 16], boards[PATH_MAX + 16];
  snprintf(pieces, sizeof pieces, "%s/pieces", dir);
  snprintf(boards, sizeof boards, "%s/boards", dir);
  return access(pieces, R_OK) == 0 || access(boards, R_OK) == 0;
}

static void list_folder(const char *dir, const char *sub, bool boards)
{
  char folder[PATH_MAX + 16], path[2 * PATH_MAX];
  snprintf(folder, sizeof folder, "%s/%s", dir, sub);
  char **names = pc_folder_files(folder, is_yaml);
  printf("%s (%s):\n", sub, folder);
  for (char **f = names; f && *f; f++) {
    snprintf(path, sizeof path, "%s/%s", folder, *f);
    pc_error err = {0};
    char name[300];
    snprintf(name, sizeof name, "%.*s", (int)(strlen(*f) - 5), *f);
    if (boards) {
      pc_puzzle pz;
      if (pc_puzzle_load(path, &pz, &err) == PC_OK) {
        printf("  %-22s %-8s %3d %-6s %5d %-5s  %s\n", name, pc_grid_name(pz.grid),
               (int)pz.n_pieces, pc_plural((uint64_t)pz.n_pieces, "piece", "pieces"),
               (int)pz.n_cells, pc_plural((uint64_t)pz.n_cells, "cell", "cells"), pz.title);
        pc_puzzle_free(&pz);
      } else {
        printf("  %-22s (does not load: %s)\n", name, err.msg);
      }
    } else {
      pc_pieceset set;
      if (pc_pieceset_load(path, &set, &err) == PC_OK) {
        printf("  %-22s %-8s %3d %-6s  %s\n", name, pc_grid_name(set.grid), (int)set.n_pieces,
               pc_plural((uint64_t)set.n_pieces, "piece", "pieces"), set.name);
        pc_pieceset_free(&set);
      } else {
        printf("  %-22s (does not load: %s)\n", name, err.msg);
      }
    }
  }
  pc_folder_files_free(names);
}

int pc_cmd_list(int argc, char **argv)
{
  pc_error help_err;
  pc_status help = pc_parse_help_only(argc, argv, "list", usage, &help_err);
  if (help) return pc_exit_status("list", help, &help_err);
  if (argc - optind > 1) return pc_usage_error("list", "more than one DIR");
  char dir[PATH_MAX] = "";
  if (optind < argc) snprintf(dir, sizeof dir, "%s", argv[optind]);
  for (int i = 0; !dir[0] && pc_datapath_folder(i, dir, sizeof dir); i++)
    if (!has_data(dir)) dir[0] = '\0';
  if (!dir[0] || !has_data(dir)) {
    fprintf(stderr, "polycover list: no pieces/ or boards/ folder in %s\n",
            dir[0] ? dir : "any data folder (see --help)");
    return PC_EXIT_USAGE;
  }
  list_folder(dir, "pieces", false);
  list_folder(dir, "boards", true);
  return PC_EXIT_OK;
}
