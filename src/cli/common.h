/* common.h — what the subcommands share: option values, timing, the summary,
   JSON and profile printers, and the one way to report errors. */
#ifndef PC_CLI_H
#define PC_CLI_H

#include <getopt.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "core/clock.h"
#include "core/dlx.h"
#include "core/error.h"

/* Exit statuses. */
enum { PC_EXIT_OK = 0, PC_EXIT_FAIL = 1, PC_EXIT_USAGE = 2 };

/* Parses a whole non-negative decimal number; false if it is not one. */
bool pc_parse_u64(const char *s, uint64_t *out);

/* The noun for n things: `one` for 1, else `many` ("1 piece", "2 pieces"). */
const char *pc_plural(uint64_t n, const char *one, const char *many);

/* "polycover CMD: message" on stderr plus a pointer to --help; returns 2. */
int pc_usage_error(const char *cmd, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* err->line of an error already reported on stderr (a usage error). */
#define PC_ERROR_REPORTED (-1)

/* Status s with err emptied and marked as reported: for a step that has
   said what went wrong on stderr itself. */
pc_status pc_error_reported(pc_error *err, pc_status s);

/* pc_usage_error's message, for steps that return a pc_status: returns
   PC_ERR_INPUT with err marked as reported. */
pc_status pc_usage_fail(const char *cmd, pc_error *err, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* getopt_long's complaint as one usage error that names the option: an
   unknown or ambiguous one, a missing argument, an argument given to an
   option that takes none. For c == '?' or ':' from getopt_long with
   opterr 0 (main sets it) and an optstring starting with ':'. */
pc_status pc_option_fail(const char *cmd, int c, char **argv, const struct option *longopts,
                         pc_error *err);
/* The same for commands that return an exit status: 2. */
int pc_option_error(const char *cmd, int c, char **argv, const struct option *longopts);

/* Parses the options of a command whose only option is --help: PC_OK to
   go on (optind is set), PC_DONE when the help was printed, or a usage
   error. */
pc_status pc_parse_help_only(int argc, char **argv, const char *cmd, const char *usage,
                             pc_error *err);

/* The exit status of a command's status: 0 for PC_OK and PC_DONE, else
   (the error printed unless already reported) 2 for bad input, 1 for the
   others. */
int pc_exit_status(const char *cmd, pc_status status, const pc_error *err);

/* For steps that each go ahead when one before failed: s, the status so
   far, with `next`'s status and error (next_err) added. The first failure
   is kept in err; a later one is said on stderr at once. */
pc_status pc_first_failure(const char *cmd, pc_status s, pc_status next,
                           const pc_error *next_err, pc_error *err);

/* Flushes and closes stdout once a command is over: a write error there
   (a full disk, a closed pipe) turns a success into exit status 1, with
   a message. Returns the exit status. */
int pc_finish_output(const char *cmd, int status);

/* Makes SIGINT and SIGTERM set the flag returned instead of ending the
   program, for the whole run, so that a search stops cleanly; a second
   signal ends the program as usual. The flag is the program's one piece
   of process-wide state, as signals are process-wide. */
const atomic_int *pc_stop_on_signals(void);

/* Runs a search and returns the seconds it took. */
double pc_timed_search(pc_dlx *d, const pc_dlx_config *cfg, pc_dlx_stats *st);

/* Opens a file for reading, "-" meaning stdin; names it in err on failure
   (a folder is refused). */
FILE *pc_open_input(const char *path, pc_error *err);
void pc_close_input(FILE *f);

/* The summary lines of a search: solutions, nodes, updates, seconds. */
void pc_print_summary(FILE *out, const pc_dlx_stats *st, double seconds);

/* The level table, like the profiles in Knuth's paper. */
void pc_print_profile(FILE *out, const pc_dlx_stats *st);

/* A JSON object written a value at a time, objects and arrays nested in
   it. A value's key is NULL inside an array. Strings are escaped (control
   characters, quotes, backslashes; a byte that is not UTF-8 becomes
   U+FFFD), so that any text makes valid JSON. */
#define PC_JSON_DEPTH 8
typedef struct pc_json {
  FILE *out;
  int depth;                  /* objects and arrays open */
  bool first[PC_JSON_DEPTH];  /* nothing in it yet */
  char close[PC_JSON_DEPTH];  /* '}' or ']' */
} pc_json;

void pc_json_begin(pc_json *j, FILE *out);
void pc_json_u64(pc_json *j, const char *key, uint64_t v);
void pc_json_i64(pc_json *j, const char *key, int64_t v);
void pc_json_double(pc_json *j, const char *key, double v);
void pc_json_bool(pc_json *j, const char *key, bool v);
void pc_json_str(pc_json *j, const char *key, const char *v);
void pc_json_object(pc_json *j, const char *key);
void pc_json_array(pc_json *j, const char *key);
void pc_json_close(pc_json *j);   /* the innermost object or array */
/* A string, quoted and escaped, on its own (a key uses it too). */
void pc_json_str_text(FILE *out, const char *v);
void pc_json_end(pc_json *j);     /* closes all, then a line break */

/* "profile": the levels of the search, nodes and updates at each. */
void pc_json_profile(pc_json *j, const pc_dlx_stats *st);

/* solutions, nodes, updates, seconds and complete. */
void pc_json_stats(pc_json *j, const pc_dlx_stats *st, double seconds);

#endif
