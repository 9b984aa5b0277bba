/* cmd_solve.c — `polycover solve`: count, print and score a puzzle's
   solutions, all of them or one per class of symmetric solutions. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/alloc.h"
#include "poly/solver.h"
#include "cli/common.h"
#include "cli/file_kind.h"
#include "cli/commands.h"
#include "poly/coloring.h"
#include "poly/shape.h"
#include "poly/solfile.h"
#include "cli/solve_jobs.h"
#include "cli/solve_frontier.h"
#include "poly/frontier.h"
#include "cli/solve_pictures.h"
#include "cli/solve_report.h"
#include "core/engines.h"
#include "cli/run_options.h"
#ifdef PC_MPI
#include "run/mpi_engine.h"
#endif

static const char usage[] =
    "Usage: polycover solve [OPTIONS] BOARD.yaml\n"
    "       polycover solve BOARD.yaml --split-only DEPTH [--jobs N] [--dir DIR]\n"
    "       polycover solve --job FILE [OPTIONS] [--result FILE]\n"
    "Find the ways to place the puzzle's pieces on its board. By default one\n"
    "solution per class of solutions that the puzzle's symmetries (rotations and\n"
    "reflections of the whole board) turn into each other is searched for and\n"
    "printed, as the board's ASCII art with each cell showing its piece; the counts\n"
    "give both the essentially different solutions (unique) and all of them.\n"
    "BOARD may be - to read it from standard input (its sets are looked for as for\n"
    "a board in the current folder).\n"
    "\n"
    "  -c, --count          print only the counts, not the solutions\n"
    "  -n, --limit N        stop after N solutions (printed ones)\n"
    "      --all            search and print every solution, not one per class\n"
    "      --unique         one per class (the default)\n"
    "      --best           print only the maximally symmetric solutions (Knuth:\n"
    "                       the highest of the horizontal and vertical symmetry\n"
    "                       scores, then the highest other one)\n"
    "      --sym-table      print how many solutions have each (horizontal,\n"
    "                       vertical) pair of symmetry scores\n"
    "      --leftmost       branch on the first uncovered item, not the first of\n"
    "                       smallest size (Knuth's rule); engines dlx and bitdlx\n"
    "  -o, --output FILE    also write the reported solutions (with --best, the\n"
    "                       maximally symmetric ones) to FILE, a solution file\n"
    "                       that `score` and `render` read; written atomically;\n"
    "                       -: to stdout, the report then going to stderr\n"
    "      --render FILE    draw a solution: the first reported, the --index N-th,\n"
    "                       or with --best the maximally symmetric (.svg .png .pdf)\n"
    "      --index N        which reported solution --render draws (from 1)\n"
    "      --gallery OUT    draw many solutions on one sheet (.svg .png .pdf), or\n"
    "                       write OUT/index.html when OUT ends with '/'\n"
    "      --max N          at most N pictures in the gallery (default 100)\n"
    "      --columns C      pictures per row in the gallery\n"
    "      --sort symmetry  gallery: the most symmetric solutions, best first\n"
    "      --labels         write each piece's name on it (--render, --gallery)\n"
    "      --profile-plot FILE  the profile as a bar chart (.svg .png .pdf)\n"
    "      --profile        print nodes per level of the search (and updates,\n"
    "                       with DLX)\n"
    "      --json           print one JSON object and nothing else on stdout: the\n"
    "                       solutions (solution_list, written as found: number,\n"
    "                       scores, pieces with their cells, art), solutions,\n"
    "                       unique, nodes, updates, seconds, complete,\n"
    "                       symmetries, options, items, best_list, sym_table,\n"
    "                       profile; --split-only: the jobs (docs/formats.md)\n"
    "      --method M       how --count counts: frontier (a dynamic programme\n"
    "                       over the board's profile that does not visit each\n"
    "                       solution; docs/counting.md), meet (the same from both\n"
    "                       ends, met in the middle: faster), search, or auto (the\n"
    "                       default: where meet applies and nothing but the counts\n"
    "                       is asked for, a short search first, then meet when it\n"
    "                       is expected to be faster than the whole search)\n"
    "      --meet-split K   with --method meet: count in 2^K parts, one after the\n"
    "                       other, by the side of the middle each of the first K\n"
    "                       single pieces lies on (each part needs less memory)\n"
    "      --no-precheck    search even when a coloring of the board proves that\n"
    "                       there is no solution (checked first by default)\n"
    PC_RUN_USAGE
    "\n"
    "Batch jobs (a scheduler runs the parts of one search; README.md):\n"
    "      --split-only D   split the search at depth D and write its subproblems\n"
    "                       as job files, each a balanced share; nothing is solved\n"
    "                       (with --count --method meet: the count's 2^D shares,\n"
    "                       docs/batch-jobs.md)\n"
    "      --jobs N         how many job files (default 16, at most one per\n"
    "                       subproblem)\n"
    "      --dir DIR        where to write them (default .): DIR/BOARD-K.job\n"
    "      --job FILE       run one job file: its board (or the BOARD given, the\n"
    "                       same problem), options, engine and split; prints and\n"
    "                       writes (-o) the job's own solutions\n"
    "      --result FILE    where --job writes its result for `polycover merge`\n"
    "                       (default: the job file's name with .result)\n"
    PC_RUN_MPI_USAGE
    "  -h, --help           show this help\n"
    "\n"
    "A solution's horizontal symmetry is the number of edges between two pieces\n"
    "that are also edges between two pieces in its left-right mirror image;\n"
    "vertical likewise, top-bottom (README.md).\n"
    "\n"
    "Exit status: 0 done, 1 failure or interrupted, 2 bad usage or bad input (with\n"
    "FILE:LINE:COLUMN).\n";

enum {
  OPT_ALL = 256, OPT_UNIQUE, OPT_BEST, OPT_SYM_TABLE, OPT_LEFTMOST, OPT_PROFILE, OPT_JSON,
  OPT_RENDER, OPT_INDEX, OPT_GALLERY, OPT_MAX, OPT_COLUMNS, OPT_SORT, OPT_PROFILE_PLOT,
  OPT_SPLIT_ONLY, OPT_JOBS, OPT_DIR, OPT_JOB, OPT_RESULT, OPT_NO_PRECHECK, OPT_LABELS,
  OPT_METHOD, OPT_MEET_SPLIT,
};

typedef struct solve_run {
  const pc_puzzle *pz;
  const char *output;     /* the file named by --output, or NULL */
  pc_solwriter *out;      /* NULL, or where the reported solutions go */
  pc_status out_status;
  pc_solve_pictures pictures;
  pc_census *census;
  bool print, show_best, json;
  pc_solve_json doc;      /* with json: the document on stdout */
  uint64_t reported, limit;
  const pc_job *job;      /* --job: the subproblems to search */
  int64_t job_at;
  int marks;              /* snapshots of the solution file for checkpoints */
} solve_run;

static bool next_of_job(void *ctx, int64_t *sub)
{
  solve_run *r = ctx;
  return pc_solve_job_next(r->job, &r->job_at, sub);
}

/* The runner hands over a subproblem's solutions when it is complete. */
static bool visit(void *ctx, int64_t sub, const int32_t *options, int32_t n)
{
  (void)sub;
  solve_run *r = ctx;
  if (!pc_census_add(r->census, options, n)) return false;
  r->reported++;
  const pc_census *c = r->census;
  if (r->print && r->json)
    pc_solve_json_tiling(&r->doc, r->pz, r->reported, &c->found,
                         c->scorer ? &c->found_score : NULL);
  else if (r->print)
    pc_solve_report_tiling(stdout, r->pz, "solution", r->reported, &c->found);
  pc_solve_pictures_take(&r->pictures, r->census, r->reported);
  if (r->out && !r->out_status) r->out_status = pc_solwriter_add(r->out, &r->census->found, NULL);
  return r->limit && r->reported >= r->limit;
}

/* The progress line's counts (under the runner's lock, like visit). */
static void tally(void *ctx, uint64_t *solutions, uint64_t *unique)
{
  const solve_run *r = ctx;
  *solutions = r->census->solutions;
  *unique = r->census->unique;
}

/* A checkpoint holds what was reported, the census, and how far the
   solution file goes (pc_solwriter_mark), so a resumed run neither loses
   nor repeats a solution. */
static pc_status save(void *ctx, FILE *f)
{
  solve_run *r = ctx;
  int64_t length = -1;
  if (r->out && !r->out_status && (r->out_status = pc_solwriter_mark(r->out, &length, NULL)))
    return r->out_status;
  r->marks += length >= 0;
  fprintf(f, "solve reported %llu output %lld\n", (unsigned long long)r->reported,
          (long long)length);
  return pc_census_save(r->census, f);
}

static pc_status load(void *ctx, FILE *f, pc_error *err)
{
  solve_run *r = ctx;
  unsigned long long reported;
  long long length;
  if (fscanf(f, " solve reported %llu output %lld", &reported, &length) != 2)
    return pc_error_set(err, PC_ERR_INPUT, 0, 0, "not a checkpoint of polycover solve");
  if ((length >= 0) != (r->out != NULL))
    return pc_error_set(err, PC_ERR_INPUT, 0, 0, "the checkpoint was written %s --output",
                        length >= 0 ? "with" : "without");
  r->reported = reported;
  pc_status s = pc_census_load(r->census, f, err);
  if (!s && r->out) s = pc_solwriter_resume(r->out, r->output, r->pz, length, reported, err);
  return s;
}

static const struct option longopts[] = {
    {"count", no_argument, NULL, 'c'},       {"limit", required_argument, NULL, 'n'},
    {"output", required_argument, NULL, 'o'},
    {"all", no_argument, NULL, OPT_ALL},     {"unique", no_argument, NULL, OPT_UNIQUE},
    {"best", no_argument, NULL, OPT_BEST},   {"sym-table", no_argument, NULL, OPT_SYM_TABLE},
    {"leftmost", no_argument, NULL, OPT_LEFTMOST},
    {"profile", no_argument, NULL, OPT_PROFILE},
    {"json", no_argument, NULL, OPT_JSON},   {"help", no_argument, NULL, 'h'},
    {"render", required_argument, NULL, OPT_RENDER},
    {"index", required_argument, NULL, OPT_INDEX},
    {"gallery", required_argument, NULL, OPT_GALLERY},
    {"max", required_argument, NULL, OPT_MAX},
    {"columns", required_argument, NULL, OPT_COLUMNS},
    {"sort", required_argument, NULL, OPT_SORT},
    {"profile-plot", required_argument, NULL, OPT_PROFILE_PLOT},
    {"labels", no_argument, NULL, OPT_LABELS},
    {"split-only", required_argument, NULL, OPT_SPLIT_ONLY},
    {"jobs", required_argument, NULL, OPT_JOBS},
    {"dir", required_argument, NULL, OPT_DIR},
    {"job", required_argument, NULL, OPT_JOB},
    {"result", required_argument, NULL, OPT_RESULT},
    {"no-precheck", no_argument, NULL, OPT_NO_PRECHECK},
    {"method", required_argument, NULL, OPT_METHOD},
    {"meet-split", required_argument, NULL, OPT_MEET_SPLIT},
    PC_RUN_LONGOPTS,
    PC_RUN_MPI_LONGOPT,
    {NULL, 0, NULL, 0}};

/* A solve run: its options, then what the steps make. */
typedef struct solve_cmd {
  bool count_only, profile, json, all, best, sym_table, no_precheck;
  bool shaped;            /* an option a job file sets */
  bool refuted;           /* a coloring proved there is no solution: why */
  pc_method method;
  char why[1024];
  const char *board, *dir, *job_path, *result;
  char *result_made;      /* the result's name when --result gives none */
  uint64_t split_only, jobs, meet_split;
  pc_runner_config cfg;
  pc_run_options ro;
  solve_run run;          /* its output, limit and pictures are options too */
  pc_job job;
  pc_puzzle pz;
  pc_solver sv;
  bool loaded, prepared;
  pc_solwriter writer;
  pc_runner_result res;
#ifdef PC_MPI
  pc_mpi *mpi;
#endif
} solve_cmd;

/* A whole number from 1 to max, the argument of --name. */
static pc_status positive(const char *name, const char *arg, uint64_t max, uint64_t *out,
                          pc_error *err)
{
  if (!pc_parse_u64(arg, out) || !*out || *out > max)
    return pc_usage_fail("solve", err, "--%s wants a whole number from 1 to %llu, not '%s'", name,
                         (unsigned long long)max, arg);
  return PC_OK;
}

static pc_status path_option(const char *option, pc_path_kind kind, const char *arg,
                             const char **slot, pc_error *err)
{
  return pc_take_path_option("solve", option, kind, arg, slot, err);
}

/* The options that draw pictures; false for another option. */
static bool take_picture_option(int c, const char *arg, pc_solve_pictures *pic,
                                pc_status *s, pc_error *err)
{
  uint64_t n;
  switch (c) {
  case OPT_RENDER:
    *s = path_option("--render", PC_PATH_FILE, arg, &pic->render, err);
    return true;
  case OPT_GALLERY:
    *s = path_option("--gallery", PC_PATH_FILE, arg, &pic->gallery, err);
    return true;
  case OPT_PROFILE_PLOT:
    *s = path_option("--profile-plot", PC_PATH_FILE, arg, &pic->profile_plot, err);
    return true;
  case OPT_LABELS: pic->labels = true; return true;
  case OPT_INDEX:
    if (!(*s = positive("index", arg, INT32_MAX, &n, err))) pic->index = n;
    return true;
  case OPT_MAX:
    if (!(*s = positive("max", arg, INT32_MAX, &n, err))) pic->max = (int32_t)n;
    return true;
  case OPT_COLUMNS:
    if (!(*s = positive("columns", arg, INT32_MAX, &n, err))) pic->columns = (int32_t)n;
    return true;
  case OPT_SORT:
    if (strcmp(arg, "symmetry"))
      *s = pc_usage_fail("solve", err, "--sort knows only 'symmetry', not '%s'", arg);
    pic->sort = true;
    return true;
  default: return false;
  }
}

static pc_status take_option(int c, const char *arg, solve_cmd *o, pc_error *err)
{
  pc_status s = PC_OK;
  switch (c) {
  case 'c': o->count_only = true; break;
  case 'n': s = positive("limit", arg, UINT64_MAX, &o->run.limit, err); break;
  case 'o': s = path_option("--output", PC_PATH_FILE_OR_DASH, arg, &o->run.output, err); break;
  case OPT_ALL: o->all = o->shaped = true; break;
  case OPT_UNIQUE: o->all = false, o->shaped = true; break;
  case OPT_BEST: o->best = o->shaped = true; break;
  case OPT_SYM_TABLE: o->sym_table = o->shaped = true; break;
  case OPT_LEFTMOST: o->cfg.choose = PC_CHOOSE_LEFTMOST, o->shaped = true; break;
  case OPT_SPLIT_ONLY: s = positive("split-only", arg, INT32_MAX, &o->split_only, err); break;
  case OPT_JOBS: s = positive("jobs", arg, INT32_MAX, &o->jobs, err); break;
  case OPT_DIR: s = path_option("--dir", PC_PATH_FOLDER, arg, &o->dir, err); break;
  case OPT_JOB: s = path_option("--job", PC_PATH_FILE, arg, &o->job_path, err); break;
  case OPT_RESULT: s = path_option("--result", PC_PATH_FILE, arg, &o->result, err); break;
  case OPT_PROFILE: o->profile = true; break;
  case OPT_JSON: o->json = true; break;
  case OPT_NO_PRECHECK: o->no_precheck = true; break;
  case OPT_METHOD:
    if (!pc_method_by_name(arg, &o->method))
      s = pc_usage_fail("solve", err, "--method is frontier, meet, search or auto, not '%s'",
                        arg);
    break;
  case OPT_MEET_SPLIT:
    s = positive("meet-split", arg, PC_FRONTIER_MAX_SPLIT, &o->meet_split, err);
    break;
  default:
    if (!take_picture_option(c, arg, &o->run.pictures, &s, err))
      s = pc_run_option("solve", c, arg, &o->ro, err);
  }
  return s;
}

static pc_status parse_options(int argc, char **argv, solve_cmd *o, pc_error *err)
{
  pc_status s = PC_OK;
  int c;
  optind = 0;
  while (!s && (c = getopt_long(argc, argv, ":cn:o:j:h", longopts, NULL)) != -1) {
    if (c == 'h') {
      fputs(usage, stdout);
      return PC_DONE;
    }
    s = c == '?' || c == ':' ? pc_option_fail("solve", c, argv, longopts, err)
                             : take_option(c, optarg, o, err);
  }
  if (s) return s;
  if (optind != argc - 1 && !(o->job_path && optind == argc))
    return pc_usage_fail("solve", err, optind == argc ? "no BOARD given" : "more than one BOARD");
  o->board = optind < argc ? argv[optind] : NULL;
  return PC_OK;
}

/* Whether nothing but the counts is asked for (no pictures, no
   solutions, no tables). */
static bool asks_counts_only(const solve_cmd *o)
{
  const pc_solve_pictures *pic = &o->run.pictures;
  return o->count_only && !o->best && !o->sym_table && !o->profile && !o->run.limit &&
         !o->run.output && !pic->render && !pic->gallery && !pic->profile_plot && !o->ro.mpi &&
         !o->ro.resume && !o->ro.checkpoint;
}

/* Whether the frontier may count: only the counts are asked for, in one
   run on this machine. */
static bool counts_only(const solve_cmd *o)
{
  return asks_counts_only(o) && !o->job_path && !o->split_only;
}

/* --method meet --split-only K: the count's shares as job files. */
static bool meet_jobs(const solve_cmd *o)
{
  return o->method == PC_METHOD_MEET && o->split_only;
}

/* The combinations of options that make no sense. */
static pc_status check_options(solve_cmd *o, pc_error *err)
{
  const pc_solve_pictures *pic = &o->run.pictures;
  bool programme = o->method == PC_METHOD_FRONTIER || o->method == PC_METHOD_MEET;
  bool shares = meet_jobs(o) && asks_counts_only(o);
  if (shares) o->all = true; /* the jobs count every solution; merge finds the classes */
  if (meet_jobs(o) && o->meet_split)
    return pc_usage_fail("solve", err, "--split-only K splits the count by K pieces: no "
                                       "--meet-split");
  if (programme && !counts_only(o) && !shares)
    return pc_usage_fail("solve", err, "--method %s only counts: it wants --count and no "
                         "--best, --sym-table, --profile, --limit, --output, pictures, jobs, "
                         "--mpi, --checkpoint or --resume", pc_method_name(o->method));
  if (o->meet_split && o->method != PC_METHOD_MEET)
    return pc_usage_fail("solve", err, "--meet-split goes with --method meet");
  if ((o->jobs || o->dir) && !o->split_only)
    return pc_usage_fail("solve", err, "--jobs and --dir go with --split-only");
  if (o->result && !o->job_path) return pc_usage_fail("solve", err, "--result goes with --job");
  if (o->split_only && o->board && !strcmp(o->board, "-"))
    return pc_usage_fail("solve", err, "--split-only writes job files that name their board: "
                                       "give a board file, not -");
  if (o->split_only && (o->job_path || o->run.limit || o->run.output || o->ro.resume ||
                        pic->render || pic->gallery || o->ro.mpi))
    return pc_usage_fail("solve", err, "--split-only only writes job files: no --job, --limit, "
                                       "--output, --resume, --mpi or pictures");
  if (o->job_path && o->ro.mpi)
    return pc_usage_fail("solve", err,
                         "--job runs on one machine; --mpi runs the whole search");
  if (o->job_path && (o->shaped || o->run.limit || strcmp(o->ro.engine, "auto")))
    return pc_usage_fail("solve", err,
                         "a job runs with the options it was split with: no --all, --unique, "
                         "--best, --sym-table, --leftmost, --engine, --limit");
  if (o->best && o->run.limit)
    return pc_usage_fail("solve", err,
                         "--best looks at every solution; it cannot take --limit");
  if (o->ro.resume && o->run.output && !strcmp(o->run.output, "-"))
    return pc_usage_fail("solve", err, "--resume cannot carry on an output to stdout");
  if (o->json && o->run.output && !strcmp(o->run.output, "-"))
    return pc_usage_fail("solve", err, "--json holds stdout: write the solutions with -o FILE");
  if (o->best && pic->index)
    return pc_usage_fail("solve", err,
                         "--best draws the maximally symmetric solution; no --index");
  pc_status s = pc_solve_pictures_check(&o->run.pictures, err);
  return s ? s : pc_run_check("solve", &o->ro, err);
}

/* The files named: none written twice nor written while it is read (a
   resumed checkpoint aside: kept up to date by design), and a job's
   result in a folder that takes it, as a checkpoint's. Before the search,
   not after. */
static pc_status check_files(solve_cmd *o, pc_error *err)
{
  const pc_solve_pictures *pic = &o->run.pictures;
  if (o->job_path && !o->result) {
    o->result = o->result_made = pc_solve_job_result_name(o->job_path);
    if (!o->result) return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  }
  enum { OWN = 7 };
  pc_named_file files[OWN + PC_RUN_NAMED_FILES] = {
      {o->board, NULL, "the board being read", false},
      {o->job_path, "--job", "the job file being read", false},
      {o->run.output, "-o", "the solution file", true},
      {pic->render, "--render", "the picture", true},
      {pic->gallery, "--gallery", "the gallery", true},
      {pic->profile_plot, "--profile-plot", "the profile plot", true},
      {o->result, o->result_made ? NULL : "--result", "the job's result", true}};
  int32_t n = OWN + pc_run_named_files(&o->ro, files + OWN);
  pc_status s = pc_check_named_files(files, n, err);
  return !s && o->result ? pc_check_writable(o->result, "a result", err) : s;
}

/* The job file (with --job), the board and its matrix, and the engine. */
static pc_status load_problem(solve_cmd *o, pc_error *err)
{
  pc_status s;
  if (o->job_path) {
    s = pc_solve_job_read(o->job_path, &o->job, &o->all, &o->best, &o->sym_table, &o->cfg, err);
    if (s) return s;
    /* The engine it was split with, if it still takes the problem. */
    if (!pc_solve_job_is_meet(&o->job)) o->ro.engine = o->cfg.engine->name;
    if (!o->board) o->board = o->job.board;
  }
  s = check_files(o, err);
  if (s) return s;
  s = pc_hint_file_kind(pc_puzzle_load(o->board, &o->pz, err), o->board, PC_KIND_YAML, err);
  if (s) return s;
  o->loaded = true;
  if (o->pz.warning[0]) fprintf(stderr, "polycover solve: warning: %s\n", o->pz.warning);
  bool scored = o->best || o->sym_table || pc_solve_pictures_scored(&o->run.pictures);
  s = pc_solver_init(&o->sv, &o->pz, o->all, scored, PC_BEST_SHOWN, err);
  if (s) return s;
  o->prepared = true;
  o->run.census = &o->sv.census;
  o->run.pz = &o->pz;
  o->run.print = !o->count_only && !o->best;
  o->run.show_best = !o->count_only;
  o->run.json = o->json;
  /* Settled before any search, the engine's trial included. Not for a
     share of a search (jobs) nor under MPI, where every rank would say it. */
  if (!o->no_precheck && !o->split_only && !o->job_path && !o->ro.mpi &&
      pc_coloring_refutes(&o->pz, &o->sv.full, o->why, sizeof o->why)) {
    o->refuted = true;
    return PC_OK;
  }
  if (o->method != PC_METHOD_SEARCH && counts_only(o)) return PC_OK; /* solve_count configures */
  if (meet_jobs(o) || (o->job_path && pc_solve_job_is_meet(&o->job))) return PC_OK; /* no search */
  s = pc_run_configure("solve", &o->ro, &o->sv.matrix.xc, &o->cfg, err);
#ifdef PC_MPI
  /* The other ranks only search (PC_DONE): rank 0 reports. */
  if (!s && o->ro.mpi) s = pc_mpi_setup(&o->mpi, &o->sv.matrix.xc, &o->cfg, err);
#endif
  return s;
}

/* --split-only: the job files, nothing solved. */
static pc_status solve_split(solve_cmd *o, pc_error *err)
{
  pc_status s = pc_solve_job_header(&o->job, o->board, &o->sv, &o->cfg, o->best, o->sym_table,
                                    (int32_t)o->split_only, err);
  if (s) return s;
  return pc_solve_split_jobs(&o->job, &o->sv, &o->cfg, (int32_t)o->jobs,
                             o->dir ? o->dir : ".", o->json, err);
}

/* After a failed search the file is kept apart as FILE.partial. FILE
   itself, when a checkpoint made it, holds what that checkpoint needs;
   unless the checkpoint was the one that failed, the first of a new run. */
static void keep_partial(pc_solwriter *w, bool snapshot_useless)
{
  if (snapshot_useless) unlink(w->path);
  char *partial = NULL;
  pc_error ignored;
  if (asprintf(&partial, "%s.partial", w->path) < 0) {
    pc_solwriter_abort(w);
    return;
  }
  uint64_t count = w->count;
  char *path = w->path;
  w->path = partial;
  if (!pc_solwriter_commit(w, &ignored))
    fprintf(stderr, "polycover solve: the run failed: the %llu %s written %s in %s.partial\n",
            (unsigned long long)count, pc_plural(count, "solution", "solutions"),
            pc_plural(count, "is", "are"), path);
  free(path);
}

/* The solution file, committed when the search (status s) succeeded. */
static pc_status finish_output(solve_cmd *o, pc_status s, pc_error *err)
{
  solve_run *r = &o->run;
  const pc_census *cs = r->census;
  pc_error ignored;
  for (int32_t i = 0; o->best && i < cs->n_best && !r->out_status; i++)
    r->out_status = pc_solwriter_add(&o->writer, &cs->best_tilings[i], NULL);
  if (r->out_status) {
    pc_solwriter_abort(&o->writer);
    return s ? s : pc_error_set(err, r->out_status, 0, 0, "cannot write %s", r->output);
  }
  if (!o->writer.f) return s;
  if (!s) return pc_solwriter_commit(&o->writer, err);
  if (o->writer.f == stdout) pc_solwriter_commit(&o->writer, &ignored);
  else keep_partial(&o->writer, r->marks == 1 && !o->ro.resume);
  return s;
}

/* After the search: the counts, the solution file, the pictures, the
   table and profile, the job's result. `s` is the search's status: no
   later step hides its failure. */
static pc_status finish_search(solve_cmd *o, pc_status s, pc_error *err)
{
  pc_dlx_stats st = o->res.stats;
  const pc_census *cs = o->run.census;
  st.solutions = cs->solutions;
  if (!s && o->run.output && !o->writer.f)
    s = pc_solwriter_open(&o->writer, o->run.output, &o->pz, err);
  pc_solve_report report = {.board = o->board, .sv = &o->sv,
                            .engine = o->cfg.engine ? o->cfg.engine->name : "none",
                            .refuted = o->refuted ? o->why : NULL,
                            .threads = o->res.threads,
                            /* A job searches its own subproblems of the split. */
                            .subproblems = o->job_path ? o->job.n_ids : o->res.subproblems,
                            .st = st, .seconds = o->res.seconds, .all = o->all,
                            .best = o->best, .json = o->json, .show_best = o->run.show_best,
                            .sym_table = o->sym_table, .profile = o->profile,
                            .doc = &o->run.doc,
                            /* The solution file on stdout: the report beside it. */
                            .out = o->writer.f == stdout ? stderr : stdout};
  pc_solve_report_print(&report);
  if (o->run.output) s = finish_output(o, s, err);
  if (s) return pc_run_finish("solve", s, &o->res, &o->ro, err);
  s = pc_solve_pictures_finish(&o->run.pictures, &o->pz, cs, o->best, &st, err);
  /* A picture that failed costs the job's result nothing. */
  pc_error job_err = {0};
  if (o->job_path && st.complete)
    s = pc_first_failure("solve", s,
                         pc_solve_job_finish(o->job_path, o->result, &o->job, &o->sv, &o->res,
                                             &job_err),
                         &job_err, err);
  return pc_run_finish("solve", s, &o->res, &o->ro, err);
}

/* The search, whole or the job's share, not yet reported. */
static pc_status run_search(solve_cmd *o, pc_error *err)
{
  solve_run *r = &o->run;
  pc_status s = pc_solve_pictures_start(&r->pictures, o->pz.n_cells, err);
  if (s) return s;
  if (r->output && !o->best) r->out = &o->writer;
  if (r->output && !o->ro.resume) {
    s = pc_solwriter_open(&o->writer, r->output, &o->pz, err);
    if (s) return s;
  }
  o->cfg.visit = visit;
  o->cfg.hand_over_at_once = r->limit > 0;
  o->cfg.tally = tally;
  o->cfg.ctx = r;
  o->cfg.save = save;
  o->cfg.load = load;
  s = pc_runner_run(&o->sv.matrix.xc, &o->cfg, &o->res, err);
  if (!o->res.ran && o->writer.f) pc_solwriter_abort(&o->writer);
  return s;
}

static pc_status solve_search(solve_cmd *o, pc_error *err)
{
  pc_status s = run_search(o, err);
  return o->res.ran ? finish_search(o, s, err) : s;
}

/* auto's count where the frontier may count: the search first, within
   pc_solve_frontier_first_nodes. *counted when it ended (or was stopped
   from outside: reported as such); else it is forgotten. */
static pc_status search_first(solve_cmd *o, bool *counted, pc_error *err)
{
  o->cfg.max_nodes = pc_solve_frontier_first_nodes(o->cfg.engine->name);
  pc_status s = run_search(o, err);
  o->cfg.max_nodes = 0;
  *counted = s || (o->res.ran && (o->res.stats.complete || o->res.interrupted));
  if (*counted) return o->res.ran ? finish_search(o, s, err) : s;
  pc_runner_result_free(&o->res);
  pc_census_clear(o->run.census);
  o->run.reported = 0;
  return PC_OK;
}

/* A coloring proved there is no solution: the report of a search that
   found none, with the argument. */
static pc_status solve_refuted(solve_cmd *o, pc_error *err)
{
  double t0 = pc_now();
  pc_status s = pc_solve_pictures_start(&o->run.pictures, o->pz.n_cells, err);
  if (s) return s;
  o->res.ran = true;
  o->res.stats.complete = true;
  o->res.seconds = pc_now() - t0;
  return finish_search(o, s, err);
}

/* --job: checked against the board before it runs. */
static pc_status solve_job(solve_cmd *o, pc_error *err)
{
  pc_status s = pc_solve_job_check(o->job_path, &o->job, &o->sv, err);
  if (s) return s;
  s = pc_solve_job_check_split(o->job_path, &o->job, &o->sv, &o->cfg, err);
  if (s) return s;
  o->run.job = &o->job;
  o->cfg.next = next_of_job;
  return solve_search(o, err);
}

/* --job of a count met in the middle. */
static pc_status solve_meet_job(solve_cmd *o, pc_error *err)
{
  pc_status s = pc_solve_job_check(o->job_path, &o->job, &o->sv, err);
  if (s) return s;
  pc_meet_job_run run = {
      .path = o->job_path,
      .result = o->result,
      .checkpoint = o->ro.resume ? o->ro.resume : o->ro.checkpoint,
      .resume = o->ro.resume != NULL,
      .threads = o->ro.threads > 0 ? (int)o->ro.threads : (int)sysconf(_SC_NPROCESSORS_ONLN),
      .progress = pc_run_progress_stream(&o->ro),
      .json = o->json};
  return pc_solve_meet_job(&run, &o->job, &o->sv, err);
}

/* --count: by the frontier when it is asked for or auto finds it pays
   (after a short search that did not end), else by the search. */
static pc_status solve_count(solve_cmd *o, pc_error *err)
{
  pc_solve_frontier f = {.board = o->board, .sv = &o->sv, .method = o->method,
                         .threads = (int)o->ro.threads, .split = (int32_t)o->meet_split,
                         .progress = pc_run_progress_stream(&o->ro), .all = o->all,
                         .json = o->json};
  bool is_auto = o->method == PC_METHOD_AUTO, counted = false;
  bool first = is_auto && pc_solve_frontier_auto_applies(&f);
  pc_status s = PC_OK;
  if (first) s = pc_run_configure("solve", &o->ro, &o->sv.matrix.xc, &o->cfg, err);
  if (!s && first) s = search_first(o, &counted, err);
  if (!s && !counted && (first || !is_auto)) s = pc_solve_frontier_run(&f, &counted, err);
  if (s || counted) return s;
  if (!first) s = pc_run_configure("solve", &o->ro, &o->sv.matrix.xc, &o->cfg, err);
  return s ? s : solve_search(o, err);
}

static void solve_free(solve_cmd *o)
{
#ifdef PC_MPI
  pc_mpi_end(o->mpi);
#endif
  pc_runner_result_free(&o->res);
  pc_engine_made_free(&o->cfg.made);
  pc_solve_pictures_free(&o->run.pictures);
  if (o->prepared) pc_solver_free(&o->sv);
  if (o->loaded) pc_puzzle_free(&o->pz);
  pc_job_free(&o->job);
  free(o->result_made);
}

int pc_cmd_solve(int argc, char **argv)
{
  solve_cmd o = {.cfg = {.choose = PC_CHOOSE_MRV}};
  pc_run_options_init(&o.ro);
  pc_error err = {0};
  pc_status s = parse_options(argc, argv, &o, &err);
  if (s) goto done;
  s = check_options(&o, &err);
  if (s) goto done;
  s = load_problem(&o, &err);
  if (s) goto done;
  if (meet_jobs(&o))
    s = pc_solve_split_meet(o.board, &o.sv, (int32_t)o.split_only, (int32_t)o.jobs,
                            o.dir ? o.dir : ".", o.json, &err);
  else if (o.split_only) s = solve_split(&o, &err);
  else if (o.refuted) s = solve_refuted(&o, &err);
  else if (o.job_path && pc_solve_job_is_meet(&o.job)) s = solve_meet_job(&o, &err);
  else if (o.job_path) s = solve_job(&o, &err);
  else if (o.method != PC_METHOD_SEARCH && counts_only(&o)) s = solve_count(&o, &err);
  else s = solve_search(&o, &err);
done:
  solve_free(&o);
  return pc_exit_status("solve", s, &err);
}
