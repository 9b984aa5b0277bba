/* cmd_solve.c — `polycover solve`: count, print and score a puzzle's
   solutions, all of them or one per class of symmetric solutions. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "poly/solver.h"
#include "cli/common.h"
#include "cli/commands.h"
#include "poly/shape.h"
#include "poly/solfile.h"
#include "cli/solve_jobs.h"
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
    "                       that `score` and `render` read; written atomically\n"
    "      --render FILE    draw a solution: the first reported, the --index N-th,\n"
    "                       or with --best the maximally symmetric (.svg .png .pdf)\n"
    "      --index N        which reported solution --render draws (from 1)\n"
    "      --gallery OUT    draw many solutions on one sheet (.svg .png .pdf), or\n"
    "                       write OUT/index.html when OUT ends with '/'\n"
    "      --max N          at most N pictures in the gallery (default 100)\n"
    "      --columns C      pictures per row in the gallery\n"
    "      --sort symmetry  gallery: the most symmetric solutions, best first\n"
    "      --profile-plot FILE  the profile as a bar chart (.svg .png .pdf)\n"
    "      --profile        print nodes and updates per level of the search\n"
    "      --json           print one JSON object: solutions, unique, nodes,\n"
    "                       updates, seconds, complete, symmetries, options, items\n"
    PC_RUN_USAGE
    "\n"
    "Batch jobs (a scheduler runs the parts of one search; README.md):\n"
    "      --split-only D   split the search at depth D and write its subproblems\n"
    "                       as job files, each a balanced share; nothing is solved\n"
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
    "Exit status: 0 done, 1 failure, 2 bad usage or bad input (with FILE:LINE:COLUMN).\n";

enum {
  OPT_ALL = 256, OPT_UNIQUE, OPT_BEST, OPT_SYM_TABLE, OPT_LEFTMOST, OPT_PROFILE, OPT_JSON,
  OPT_RENDER, OPT_INDEX, OPT_GALLERY, OPT_MAX, OPT_COLUMNS, OPT_SORT, OPT_PROFILE_PLOT,
  OPT_SPLIT_ONLY, OPT_JOBS, OPT_DIR, OPT_JOB, OPT_RESULT,
};

typedef struct solve_run {
  const pc_puzzle *pz;
  const char *output;     /* the file named by --output, or NULL */
  pc_solwriter *out;      /* NULL, or where the reported solutions go */
  pc_status out_status;
  pc_solve_pictures pictures;
  pc_census *census;
  bool print, show_best;
  uint64_t reported, limit;
  const pc_job *job;      /* --job: the subproblems to search */
  int64_t job_at;
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
  if (r->print) pc_solve_report_tiling(r->pz, "solution", r->reported, &r->census->found);
  pc_solve_pictures_take(&r->pictures, r->census, r->reported);
  if (r->out && !r->out_status) r->out_status = pc_solwriter_add(r->out, &r->census->found, NULL);
  return r->limit && r->reported >= r->limit;
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

int pc_cmd_solve(int argc, char **argv)
{
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
      {"split-only", required_argument, NULL, OPT_SPLIT_ONLY},
      {"jobs", required_argument, NULL, OPT_JOBS},
      {"dir", required_argument, NULL, OPT_DIR},
      {"job", required_argument, NULL, OPT_JOB},
      {"result", required_argument, NULL, OPT_RESULT},
      PC_RUN_LONGOPTS,
      PC_RUN_MPI_LONGOPT,
      {NULL, 0, NULL, 0}};
  bool count_only = false, profile = false, json = false, all = false, best = false,
       sym_table = false, shaped = false; /* shaped: an option a job file sets */
  const char *dir = NULL, *job_path = NULL, *result = NULL;
  uint64_t split_only = 0, jobs = 0;
  pc_job job = {0};
  solve_run run = {.pictures = {.index = 1, .max = 100}};
  pc_solve_pictures *pic = &run.pictures;
  uint64_t number;
  const char *output = NULL;
  pc_solwriter writer = {0};
  pc_runner_config cfg = {.choose = PC_CHOOSE_MRV};
  pc_run_options ro;
  pc_run_options_init(&ro);
#ifdef PC_MPI
  pc_mpi *mpi = NULL;
#endif
  int c, taken;
  optind = 0;
  while ((c = getopt_long(argc, argv, "cn:o:j:h", longopts, NULL)) != -1) {
    switch (c) {
    case 'c': count_only = true; break;
    case 'n':
      if (!pc_parse_u64(optarg, &run.limit) || !run.limit)
        return pc_usage_error("solve", "--limit wants a positive number, not '%s'", optarg);
      break;
    case 'o': output = optarg; break;
    case OPT_ALL: all = shaped = true; break;
    case OPT_UNIQUE: all = false, shaped = true; break;
    case OPT_BEST: best = shaped = true; break;
    case OPT_SYM_TABLE: sym_table = shaped = true; break;
    case OPT_LEFTMOST: cfg.choose = PC_CHOOSE_LEFTMOST, shaped = true; break;
    case OPT_SPLIT_ONLY:
    case OPT_JOBS:
      if (!pc_parse_u64(optarg, &number) || !number || number > INT32_MAX)
        return pc_usage_error("solve", "--%s wants a positive number, not '%s'",
                              c == OPT_JOBS ? "jobs" : "split-only", optarg);
      *(c == OPT_JOBS ? &jobs : &split_only) = number;
      break;
    case OPT_DIR: dir = optarg; break;
    case OPT_JOB: job_path = optarg; break;
    case OPT_RESULT: result = optarg; break;
    case OPT_PROFILE: profile = true; break;
    case OPT_JSON: json = true; break;
    case OPT_RENDER: pic->render = optarg; break;
    case OPT_GALLERY: pic->gallery = optarg; break;
    case OPT_PROFILE_PLOT: pic->profile_plot = optarg; break;
    case OPT_INDEX:
    case OPT_MAX:
    case OPT_COLUMNS:
      if (!pc_parse_u64(optarg, &number) || !number || number > INT32_MAX)
        return pc_usage_error("solve", "--%s wants a positive number, not '%s'",
                              c == OPT_INDEX ? "index" : c == OPT_MAX ? "max" : "columns", optarg);
      if (c == OPT_INDEX) pic->index = number;
      else if (c == OPT_MAX) pic->max = (int32_t)number;
      else pic->columns = (int32_t)number;
      break;
    case OPT_SORT:
      if (strcmp(optarg, "symmetry"))
        return pc_usage_error("solve", "--sort knows only 'symmetry', not '%s'", optarg);
      pic->sort = true;
      break;
    case 'h': fputs(usage, stdout); return PC_EXIT_OK;
    default:
      if ((taken = pc_run_option("solve", c, optarg, &ro)) < 0)
        return pc_usage_error("solve", "unknown option");
      if (taken) return taken;
    }
  }
  if (optind != argc - 1 && !(job_path && optind == argc))
    return pc_usage_error("solve", optind == argc ? "no BOARD given" : "more than one BOARD");
  if ((jobs || dir) && !split_only)
    return pc_usage_error("solve", "--jobs and --dir go with --split-only");
  if (result && !job_path) return pc_usage_error("solve", "--result goes with --job");
  if (split_only && (job_path || run.limit || output || ro.resume || pic->render || pic->gallery ||
                     ro.mpi))
    return pc_usage_error("solve", "--split-only only writes job files: no --job, --limit, "
                                   "--output, --resume, --mpi or pictures");
  if (job_path && ro.mpi)
    return pc_usage_error("solve", "--job runs on one machine; --mpi runs the whole search");
  if (job_path && (shaped || run.limit || strcmp(ro.engine, "auto")))
    return pc_usage_error("solve", "a job runs with the options it was split with: no --all, "
                                   "--unique, --best, --sym-table, --leftmost, --engine, --limit");
  if (best && run.limit)
    return pc_usage_error("solve", "--best looks at every solution; it cannot take --limit");

  if (ro.resume && output && !strcmp(output, "-"))
    return pc_usage_error("solve", "--resume cannot carry on an output to stdout");
  if (best && pic->index != 1)
    return pc_usage_error("solve", "--best draws the maximally symmetric solution; no --index");

  pc_error err = {0};
  pc_puzzle pz;
  pc_status s;
  if (job_path && (s = pc_solve_job_read(job_path, &job, &all, &best, &sym_table, &cfg, &err)))
    return pc_report_error("solve", s, &err);
  const char *board = optind < argc ? argv[optind] : job.board;
  if ((s = pc_puzzle_load(board, &pz, &err))) {
    pc_job_free(&job);
    return pc_report_error("solve", s, &err);
  }
  bool scored = best || sym_table || pc_solve_pictures_scored(pic);
  pc_solver sv;
  pc_runner_result res = {0};
  int status = PC_EXIT_OK;
  if ((s = pc_solver_init(&sv, &pz, all, scored, PC_BEST_SHOWN, &err))) {
    pc_puzzle_free(&pz);
    pc_job_free(&job);
    return pc_report_error("solve", s, &err);
  }
  const pc_matrix *matrix = &sv.matrix;
  run.census = &sv.census;
  run.pz = &pz;
  run.print = !count_only && !json && !best;
  run.show_best = !count_only && !json;
  /* auto's trial searches a little of the problem: only when asked for. */
  const pc_engine *engine = job_path                ? cfg.engine
                            : pc_run_wants_auto(&ro) ? pc_engine_auto(&matrix->xc, cfg.choose)
                                                     : NULL;
  if ((status = pc_run_configure("solve", &ro, engine, &cfg)) >= 0) goto done;
#ifdef PC_MPI
  /* The other ranks only search: rank 0 reports. */
  if (ro.mpi && (s = pc_mpi_setup(&mpi, &matrix->xc, &cfg, &err))) {
    status = s == PC_DONE ? PC_EXIT_OK : pc_report_error("solve", s, &err);
    goto done;
  }
#endif
  status = PC_EXIT_OK;
  if (split_only) {
    if ((s = pc_solve_job_header(&job, board, &sv, &cfg, best, sym_table, (int32_t)split_only,
                                 &err)) ||
        (s = pc_solve_split_jobs(&job, &sv, &cfg, (int32_t)jobs, dir ? dir : ".", &err)))
      goto fail;
    goto done;
  }
  if (job_path) {
    if ((s = pc_solve_job_check(job_path, &job, &sv, &err))) goto fail;
    run.job = &job;
    cfg.next = next_of_job;
  }
  if ((s = pc_solve_pictures_start(pic, pz.n_cells, &err))) goto fail;
  run.output = output;
  if (output && !best) run.out = &writer;
  if (output && !ro.resume && (s = pc_solwriter_open(&writer, output, &pz, &err))) goto fail;
  cfg.visit = visit;
  cfg.ctx = &run;
  cfg.save = save;
  cfg.load = load;
  s = pc_runner_run(&matrix->xc, &cfg, &res, &err);
  if (!res.ran) goto fail;
  if (output && !writer.f && (s = pc_solwriter_open(&writer, output, &pz, &err))) goto fail;
  pc_dlx_stats st = res.stats;
  double seconds = res.seconds;
  const pc_census *cs = run.census;
  st.solutions = cs->solutions;
  pc_solve_report report = {.board = board, .sv = &sv, .engine = cfg.engine->name,
                            .threads = res.threads, .subproblems = res.subproblems, .st = st,
                            .seconds = seconds, .all = all, .best = best, .json = json,
                            .show_best = run.show_best};
  pc_solve_report_print(&report);
  if (output) {
    for (int32_t i = 0; best && i < cs->n_best && !run.out_status; i++)
      run.out_status = pc_solwriter_add(&writer, &cs->best_tilings[i], NULL);
    if (run.out_status) {
      pc_solwriter_abort(&writer);
      s = pc_error_set(&err, run.out_status, 0, 0, "cannot write %s", output);
      goto fail;
    }
    if ((s = pc_solwriter_commit(&writer, &err))) goto fail;
    output = NULL;
  }
  if ((s = pc_solve_pictures_finish(pic, &pz, cs, best, &st, &err))) goto fail;
  if (sym_table) pc_solve_report_table(json ? stderr : stdout, cs);
  if (profile) pc_print_profile(json ? stderr : stdout, &st);
  if (job_path && !s && st.complete)
    s = pc_solve_job_finish(job_path, result, &job, &sv, &res, &err);
  status = pc_run_finish("solve", s, &res, &cfg, &err);
  goto done;
fail:
  status = pc_report_error("solve", s, &err);
  if (output && writer.f) pc_solwriter_abort(&writer);
done:
#ifdef PC_MPI
  pc_mpi_end(mpi);
#endif
  pc_runner_result_free(&res);
  pc_solve_pictures_free(pic);
  pc_solver_free(&sv);
  pc_puzzle_free(&pz);
  pc_job_free(&job);
  return status;
}
