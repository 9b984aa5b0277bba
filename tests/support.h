/* support.h — what the tests share: running the polycover program and
   loading the test data. */
#ifndef PC_TEST_SUPPORT_H
#define PC_TEST_SUPPORT_H

#include <stdbool.h>
#include <sys/types.h>

#include "poly/puzzle.h"
#include "poly/tiling.h"
#include "core/xc.h"

typedef struct pc_run {
  int status; /* exit status, or -1 if it did not exit normally */
  char *out;  /* everything written to stdout */
  char *err;  /* everything written to stderr */
} pc_run;

/* Runs $POLYCOVER (default ./polycover) with the NULL-terminated args,
   feeding `input` (may be NULL) on stdin. */
pc_run pc_run_program(const char *input, const char *const *args);

/* `solve -c board` is refused with exit status 2 and a message that
   names `file` at `where` ("LINE:COLUMN") and says `message`. */
void pc_expect_refused_at(const char *board, const char *file, const char *where,
                          const char *message);
/* The shipped set `file` (of grid g) holds every polyform of `size` once,
   `count` of them, mirror images told apart when `one_sided`: its pieces'
   canonical forms are exactly the enumerated ones. */
void pc_expect_set_is_all(const char *file, const pc_grid *g, int32_t size, bool one_sided,
                          int32_t count);

/* The same under a launcher: its NULL-terminated words (the first looked
   for on PATH) come first, e.g. mpirun and its options. */
pc_run pc_run_launched(const char *input, const char *const *launcher, const char *const *args);
void pc_run_free(pc_run *r);

/* A puzzle solved from its board file. `all` searches every solution;
   otherwise the search is reduced to one class representative at a time
   (symmetry.h). Either way `solutions` counts all solutions and `unique`
   the classes; `met` is what the search met, nodes and updates its
   counters. */
typedef struct pc_solved {
  uint64_t solutions, unique, met, nodes, updates;
  int32_t options, symmetries;
} pc_solved;

pc_solved pc_solve_board_as(const char *path, bool all);
pc_solved pc_solve_board(const char *path); /* all */

/* Loads a board file into *pz and solves it: the tilings of its first
   `limit` solutions (0: all), in a malloc'd array (*n of them). Free with
   pc_tilings_free. */
pc_tiling *pc_board_tilings(const char *path, uint64_t limit, pc_puzzle *pz, int32_t *n);
void pc_tilings_free(pc_tiling *t, int32_t n);

/* Starts $POLYCOVER with the args, stdout to the file `out`, stderr to
   /dev/null; returns its pid (to signal it). */
pid_t pc_start_program(const char *out, const char *const *args);
pid_t pc_start_launched(const char *out, const char *const *launcher, const char *const *args);
/* The same with stderr to the file `err`. */
pid_t pc_start_logged(const char *out, const char *err, const char *const *launcher,
                      const char *const *args);
/* Waits for it: its exit status, or -1 if a signal ended it. */
int pc_wait_program(pid_t pid);
/* Waits until the file `log` holds something (a program started with
   pc_start_logged has written to it), failing if the program ends first. */
void pc_wait_for_log(pid_t pid, const char *log);
/* Waits until process pid catches SIGINT (its handler in place: bit 1
   of SigCgt in /proc/PID/status), for a program that writes nothing
   until then; fails after 30 s or if it ends. */
void pc_wait_for_handler(pid_t pid);
/* Makes $POLYCOVER an absolute path, so that the program runs from
   another folder. */
void pc_program_absolute(void);
/* A whole file, malloc'd and NUL-terminated. */
char *pc_slurp_file(const char *path);

/* A new scratch folder made from a mkdtemp template (malloc'd). */
char *pc_scratch_dir(const char *template);
/* DIR/NAME, malloc'd. */
char *pc_path_in(const char *dir, const char *name);

/* Writes `size` bytes to a file (failing the test on error). */
void pc_write_file(const char *path, const char *data, size_t size);

/* Replaces the first `old` in the file by `new` (which must be there);
   with `resum` the checksum line of our formats is made right again, as a
   deliberate edit would. */
void pc_edit_file(const char *path, const char *old, const char *new, bool resum);

/* Removes a scratch folder and everything in it (expecting success). */
void pc_remove_tree(const char *dir);

/* A number in the program's flat JSON output, failing the test when the
   key is missing. */
uint64_t pc_json_get_u64(const char *json, const char *key);
double pc_json_get_double(const char *json, const char *key);

/* Reads a DLX1 file under tests/data, failing the test on error. */
void pc_load_dlx1(const char *name, pc_xc *xc);

#endif
