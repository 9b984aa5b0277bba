/* cmd_merge.c — `polycover merge`: adds up the results of the job files
   of one split search (solve --split-only, solve --job) into the counts,
   symmetry table and best solutions of the whole search, or those of a
   count met in the middle into its counts, and says which parts are
   missing, doubled or do not belong. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "cli/common.h"
#include "cli/file_kind.h"
#include "cli/paths.h"
#include "cli/commands.h"
#include "core/engines.h"
#include "cli/solve_jobs.h"
#include "cli/solve_report.h"
#include "poly/frontier.h"

static const char usage[] =
    "Usage: polycover merge [OPTIONS] RESULT...\n"
    "Add up the results of the jobs of one search (`polycover solve --split-only`,\n"
    "then `polycover solve --job FILE` for each job) and print what `solve` prints\n"
    "for the whole search: solutions, unique, nodes and updates (the split search\n"
    "counted once), and the maximally symmetric solutions and the symmetry table\n"
    "when the jobs were split with --best or --sym-table. Seconds are the jobs'\n"
    "times added up. The jobs' solution files (-o) stay one per job. The shares of\n"
    "a count met in the middle (solve --count --method meet --split-only K) merge\n"
    "the same way; their unique count follows by Burnside's lemma.\n"
    "\n"
    "  -c, --count          print the counts, not the maximally symmetric solutions\n"
    "      --board FILE     the board, when it is no longer where the jobs found it\n"
    "      --json           print one JSON object, as solve does\n"
    "  -h, --help           show this help\n"
    "\n"
    "Results of another problem or other settings, a subproblem in two results\n"
    "and missing jobs are reported (missing ones after the partial counts).\n"
    "Exit status: 0 done, 1 failure, 2 bad usage or bad input (FILE:LINE).\n";

/* Why result b cannot be merged with a, or NULL; *line is b's line that
   says so. */
static const char *mismatch(const pc_result *a, const pc_result *b, int *line)
{
  const pc_job *x = &a->job, *y = &b->job;
  *line = PC_JOB_LINE_PROBLEM;
  if (x->problem != y->problem) return "is of another problem (its exact-cover matrix differs)";
  *line = PC_JOB_LINE_SEARCH;
  if (strcmp(x->engine, y->engine) || strcmp(x->rule, y->rule) || strcmp(x->options, y->options))
    return "ran with other settings (engine, rule or options)";
  *line = PC_JOB_LINE_SPLIT;
  if (x->depth != y->depth || x->subproblems != y->subproblems || x->jobs != y->jobs ||
      a->split_nodes != b->split_nodes || a->split_updates != b->split_updates)
    return "is of another split (depth, subproblems or jobs)";
  return NULL;
}

/* Every result read and checked against the first; each subproblem in
   at most one. */
static pc_status read_all(char **paths, int n, pc_result *rs, pc_error *err)
{
  pc_status s = PC_OK;
  int32_t *owner = NULL;
  for (int i = 0; i < n && !s; i++) {
    s = pc_hint_file_kind(pc_result_read(paths[i], &rs[i], err), paths[i], PC_KIND_RESULT, err);
    if (s) break;
    int line;
    const char *why = i ? mismatch(&rs[0], &rs[i], &line) : NULL;
    if (why) {
      pc_error_file(err, paths[i]);
      s = pc_error_set(err, PC_ERR_INPUT, line, 0, "%s than %s", why, paths[0]);
      break;
    }
    if (!owner &&
        !(owner = pc_alloc_array((size_t)rs[0].job.subproblems, sizeof *owner))) {
      s = pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
      break;
    }
    if (!i) memset(owner, -1, (size_t)rs[0].job.subproblems * sizeof *owner);
    for (int64_t k = 0; k < rs[i].job.n_ids && !s; k++) {
      int64_t id = rs[i].job.ids[k];
      if (owner[id] >= 0) {
        pc_error_file(err, paths[i]);
        s = pc_error_set(err, PC_ERR_INPUT, PC_JOB_LINE_JOB, 0,
                         "subproblem %lld is also in %s (job %d of %d): a result merged twice?",
                         (long long)id, paths[owner[id]], (int)rs[owner[id]].job.number,
                         (int)rs[i].job.jobs);
      }
      owner[id] = i;
    }
  }
  free(owner);
  return s;
}

/* The jobs with no result, on stderr; returns how many subproblems lack. */
static int64_t report_missing(const pc_result *rs, int n)
{
  int32_t jobs = rs[0].job.jobs;
  bool *seen = pc_calloc_array((size_t)jobs + 1, sizeof *seen);
  int64_t have = 0, missing = 0;
  for (int i = 0; i < n; i++) {
    have += rs[i].job.n_ids;
    if (seen) seen[rs[i].job.number] = true;
  }
  missing = rs[0].job.subproblems - have;
  if (missing) {
    fprintf(stderr,
            "polycover merge: incomplete: %lld of %lld subproblems %s no result; "
            "missing jobs (of %d):",
            (long long)missing, (long long)rs[0].job.subproblems,
            pc_plural((uint64_t)missing, "has", "have"), (int)jobs);
    for (int32_t k = 1; seen && k <= jobs; k++)
      if (!seen[k]) fprintf(stderr, " %d", (int)k);
    fputc('\n', stderr);
  }
  free(seen);
  return missing;
}

typedef struct merge_options {
  bool json, count_only;
  const char *board;
  char **paths;
  int n;
} merge_options;

static pc_status parse_options(int argc, char **argv, merge_options *o, pc_error *err)
{
  static const struct option longopts[] = {
      {"count", no_argument, NULL, 'c'}, {"board", required_argument, NULL, 'b'},
      {"json", no_argument, NULL, 'J'},  {"help", no_argument, NULL, 'h'},
      {NULL, 0, NULL, 0}};
  pc_status s = PC_OK;
  int c;
  optind = 0;
  while ((c = getopt_long(argc, argv, ":ch", longopts, NULL)) != -1) {
    switch (c) {
    case 'c': o->count_only = true; break;
    case 'b':
      s = pc_take_path_option("merge", "--board", PC_PATH_FILE_OR_DASH, optarg, &o->board, err);
      break;
    case 'J': o->json = true; break;
    case 'h': fputs(usage, stdout); return PC_DONE;
    default: return pc_option_fail("merge", c, argv, longopts, err);
    }
    if (s) return s;
  }
  o->paths = argv + optind;
  o->n = argc - optind;
  if (o->n < 1) return pc_usage_fail("merge", err, "no RESULT given");
  for (int i = 0; i < o->n; i++)
    if (!strcmp(o->paths[i], "-"))
      return pc_usage_fail("merge", err, "a RESULT is a file's name: - (standard input) is none");
  return PC_OK;
}

/* The results' censuses added into sv's, their figures into st and
   seconds; the split search, in every result, counted once. */
static pc_status add_up(const merge_options *o, const pc_result *rs, pc_solver *sv,
                        pc_dlx_stats *st, double *seconds, pc_error *err)
{
  pc_status s = PC_OK;
  *st = (pc_dlx_stats){.nodes = rs[0].split_nodes, .updates = rs[0].split_updates};
  *seconds = 0;
  for (int i = 0; i < o->n && !s; i++) {
    FILE *in = fmemopen(rs[i].census, rs[i].census_size, "r");
    if (!in) return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
    int line = rs[i].census_line;
    pc_error_file(err, o->paths[i]);
    s = pc_census_merge(&sv->census, in, &line, err);
    fclose(in);
    st->nodes += rs[i].nodes - rs[i].split_nodes;
    st->updates += rs[i].updates - rs[i].split_updates;
    *seconds += rs[i].seconds;
  }
  return s;
}

/* A count met in the middle: its classes by Burnside's lemma, from the
   whole count and the solutions each symmetry fixes. */
static pc_status meet_classes(pc_solver *sv, pc_error *err)
{
  pc_frontier_stats st = {.solutions = sv->census.solutions};
  pc_status s = pc_frontier_burnside(&sv->full, &sv->group, &st, err);
  if (!s) sv->census.unique = st.unique;
  return s;
}

/* What solve prints for the whole search; PC_ERR_INPUT (reported) when
   jobs are missing. */
static pc_status print_merged(const merge_options *o, const pc_result *rs, pc_solver *sv,
                              pc_dlx_stats st, double seconds, pc_error *err)
{
  const pc_job *job = &rs[0].job;
  bool all, best, sym_table;
  pc_solve_job_options(job, &all, &best, &sym_table);
  int64_t missing = report_missing(rs, o->n);
  if (!missing && pc_solve_job_is_meet(job)) {
    pc_status s = meet_classes(sv, err);
    if (s) return s;
  }
  const pc_engine *engine;
  pc_error ignored;
  st.complete = !missing;
  st.no_updates = pc_engine_select(job->engine, NULL, PC_CHOOSE_MRV, NULL, &engine, &ignored) ||
                  !engine->counts_updates;
  bool meet = pc_solve_job_is_meet(job); /* a count met in the middle visits states, not nodes */
  st.no_nodes = meet;
  pc_solve_report report = {.board = o->board, .sv = sv, .engine = job->engine,
                            .jobs = job->jobs, .subproblems = job->subproblems, .st = st,
                            .frontier = meet, .states = meet ? st.nodes : 0,
                            .seconds = seconds, .all = all, .best = best, .json = o->json,
                            .show_best = !o->count_only, .sym_table = sym_table};
  pc_solve_report_print(&report);
  fflush(stdout);
  return missing ? pc_error_reported(err, PC_ERR_INPUT) : PC_OK;
}

int pc_cmd_merge(int argc, char **argv)
{
  merge_options o = {0};
  pc_error err = {0};
  pc_result *rs = NULL;
  pc_puzzle pz = {0};
  pc_solver sv = {0};
  bool loaded = false, prepared = false, all, best, sym_table;
  pc_dlx_stats st;
  double seconds;
  pc_status s = parse_options(argc, argv, &o, &err);
  if (s) goto done;
  rs = pc_calloc_array((size_t)o.n, sizeof *rs);
  if (!rs) {
    s = pc_error_set(&err, PC_ERR_NOMEM, 0, 0, "out of memory");
    goto done;
  }
  s = read_all(o.paths, o.n, rs, &err);
  if (s) goto done;
  pc_solve_job_options(&rs[0].job, &all, &best, &sym_table);
  if (!o.board) o.board = rs[0].job.board;
  loaded = !(s = pc_puzzle_load(o.board, &pz, &err));
  if (s) goto done;
  prepared = !(s = pc_solver_init(&sv, &pz, all, best || sym_table, PC_BEST_SHOWN, &err));
  if (s) goto done;
  s = pc_solve_job_check(o.paths[0], &rs[0].job, &sv, &err);
  if (s) goto done;
  s = add_up(&o, rs, &sv, &st, &seconds, &err);
  if (s) goto done;
  s = print_merged(&o, rs, &sv, st, seconds, &err);
done:
  if (prepared) pc_solver_free(&sv);
  if (loaded) pc_puzzle_free(&pz);
  for (int i = 0; rs && i < o.n; i++) pc_result_free(&rs[i]);
  free(rs);
  return pc_exit_status("merge", s, &err);
}
