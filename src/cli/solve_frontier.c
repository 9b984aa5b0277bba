/* solve_frontier.c — `solve --count` by the frontier programme, whole or
   met in the middle. */
#include "cli/solve_frontier.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "core/clock.h"
#include "core/dlx.h"
#include "poly/frontier.h"
#include "cli/common.h"
#include "cli/count_progress.h"
#include "cli/solve_report.h"

/* Random paths of auto's estimate of the search. */
#define ESTIMATE_PATHS 10000
/* auto tries the frontier from this many cells on: below, the searches
   measured take a second or two, and the estimate alone a tenth. */
#define AUTO_MIN_CELLS 80

static const char *const method_names[] = {"auto", "search", "frontier", "meet"};

bool pc_method_by_name(const char *name, pc_method *method)
{
  for (size_t i = 0; i < sizeof method_names / sizeof *method_names; i++)
    if (!strcmp(name, method_names[i])) {
      *method = (pc_method)i;
      return true;
    }
  return false;
}

const char *pc_method_name(pc_method method)
{
  return method_names[method];
}

/* auto's budget of states: the estimated nodes of DLX's search, which a
   state costs about as much time as (docs/counting.md). */
static uint64_t state_budget(const pc_solver *sv)
{
  pc_dlx *d = pc_dlx_new(&sv->matrix.xc);
  pc_estimate est = {0};
  bool ok = d && pc_dlx_estimate_nodes(d, PC_CHOOSE_MRV, ESTIMATE_PATHS, 1, &est);
  pc_dlx_free(d);
  if (!ok || est.nodes < 1.0) return 1;
  return est.nodes >= 1e19 ? UINT64_MAX : (uint64_t)est.nodes;
}

/* auto's first search: this many nodes of the bits engine, fewer than
   the estimate that budgets the frontier costs in time (docs/counting.md).
   A node of bitdlx or DLX costs about NODE_COST of bits's (docs/speed.md). */
#define FIRST_NODES 2000000
#define NODE_COST 5

/* auto meets in the middle: faster than the whole programme on every
   board measured (docs/counting.md). */
static bool meets(const pc_solve_frontier *f)
{
  return f->method != PC_METHOD_FRONTIER;
}

static void report(const pc_solve_frontier *f, const pc_frontier_stats *st, int threads,
                   double seconds)
{
  pc_solver shown = *f->sv; /* the counts are the frontier's; no reduction was used */
  shown.classes.piece = shown.classes.cell = shown.classes.second = -1;
  shown.census.solutions = st->solutions;
  shown.census.unique = st->unique;
  int64_t shares = meets(f) && f->split ? INT64_C(1) << f->split : 0;
  pc_solve_report r = {.board = f->board, .sv = &shown, .engine = meets(f) ? "meet" : "frontier",
                       .threads = threads, .subproblems = shares, .seconds = seconds,
                       .all = f->all, .json = f->json, .frontier = true, .states = st->states,
                       .st = {.solutions = st->solutions, .complete = true, .no_updates = true,
                              .no_nodes = true}};
  pc_solve_report_print(&r);
  if (f->json) return;
  printf("frontier: %d cells wide, %d steps, %llu states at most at once, %.1f MiB of tables\n",
         (int)st->window, (int)st->steps, (unsigned long long)st->peak_states,
         (double)st->peak_bytes / (1024.0 * 1024.0));
}

bool pc_solve_frontier_auto_applies(const pc_solve_frontier *f)
{
  const pc_solver *sv = f->sv;
  return sv->pz->n_cells >= AUTO_MIN_CELLS && !pc_frontier_unfit(sv->pz, &sv->full);
}

uint64_t pc_solve_frontier_first_nodes(const char *engine)
{
  return strcmp(engine, "bits") ? FIRST_NODES / NODE_COST : FIRST_NODES;
}

/* Stopped by a signal: said, as a search says it, with exit status 1. */
static pc_status interrupted(pc_error *err)
{
  fprintf(stderr, "polycover solve: interrupted; a count by the frontier keeps no checkpoint, so "
                  "nothing to carry on from (a count split into jobs carries on by job: "
                  "docs/batch-jobs.md)\n");
  return pc_error_reported(err, PC_ERR_IO);
}

pc_status pc_solve_frontier_run(const pc_solve_frontier *f, bool *counted, pc_error *err)
{
  *counted = false;
  const pc_solver *sv = f->sv;
  bool is_auto = f->method == PC_METHOD_AUTO;
  const char *why = is_auto ? NULL : pc_frontier_unfit(sv->pz, &sv->full);
  if (why)
    return pc_error_set(err, PC_ERR_INPUT, 0, 0, "--method %s does not apply: %s",
                        pc_method_name(f->method), why);
  double t0 = pc_now();
  int threads = f->threads > 0 ? f->threads : (int)sysconf(_SC_NPROCESSORS_ONLN);
  pc_count_progress line;
  pc_frontier_config cfg = {.threads = threads, .meet = meets(f), .split = f->split,
                            .stop = pc_stop_on_signals(),
                            .watch = pc_count_progress_start(&line, f->progress, sv->pz, true)};
  if (is_auto) cfg.max_states = state_budget(sv);
  pc_frontier_stats st;
  pc_status s = pc_frontier_count(sv->pz, &sv->full, &sv->group, &cfg, &st, err);
  pc_count_progress_clear(&line);
  if (!s && st.interrupted) return interrupted(err);
  if (is_auto && s == PC_ERR_NOMEM) { /* the search needs little memory */
    fprintf(stderr, "polycover solve: %s; searching instead\n", err->msg);
    memset(err, 0, sizeof *err);
    return PC_OK;
  }
  if (s || st.stopped) return s;
  *counted = true;
  report(f, &st, threads, pc_now() - t0);
  return PC_OK;
}
