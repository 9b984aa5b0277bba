/* cmd_xc.c — `polycover xc`: solve an exact-cover problem in DLX1 format,
   on several threads, with progress, checkpoints and resume. */
#include <getopt.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cli/common.h"
#include "cli/file_kind.h"
#include "cli/commands.h"
#include "core/dlx1.h"
#include "core/engines.h"
#include "cli/run_options.h"

static const char usage[] =
    "Usage: polycover xc [OPTIONS] FILE\n"
    "Solve an exact-cover problem written in Knuth's DLX1 format (FILE, or -\n"
    "for standard input), with his DLX2 colors and DLX3 bounds, by the engine\n"
    "that a short trial finds faster (--engine auto, the default), or by the\n"
    "engine named: --engine dlx is Knuth's algorithm DLX, whose nodes and\n"
    "updates are his.\n"
    "\n"
    "  -p, --print          print each solution as its option lines\n"
    "  -n, --limit N        stop after N solutions\n"
    "      --max-updates N  stop after about N updates (DLX's: engine dlx)\n"
    "      --leftmost       branch on the first uncovered item, not the\n"
    "                       first of smallest size (Knuth's rule); engines dlx\n"
    "                       and bitdlx\n"
    "      --profile        print nodes per level (and updates, with DLX)\n"
    "      --json           print one JSON object: engine, solutions, nodes,\n"
    "                       updates, seconds, complete, threads, subproblems\n"
    "                       (with --profile: profile, nodes per level, and\n"
    "                       updates with DLX)\n"
    "                       (with --print: solution_list, each solution's\n"
    "                       number and option lines)\n"
    PC_RUN_USAGE
    "  -h, --help           show this help\n"
    "\n"
    "The search is split into many subproblems that the threads share. Ctrl-C\n"
    "(SIGINT) or SIGTERM stops it cleanly: the counts so far are printed and a\n"
    "checkpoint is written (to F, or to polycover.checkpoint, numbered when a\n"
    "file has that name: polycover-2.checkpoint...); --resume carries on and\n"
    "ends with the counts of an uninterrupted run. Solutions are printed a\n"
    "subproblem at a time, so none is lost or printed twice across a resume.\n"
    "\n"
    "DLX1 format: '|' starts a comment line; the first line names the primary\n"
    "items, then '|' and the secondary items; each later line is an option.\n"
    "Knuth's extensions are read too: a primary item written a:b|NAME (or\n"
    "b|NAME) is covered between a and b times (DLX3), and an option may give\n"
    "a secondary item a color, NAME:COLOR, shared by options of that color\n"
    "(DLX2). Such problems are solved by the dlx engine (auto picks it).\n"
    "Exit status: 0 done, 1 failure or interrupted, 2 bad usage or bad input.\n";

/* What the command keeps across a resume: how many solutions it printed,
   so that the numbering carries on. */
typedef struct printer {
  const pc_xc *xc;
  uint64_t count;
  pc_json *json;              /* the document (begun at the first), or NULL */
  bool listing;               /* its solution_list is open */
} printer;

/* A solution in the JSON document: its number and its options, each as
   its DLX1 line. */
static void json_solution(printer *p, const int32_t *options, int32_t n)
{
  if (!p->listing) pc_json_begin(p->json, stdout), pc_json_array(p->json, "solution_list");
  p->listing = true;
  pc_json_object(p->json, NULL);
  pc_json_u64(p->json, "number", p->count);
  pc_json_array(p->json, "options");
  for (int32_t i = 0; i < n; i++) {
    char *line = NULL;
    size_t size = 0;
    FILE *mem = open_memstream(&line, &size);
    if (mem) pc_dlx1_write_option(mem, p->xc, options[i]);
    if (mem && !fclose(mem) && size) line[size - 1] = '\0';
    pc_json_str(p->json, NULL, line ? line : "");
    free(line);
  }
  pc_json_close(p->json);
  pc_json_close(p->json);
}

static bool print_solution(void *ctx, int64_t sub, const int32_t *options, int32_t n)
{
  (void)sub;
  printer *p = ctx;
  ++p->count;
  if (p->json) {
    json_solution(p, options, n);
    return false;
  }
  printf("solution %" PRIu64 ":\n", p->count);
  for (int32_t i = 0; i < n; i++) pc_dlx1_write_option(stdout, p->xc, options[i]);
  return false;
}

/* The checkpoint says these solutions are printed: they must be. */
static pc_status save_printer(void *ctx, FILE *out)
{
  printer *p = ctx;
  if (fflush(stdout)) return PC_ERR_IO;
  fprintf(out, "printed %" PRIu64 "\n", p->count);
  return PC_OK;
}

static pc_status load_printer(void *ctx, FILE *in, pc_error *err)
{
  printer *p = ctx;
  if (fscanf(in, "printed %" SCNu64, &p->count) != 1)
    return pc_error_set(err, PC_ERR_INPUT, 0, 0, "not a checkpoint of polycover xc");
  return PC_OK;
}

typedef struct xc_options {
  bool print, profile, json;
  const char *file;
  pc_runner_config cfg;
  pc_run_options run;
} xc_options;

/* Only DLX counts updates: --max-updates makes auto take it, and is
   refused with another engine (which would never stop). */
static pc_status updates_engine(xc_options *o, pc_error *err)
{
  if (!o->cfg.max_updates || !strcmp(o->run.engine, "dlx")) return PC_OK;
  if (!strcmp(o->run.engine, "auto")) {
    o->run.engine = "dlx";
    return PC_OK;
  }
  return pc_usage_fail("xc", err, "--max-updates counts DLX's updates: engine dlx, not %s",
                       o->run.engine);
}

static pc_status parse_options(int argc, char **argv, xc_options *o, pc_error *err)
{
  enum { MAX_UPDATES = 256, LEFTMOST, PROFILE, JSON };
  static const struct option longopts[] = {
      {"print", no_argument, NULL, 'p'},
      {"limit", required_argument, NULL, 'n'},
      {"max-updates", required_argument, NULL, MAX_UPDATES},
      {"leftmost", no_argument, NULL, LEFTMOST},
      {"profile", no_argument, NULL, PROFILE},
      {"json", no_argument, NULL, JSON},
      PC_RUN_LONGOPTS,
      {"help", no_argument, NULL, 'h'},
      {NULL, 0, NULL, 0}};
  pc_status s = PC_OK;
  int c;
  optind = 0;
  while (!s && (c = getopt_long(argc, argv, ":pn:j:h", longopts, NULL)) != -1) {
    switch (c) {
    case '?':
    case ':': s = pc_option_fail("xc", c, argv, longopts, err); break;
    case 'p': o->print = true; break;
    case 'n':
      if (!pc_parse_u64(optarg, &o->cfg.max_solutions) || !o->cfg.max_solutions)
        s = pc_usage_fail("xc", err, "--limit wants a positive number, not '%s'", optarg);
      break;
    case MAX_UPDATES:
      if (!pc_parse_u64(optarg, &o->cfg.max_updates) || !o->cfg.max_updates)
        s = pc_usage_fail("xc", err, "--max-updates wants a positive number, not '%s'", optarg);
      break;
    case LEFTMOST: o->cfg.choose = PC_CHOOSE_LEFTMOST; break;
    case PROFILE: o->profile = true; break;
    case JSON: o->json = true; break;
    case 'h': fputs(usage, stdout); return PC_DONE;
    default: s = pc_run_option("xc", c, optarg, &o->run, err);
    }
  }
  if (!s && optind != argc - 1)
    s = pc_usage_fail("xc", err, optind == argc ? "no FILE given" : "more than one FILE");
  if (!s) s = updates_engine(o, err);
  if (!s) s = pc_run_check("xc", &o->run, err);
  if (!s) o->file = argv[optind];
  return s;
}

/* Nothing read is written, nor anything written twice; a resumed
   checkpoint is kept up to date by design. */
static pc_status check_files(const xc_options *o, pc_error *err)
{
  pc_named_file files[1 + PC_RUN_NAMED_FILES] = {{o->file, NULL, "the matrix being read", false}};
  int32_t n = 1 + pc_run_named_files(&o->run, files + 1);
  return pc_check_named_files(files, n, err);
}

static pc_status read_problem(const char *path, pc_xc *xc, pc_error *err)
{
  FILE *in = pc_open_input(path, err);
  if (!in) return PC_ERR_INPUT;
  pc_dlx1_notes notes;
  pc_status s = pc_hint_file_kind(pc_dlx1_read(in, xc, &notes, err), path, PC_KIND_DLX, err);
  pc_close_input(in);
  if (!s && notes.skipped)
    fprintf(stderr,
            "polycover xc: %s:%d: %d option%s without a primary item skipped (as Knuth's "
            "programs do)\n",
            path, notes.first_skipped, (int)notes.skipped, notes.skipped == 1 ? "" : "s");
  return s;
}

/* The counts; in JSON, after the solution list when there is one. */
static void print_counts(const xc_options *o, printer *p, const pc_runner_result *res)
{
  if (o->json) {
    pc_json fresh, *j = p->listing ? p->json : &fresh;
    if (p->listing) pc_json_close(j);
    else pc_json_begin(j, stdout);
    pc_json_str(j, "file", o->file);
    pc_json_str(j, "engine", o->cfg.engine->name);
    pc_json_u64(j, "threads", (uint64_t)res->threads);
    pc_json_u64(j, "subproblems", (uint64_t)res->subproblems);
    pc_json_u64(j, "split_depth", (uint64_t)res->split_depth);
    pc_json_bool(j, "interrupted", res->interrupted);
    pc_json_stats(j, &res->stats, res->seconds);
    if (o->profile) pc_json_profile(j, &res->stats);
    pc_json_end(j);
  } else {
    pc_print_summary(stdout, &res->stats, res->seconds);
    if (o->profile) pc_print_profile(stdout, &res->stats);
  }
}

int pc_cmd_xc(int argc, char **argv)
{
  xc_options o = {.cfg = {.choose = PC_CHOOSE_MRV}};
  pc_run_options_init(&o.run);
  pc_error err = {0};
  pc_xc xc = {0};
  pc_runner_result res = {0};
  pc_json doc;
  printer p = {&xc, 0, NULL, false};
  pc_status s = parse_options(argc, argv, &o, &err);
  if (s) goto done;
  s = check_files(&o, &err);
  if (s) goto done;
  s = read_problem(o.file, &xc, &err);
  if (s) goto done;
  s = pc_run_configure("xc", &o.run, &xc, &o.cfg, &err);
  if (s) goto done;
  o.cfg.ctx = &p;
  o.cfg.save = save_printer;
  o.cfg.load = load_printer;
  if (o.print) o.cfg.visit = print_solution;
  if (o.print && o.json) p.json = &doc;
  s = pc_runner_run(&xc, &o.cfg, &res, &err);
  if (!res.ran) goto done;
  print_counts(&o, &p, &res);
  s = pc_run_finish("xc", s, &res, &o.run, &err);
done:
  pc_runner_result_free(&res);
  pc_engine_made_free(&o.cfg.made);
  pc_xc_free(&xc);
  return pc_exit_status("xc", s, &err);
}
