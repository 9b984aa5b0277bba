/* cmd_estimate.c — `polycover estimate`: Knuth's Monte Carlo estimate of a
   search's size and running time, without running it. */
#include <getopt.h>
#include <string.h>

#include "cli/common.h"
#include "cli/file_kind.h"
#include "cli/commands.h"
#include "core/dlx1.h"
#include "poly/solver.h"

static const char usage[] =
    "Usage: polycover estimate [OPTIONS] BOARD.yaml|FILE.dlx\n"
    "Estimate the size of the search tree of a puzzle (or of an exact-cover\n"
    "problem in DLX1 format) by Knuth's Monte Carlo method: random paths from\n"
    "the root, each taking one option of the chosen item at random (below the\n"
    "top levels, which are enumerated exactly). Prints the\n"
    "estimated nodes, updates and solutions of the whole search and the time it\n"
    "would take, each with its standard error (the spread of the estimate).\n"
    "For a puzzle it is the search `polycover solve` makes: by default the one\n"
    "reduced to a solution per class of symmetric solutions, with --all the\n"
    "whole one. The figures are those of the DLX engine (`solve --engine dlx`).\n"
    "Plain exact covers only: a puzzle or matrix with copies, bounds or colors\n"
    "is refused (solve it: copies cost no k!). - reads a DLX1 matrix from\n"
    "standard input (`polycover rows BOARD | polycover estimate -`).\n"
    "\n"
    "      --all            estimate the search for every solution (no reduction)\n"
    "      --paths N        random paths to walk (default 10000)\n"
    "      --seed S         seed of the random paths (default 1): the same seed\n"
    "                       gives the same estimate\n"
    "      --leftmost       estimate the search that branches on the first\n"
    "                       uncovered item\n"
    "      --json           print one JSON object\n"
    "  -h, --help           show this help\n"
    "\n"
    "The time comes from a short measured run of the search itself (one\n"
    "thread). Solutions count, in a reduced search, every solution it meets\n"
    "(solve keeps one per class).\n"
    "Exit status: 0 done, 1 failure, 2 bad usage or bad input.\n";

#define DEFAULT_PATHS 10000
/* Enough updates to measure the engine's speed (a few tens of ms). */
#define RATE_UPDATES (1u << 24)

/* The problem from either kind of file: a puzzle is prepared as `solve`
   prepares it, so the estimate is of the search solve makes. */
typedef struct problem {
  bool puzzle;
  pc_puzzle pz;
  pc_solver sv;
  pc_xc xc;
} problem;

static bool ends_with(const char *s, const char *suffix)
{
  size_t n = strlen(s), k = strlen(suffix);
  return n >= k && !strcmp(s + n - k, suffix);
}

static pc_status load(const char *path, bool all, problem *p, pc_error *err)
{
  memset(p, 0, sizeof *p);
  if (ends_with(path, ".dlx") || !strcmp(path, "-")) {
    FILE *in = pc_open_input(path, err);
    if (!in) return PC_ERR_INPUT;
    pc_status s = pc_dlx1_read(in, &p->xc, NULL, err);
    pc_close_input(in);
    return pc_hint_file_kind(s, path, PC_KIND_DLX, err);
  }
  p->puzzle = true;
  pc_status s = pc_hint_file_kind(pc_puzzle_load(path, &p->pz, err), path, PC_KIND_YAML, err);
  if (s) return s;
  if ((s = pc_solver_init(&p->sv, &p->pz, all, false, 0, err))) pc_puzzle_free(&p->pz);
  return s;
}

static void unload(problem *p)
{
  if (p->puzzle) {
    pc_solver_free(&p->sv);
    pc_puzzle_free(&p->pz);
  } else {
    pc_xc_free(&p->xc);
  }
}

typedef struct estimate_options {
  uint64_t paths, seed;
  pc_choose choose;
  bool json, all;
  const char *path;
} estimate_options;

static pc_status parse_options(int argc, char **argv, estimate_options *o, pc_error *err)
{
  static const struct option longopts[] = {
      {"paths", required_argument, NULL, 'n'}, {"seed", required_argument, NULL, 's'},
      {"leftmost", no_argument, NULL, 'l'},    {"json", no_argument, NULL, 'j'},
      {"all", no_argument, NULL, 'a'},         {"help", no_argument, NULL, 'h'},
      {NULL, 0, NULL, 0}};
  int c;
  optind = 0;
  while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
    switch (c) {
    case 'n':
      if (!pc_parse_u64(optarg, &o->paths) || !o->paths)
        return pc_usage_fail("estimate", err, "--paths wants a positive number, not '%s'",
                             optarg);
      break;
    case 's':
      if (!pc_parse_u64(optarg, &o->seed))
        return pc_usage_fail("estimate", err, "--seed wants a number, not '%s'", optarg);
      break;
    case 'l': o->choose = PC_CHOOSE_LEFTMOST; break;
    case 'j': o->json = true; break;
    case 'a': o->all = true; break;
    case 'h': fputs(usage, stdout); return PC_DONE;
    default: return pc_option_fail("estimate", c, argv, longopts, err);
    }
  }
  if (optind != argc - 1)
    return pc_usage_fail("estimate", err,
                         optind == argc ? "no FILE given" : "more than one FILE");
  o->path = argv[optind];
  return PC_OK;
}

/* The estimate, and the time it means at the engine's speed on this very
   problem, from the first part of its search. */
typedef struct measured {
  pc_estimate est;
  double rate, seconds, seconds_se;
} measured;

static pc_status measure(const pc_xc *xc, const estimate_options *o, measured *m, pc_error *err)
{
  if (!pc_xc_plain(xc))
    return pc_error_set(err, PC_ERR_INPUT, 0, 0,
                        "the estimate follows DLX's tree on plain exact covers, and this "
                        "problem has %s; not estimated (solve it: copies cost no k!)",
                        pc_xc_has_bounds(xc) ? "copies or bounds" : "colors");
  pc_dlx *d = pc_dlx_new(xc);
  if (!d || !pc_dlx_estimate(d, o->choose, o->paths, o->seed, &m->est)) {
    pc_dlx_free(d);
    return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  }
  pc_dlx_config cfg = {.choose = o->choose, .max_updates = RATE_UPDATES};
  pc_dlx_stats st;
  double t = pc_timed_search(d, &cfg, &st);
  m->rate = t > 0 && st.updates ? (double)st.updates / t : 0.0;
  m->seconds = m->rate > 0 ? m->est.updates / m->rate : 0.0;
  m->seconds_se = m->rate > 0 ? m->est.updates_se / m->rate : 0.0;
  pc_dlx_free(d);
  return PC_OK;
}

static void print_json(const estimate_options *o, const pc_xc *xc, bool reduced,
                       const measured *m)
{
  pc_json j;
  pc_json_begin(&j, stdout);
  pc_json_str(&j, "file", o->path);
  pc_json_u64(&j, "paths", o->paths);
  pc_json_u64(&j, "seed", o->seed);
  pc_json_u64(&j, "exact_depth", (uint64_t)m->est.depth);
  pc_json_bool(&j, "reduced", reduced);
  pc_json_u64(&j, "options", (uint64_t)xc->n_options);
  pc_json_double(&j, "nodes", m->est.nodes);
  pc_json_double(&j, "nodes_se", m->est.nodes_se);
  pc_json_double(&j, "updates", m->est.updates);
  pc_json_double(&j, "updates_se", m->est.updates_se);
  pc_json_double(&j, "solutions", m->est.solutions);
  pc_json_double(&j, "solutions_se", m->est.solutions_se);
  pc_json_double(&j, "seconds", m->seconds);
  pc_json_double(&j, "seconds_se", m->seconds_se);
  pc_json_double(&j, "updates_per_second", m->rate);
  pc_json_end(&j);
}

static void print_text(const estimate_options *o, const problem *p, const pc_xc *xc,
                       bool reduced, const measured *m)
{
  const pc_estimate *est = &m->est;
  if (p->puzzle)
    printf("%s\nsearch: %s, %d %s\n", p->pz.title,
           reduced ? "one solution per class, as solve makes it (--all: every one)"
                   : "every solution",
           (int)xc->n_options, pc_plural((uint64_t)xc->n_options, "option", "options"));
  printf("estimated from %llu random %s (seed %llu) below the top %d %s\n"
         "(enumerated exactly), +- one standard error:\n",
         (unsigned long long)o->paths, pc_plural(o->paths, "path", "paths"),
         (unsigned long long)o->seed, (int)est->depth,
         pc_plural((uint64_t)est->depth, "level", "levels"));
  printf("nodes:     %.4g +- %.2g\n", est->nodes, est->nodes_se);
  printf("updates:   %.4g +- %.2g\n", est->updates, est->updates_se);
  printf("solutions: %.4g +- %.2g\n", est->solutions, est->solutions_se);
  printf("seconds:   %.3g +- %.2g (one thread, at %.0f M updates/s measured)\n", m->seconds,
         m->seconds_se, m->rate / 1e6);
}

int pc_cmd_estimate(int argc, char **argv)
{
  estimate_options o = {.paths = DEFAULT_PATHS, .seed = 1, .choose = PC_CHOOSE_MRV};
  pc_error err = {0};
  problem p;
  bool loaded = false;
  pc_status s = parse_options(argc, argv, &o, &err);
  if (s) goto done;
  s = load(o.path, o.all, &p, &err);
  if (s) goto done;
  loaded = true;
  const pc_xc *xc = p.puzzle ? &p.sv.matrix.xc : &p.xc;
  bool reduced = p.puzzle && (p.sv.classes.piece >= 0 || p.sv.classes.cell >= 0);
  measured m;
  s = measure(xc, &o, &m, &err);
  if (s) goto done;
  if (o.json) print_json(&o, xc, reduced, &m);
  else print_text(&o, &p, xc, reduced, &m);
done:
  if (loaded) unload(&p);
  return pc_exit_status("estimate", s, &err);
}
