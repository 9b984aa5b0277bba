/* common.h — what the subcommands share: option values, timing, the summary,
   JSON and profile printers, and the one way to report errors. */
#ifndef PC_CLI_H
#define PC_CLI_H

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

/* "polycover CMD: message" on stderr plus a pointer to --help; returns 2. */
int pc_usage_error(const char *cmd, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Parses the options of a command whose only option is --help. Returns -1
   to go on (optind is set), else the exit status to return. */
int pc_parse_help_only(int argc, char **argv, const char *cmd, const char *usage);

/* Makes SIGINT and SIGTERM set the flag returned instead of ending the
   program (a second signal ends it as usual), for a search to stop cleanly.
   The flag is the program's one piece of process-wide state, as signals
   are process-wide. */
const atomic_int *pc_stop_on_signals(void);

/* Runs a search and returns the seconds it took. */
double pc_timed_search(pc_dlx *d, const pc_dlx_config *cfg, pc_dlx_stats *st);

/* Prints a filled pc_error on stderr; returns the exit status it implies. */
int pc_report_error(const char *cmd, pc_status status, const pc_error *err);

/* Opens a file for reading, "-" meaning stdin; names it in err on failure. */
FILE *pc_open_input(const char *path, pc_error *err);
void pc_close_input(FILE *f);

/* The summary lines of a search: solutions, nodes, updates, seconds. */
void pc_print_summary(FILE *out, const pc_dlx_stats *st, double seconds);

/* The level table, like the profiles in Knuth's paper. */
void pc_print_profile(FILE *out, const pc_dlx_stats *st);

/* A flat JSON object written a field at a time. */
typedef struct pc_json {
  FILE *out;
  bool first;
} pc_json;

void pc_json_begin(pc_json *j, FILE *out);
void pc_json_u64(pc_json *j, const char *key, uint64_t v);
void pc_json_double(pc_json *j, const char *key, double v);
void pc_json_bool(pc_json *j, const char *key, bool v);
void pc_json_str(pc_json *j, const char *key, const char *v);
void pc_json_end(pc_json *j);

/* solutions, nodes, updates, seconds and complete. */
void pc_json_stats(pc_json *j, const pc_dlx_stats *st, double seconds);

#endif
