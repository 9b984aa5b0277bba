/* file_kind.h — which of polycover's files a path looks like, by its
   first line or its name, so that a file given to a command that reads
   another kind is refused with a word on the command that reads it. */
#ifndef PC_CLI_FILE_KIND_H
#define PC_CLI_FILE_KIND_H

#include "core/error.h"

typedef enum {
  PC_KIND_OTHER,       /* none of these, or standard input */
  PC_KIND_SOLUTIONS,   /* polycover-solutions: solve -o */
  PC_KIND_JOB,         /* polycover-job: solve --split-only */
  PC_KIND_RESULT,      /* polycover-result: solve --job */
  PC_KIND_CHECKPOINT,  /* polycover-checkpoint */
  PC_KIND_DLX,         /* NAME.dlx: rows */
  PC_KIND_YAML,        /* NAME.yaml, NAME.yml: a board or a piece set */
} pc_file_kind;

pc_file_kind pc_file_kind_of(const char *path);

/* For bad input (s) about the file `path` itself, which a command reads
   as `expected`: when path looks like another kind, err's message gets
   what it looks like and which command reads that. Returns s. */
pc_status pc_hint_file_kind(pc_status s, const char *path, pc_file_kind expected, pc_error *err);

#endif
