/* folder.h — the files a command finds in a folder: listing them, and
   warning of an earlier run's files beside the ones it wrote. */
#ifndef PC_CLI_FOLDER_H
#define PC_CLI_FOLDER_H

#include <stdbool.h>
#include <stdint.h>

/* Whether name is longer than `end` and ends with it ("x.yaml", ".yaml"). */
bool pc_name_ends(const char *name, const char *end);

/* The names of dir's files that `wanted` accepts, sorted: a
   NULL-terminated malloc'd list (pc_folder_files_free), NULL when the
   folder cannot be read. */
char **pc_folder_files(const char *dir, bool (*wanted)(const char *name));
void pc_folder_files_free(char **names);

/* Names on stderr the files of dir that `wanted` accepts but that are
   not among the n files a command has just written there (`written`,
   names or paths ending in them): an earlier run's, which the command
   leaves as they are, as the user did not name them. `why` says how they
   could mislead. */
void pc_warn_other_files(const char *cmd, const char *dir, bool (*wanted)(const char *name),
                         char *const *written, int32_t n, const char *why);

#endif
