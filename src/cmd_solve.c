/* cmd_solve.c — `polycover solve`: count, print and score a puzzle's
   solutions, all of them or one per class of symmetric solutions. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "solver.h"
#include "cli.h"
#include "commands.h"
#include "shape.h"
#include "solfile.h"
#include "solve_pictures.h"
#include "engines.h"
#include "run_options.h"
#ifdef PC_MPI
#include "mpi_engine.h"
#endif

static const char usage[] =
    "Usage: polycover solve [OPTIONS] BOARD.yaml\n"
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
    "                       smallest size (Knuth's rule)\n"
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
};

/* How many best solutions are kept to print. */
#define BEST_SHOWN 100

typedef struct solve_run {
  const pc_puzzle *pz;
  const char *output;     /* the file named by --output, or NULL */
  pc_solwriter *out;      /* NULL, or where the reported solutions go */
  pc_status out_status;
  pc_solve_pictures pictures;
  pc_census *census;
  bool print, show_best;
  uint64_t reported, limit;
} solve_run;

static void print_tiling(solve_run *r, const char *heading, uint64_t number, const pc_tiling *t)
{
  char *art = pc_tiling_ascii(t, r->pz);
  printf("%s %llu:\n%s\n", heading, (unsigned long long)number, art ? art : "");
  free(art);
}

/* The runner hands over a subproblem's solutions when it is complete. */
static bool visit(void *ctx, int64_t sub, const int32_t *options, int32_t n)
{
  (void)sub;
  solve_run *r = ctx;
  if (!pc_census_add(r->census, options, n)) return false;
  r->reported++;
  if (r->print) print_tiling(r, "solution", r->reported, &r->census->found);
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

/* "8 (4 rotations, 4 reflections)". */
static void describe_group(const pc_symmetry *g, const pc_grid *grid, char *out, size_t size)
{
  int32_t rot = pc_symmetry_rotations(g, grid);
  snprintf(out, size, "%d (%d rotation%s, %d reflection%s)", (int)g->order, (int)rot,
           rot == 1 ? "" : "s", (int)(g->order - rot), g->order - rot == 1 ? "" : "s");
}

static void print_sym_table(FILE *out, const pc_census *c)
{
  fprintf(out, "%10s %10s %12s\n", "horizontal", "vertical", "solutions");
  for (int32_t h = c->table_side - 1; h >= 0; h--)
    for (int32_t v = c->table_side - 1; v >= 0; v--) {
      uint64_t k = c->table[(size_t)h * (size_t)c->table_side + (size_t)v];
      if (k) fprintf(out, "%10d %10d %12llu\n", (int)h, (int)v, (unsigned long long)k);
    }
}

static void print_best(solve_run *r)
{
  const pc_census *c = r->census;
  if (c->best.h < 0) return;
  printf("maximally symmetric: horizontal %d, vertical %d; %llu %s\n", (int)c->best.h,
         (int)c->best.v, (unsigned long long)c->best_count,
         c->all ? "solutions" : "essentially different solutions");
  if (c->best_count > (uint64_t)c->n_best)
    printf("(the first %d shown)\n", (int)c->n_best);
  for (int32_t i = 0; r->show_best && i < c->n_best; i++) {
    pc_score sc = pc_score_tiling(c->scorer, &c->best_tilings[i]);
    printf("horizontal %d, vertical %d\n", (int)sc.h, (int)sc.v);
    print_tiling(r, "best", (uint64_t)i + 1, &c->best_tilings[i]);
  }
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
      PC_RUN_LONGOPTS,
      PC_RUN_MPI_LONGOPT,
      {NULL, 0, NULL, 0}};
  bool count_only = false, profile = false, json = false, all = false, best = false,
       sym_table = false;
  solve_run run = {.pictures = {.index = 1, .max = 100}};
  pc_solve_pictures *pic = &run.pictures;
  uint64_t number;
  const char *output = NULL;
  pc_solwriter writer = {0};
  pc_par_config cfg = {.choose = PC_CHOOSE_MRV};
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
    case OPT_ALL: all = true; break;
    case OPT_UNIQUE: all = false; break;
    case OPT_BEST: best = true; break;
    case OPT_SYM_TABLE: sym_table = true; break;
    case OPT_LEFTMOST: cfg.choose = PC_CHOOSE_LEFTMOST; break;
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
  if (optind != argc - 1)
    return pc_usage_error("solve", optind == argc ? "no BOARD given" : "more than one BOARD");
  if (best && run.limit)
    return pc_usage_error("solve", "--best looks at every solution; it cannot take --limit");

  if (ro.resume && output && !strcmp(output, "-"))
    return pc_usage_error("solve", "--resume cannot carry on an output to stdout");
  if (best && pic->index != 1)
    return pc_usage_error("solve", "--best draws the maximally symmetric solution; no --index");

  pc_error err = {0};
  pc_puzzle pz;
  pc_status s = pc_puzzle_load(argv[optind], &pz, &err);
  if (s) return pc_report_error("solve", s, &err);
  bool scored = best || sym_table || pc_solve_pictures_scored(pic);
  pc_solver sv;
  pc_par_result res = {0};
  int status = PC_EXIT_OK;
  if ((s = pc_solver_init(&sv, &pz, all, scored, BEST_SHOWN, &err))) {
    pc_puzzle_free(&pz);
    return pc_report_error("solve", s, &err);
  }
  const pc_symmetry *group = &sv.group;
  const pc_classes *classes = &sv.classes;
  const pc_matrix *matrix = &sv.matrix;
  run.census = &sv.census;
  run.pz = &pz;
  run.print = !count_only && !json && !best;
  run.show_best = !count_only && !json;
  if ((status = pc_run_configure("solve", &ro, pc_engine_auto(&matrix->xc), &cfg)) >= 0)
    goto done;
#ifdef PC_MPI
  /* The other ranks only search: rank 0 reports. */
  if (ro.mpi && (status = pc_mpi_setup("solve", &mpi, &matrix->xc, &cfg)) >= 0) goto done;
#endif
  status = PC_EXIT_OK;
  if ((s = pc_solve_pictures_start(pic, pz.n_cells, &err))) goto fail;
  run.output = output;
  if (output && !best) run.out = &writer;
  if (output && !ro.resume && (s = pc_solwriter_open(&writer, output, &pz, &err))) goto fail;
  cfg.visit = visit;
  cfg.ctx = &run;
  cfg.save = save;
  cfg.load = load;
  s = pc_par_run(&matrix->xc, &cfg, &res, &err);
  if (!res.ran) goto fail;
  if (output && !writer.f && (s = pc_solwriter_open(&writer, output, &pz, &err))) goto fail;
  pc_dlx_stats st = res.stats;
  double seconds = res.seconds;
  const pc_census *cs = run.census;
  char group_text[64];
  describe_group(group, pz.grid, group_text, sizeof group_text);
  st.solutions = cs->solutions;
  if (json) {
    pc_json j;
    pc_json_begin(&j, stdout);
    pc_json_str(&j, "board", argv[optind]);
    pc_json_str(&j, "title", pz.title);
    pc_json_stats(&j, &st, seconds);
    pc_json_u64(&j, "unique", cs->unique);
    pc_json_str(&j, "engine", cfg.engine->name);
    pc_json_u64(&j, "threads", (uint64_t)res.threads);
    pc_json_u64(&j, "subproblems", (uint64_t)res.subproblems);
    pc_json_u64(&j, "symmetries", (uint64_t)group->order);
    pc_json_bool(&j, "reduced", classes->piece >= 0 || classes->cell >= 0);
    pc_json_u64(&j, "options", (uint64_t)matrix->xc.n_options);
    pc_json_u64(&j, "items", (uint64_t)matrix->xc.n_items);
    if (best && cs->best.h >= 0) {
      pc_json_u64(&j, "best_horizontal", (uint64_t)cs->best.h);
      pc_json_u64(&j, "best_vertical", (uint64_t)cs->best.v);
      pc_json_u64(&j, "best_count", cs->best_count);
    }
    pc_json_end(&j);
  } else {
    printf("%s\n", pz.title);
    printf("symmetries: %s\n", group_text);
    if (classes->piece >= 0)
      printf("reduction: piece %s kept on %d of its %d placements\n",
             pz.pieces[classes->piece].name, (int)classes->kept, (int)classes->placements);
    else if (classes->cell >= 0)
      printf("reduction: the %d placements covering cell (%d,%d) kept on %d\n",
             (int)classes->placements, (int)pz.cells[classes->cell].c,
             (int)pz.cells[classes->cell].r, (int)classes->kept);
    printf("engine: %s, %d thread%s, %lld subproblems\n", cfg.engine->name, res.threads,
           res.threads == 1 ? "" : "s", (long long)res.subproblems);
    pc_print_summary(stdout, &st, seconds);
    printf("unique: %llu\n", (unsigned long long)cs->unique);
    if (!st.complete && !all)
      printf("(stopped early: counts cover the classes found so far)\n");
    if (best) print_best(&run);
  }
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
  if (sym_table) print_sym_table(json ? stderr : stdout, cs);
  if (profile) pc_print_profile(json ? stderr : stdout, &st);
  status = pc_run_finish("solve", s, &res, &cfg, &err);
  goto done;
fail:
  status = pc_report_error("solve", s, &err);
  if (output && writer.f) pc_solwriter_abort(&writer);
done:
#ifdef PC_MPI
  pc_mpi_end(mpi);
#endif
  pc_par_result_free(&res);
  pc_solve_pictures_free(pic);
  pc_solver_free(&sv);
  pc_puzzle_free(&pz);
  return status;
}
