/* file_kind.c — polycover's files told apart, for a hint. */
#include "cli/file_kind.h"

#include "cli/folder.h"

#include <stdio.h>
#include <string.h>

static const struct {
  const char *first_line; /* its start, or NULL: told by its name */
  const char *looks;      /* what the hint says */
} kinds[] = {
    [PC_KIND_SOLUTIONS] = {"polycover-solutions ",
                           "a solution file: 'polycover score' and 'polycover render' read it"},
    [PC_KIND_JOB] = {"polycover-job ", "a job file: 'polycover solve --job FILE' runs it"},
    [PC_KIND_RESULT] = {"polycover-result ", "a job's result: 'polycover merge' adds it up"},
    [PC_KIND_CHECKPOINT] = {"polycover-checkpoint ",
                            "a checkpoint: 'solve' or 'xc' carries it on with --resume FILE"},
    [PC_KIND_DLX] = {NULL, "a DLX1 matrix: 'polycover xc' solves it"},
    [PC_KIND_YAML] = {NULL, "a YAML file: 'polycover solve' solves a board, 'polycover render "
                            "--pieces' draws it"},
};

pc_file_kind pc_file_kind_of(const char *path)
{
  if (!strcmp(path, "-")) return PC_KIND_OTHER; /* read already: cannot be again */
  char line[64] = "";
  FILE *f = fopen(path, "rb");
  if (f && !fgets(line, sizeof line, f)) line[0] = '\0';
  if (f) fclose(f);
  for (size_t k = 0; k < sizeof kinds / sizeof *kinds; k++)
    if (kinds[k].first_line && !strncmp(line, kinds[k].first_line, strlen(kinds[k].first_line)))
      return (pc_file_kind)k;
  if (pc_name_ends(path, ".dlx")) return PC_KIND_DLX;
  if (pc_name_ends(path, ".yaml") || pc_name_ends(path, ".yml")) return PC_KIND_YAML;
  return PC_KIND_OTHER;
}

pc_status pc_hint_file_kind(pc_status s, const char *path, pc_file_kind expected, pc_error *err)
{
  if (s != PC_ERR_INPUT || strcmp(err->file, path)) return s;
  pc_file_kind kind = pc_file_kind_of(path);
  if (kind == PC_KIND_OTHER || kind == expected) return s;
  size_t n = strlen(err->msg);
  snprintf(err->msg + n, sizeof err->msg - n, " (this looks like %s)", kinds[kind].looks);
  return s;
}
