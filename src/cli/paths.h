/* paths.h — the files a command is told to read and write, checked
   before it reads or searches anything: no file written twice, none
   written that is being read, and a folder a file can be written in. */
#ifndef PC_CLI_PATHS_H
#define PC_CLI_PATHS_H

#include <stdbool.h>
#include <stdint.h>

#include "core/error.h"

/* A file named on the command line. */
typedef struct pc_named_file {
  const char *path;    /* NULL: not given; "-": stdin or stdout, not a file */
  const char *option;  /* how it was named ("-o", "--checkpoint"); NULL: an operand
                          or a name the command made */
  const char *role;    /* "the solution file", "the board being read" */
  bool written;
} pc_named_file;

/* What an option names: a file, a file or "-" (standard input or
   output), a folder. */
typedef enum { PC_PATH_FILE, PC_PATH_FILE_OR_DASH, PC_PATH_FOLDER } pc_path_kind;

/* The name an option (`option`, "--output") gives a file or a folder
   into *slot: a usage error, said on stderr for command `cmd`, for an
   empty name, which would fail only once the work is done, for a second
   name, which would leave the first unwritten, and for "-" where it
   would be taken as a name. */
pc_status pc_take_path_option(const char *cmd, const char *option, pc_path_kind kind,
                              const char *arg, const char **slot, pc_error *err);

/* Whether a and b name one file: the same inode when both exist (x and
   ./x, a link and its target); else, when neither does, the same last
   name in the same folder, links in it resolved. */
bool pc_same_file(const char *a, const char *b);

/* PC_ERR_INPUT (exit status 2) with a message naming both, when two of
   the n files name one file and at least one of them is written, else
   PC_OK. */
pc_status pc_check_named_files(const pc_named_file *files, int32_t n, pc_error *err);

/* A file the user names that is written by a temporary file beside it
   renamed over it (`what`: "a checkpoint"): PC_ERR_IO when it is a folder
   or a device, or its folder cannot take a new file. */
pc_status pc_check_writable(const char *path, const char *what, pc_error *err);

/* A file saved as atomic.h saves it (a picture): as pc_check_writable,
   but a device or a pipe is fine, written straight through. */
pc_status pc_check_savable(const char *path, const char *what, pc_error *err);

#endif
