/* cmd_challenge.c — `polycover challenge`: puzzles with exactly one
   solution made from a board (run/challenge.h), written as board files,
   a JSON index and a booklet. */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/common.h"
#include "cli/paths.h"
#include "cli/commands.h"
#include "cli/folder.h"
#include "core/atomic.h"
#include "render/booklet.h"
#include "render/output.h"
#include "run/challenge.h"

static const char usage[] =
    "Usage: polycover challenge [OPTIONS] BOARD.yaml\n"
    "Make challenges from a puzzle: some pieces of a solution are pre-placed\n"
    "so that the pieces left fill the rest in exactly one way\n"
    "(counted in all, not up to symmetry). Challenges are rated (DLX nodes\n"
    "with Knuth's rule, pieces left, forced moves: docs/challenge.md), sorted\n"
    "from easy to hard and split into levels. Without --out or --booklet a\n"
    "table of them is printed.\n"
    "\n"
    "      --count N        challenges to make (default 20); with --from all,\n"
    "                       `all` makes one from every solution\n"
    "      --from random    each challenge from a random solution (default)\n"
    "      --from all       from the solutions in turn, each up to symmetry once,\n"
    "                       in the order DLX finds them: one challenge each\n"
    "      --left A..B      pieces left to place: A, A + 1, ..., B in turn; or N\n"
    "                       (default: a quarter to two thirds of the pieces;\n"
    "                       with --minimal, any number)\n"
    "      --minimal        no pre-placed piece can be removed without a second\n"
    "                       solution\n"
    "      --levels N       levels to split the challenges into (default 4)\n"
    "      --seed S         the same seed gives the same challenges (default 1)\n"
    "      --out DIR        write DIR/challenge-NNN.yaml and DIR/index.json\n"
    "      --booklet FILE   a printable booklet (.pdf; .png/.svg: its first page)\n"
    "  -j, --threads N      threads (default: one per core)\n"
    "  -h, --help           show this help\n"
    "\n"
    "Only pieces the board art can show (one-character names, one copy) are\n"
    "pre-placed. Exit status: 0 done, 1 failure, 2 bad usage or bad input.\n";

typedef struct challenge_options {
  pc_challenge_opts make;
  const char *out, *booklet, *path;
} challenge_options;

/* "A..B" or "N", each at least 1, A <= B. */
static bool parse_left(const char *s, int32_t *lo, int32_t *hi)
{
  uint64_t a, b;
  const char *dots = strstr(s, "..");
  char first[32];
  if (!dots) {
    if (!pc_parse_u64(s, &a)) return false;
    b = a;
  } else {
    if ((size_t)(dots - s) >= sizeof first) return false;
    memcpy(first, s, (size_t)(dots - s));
    first[dots - s] = '\0';
    if (!pc_parse_u64(first, &a) || !pc_parse_u64(dots + 2, &b)) return false;
  }
  if (a < 1 || b < a || b > 100000) return false;
  *lo = (int32_t)a;
  *hi = (int32_t)b;
  return true;
}

/* A positive number no larger than `max` into *out. */
static bool parse_count(const char *s, uint64_t max, int32_t *out)
{
  uint64_t v;
  if (!pc_parse_u64(s, &v) || !v || v > max) return false;
  *out = (int32_t)v;
  return true;
}

static pc_status parse_option(int c, challenge_options *o, pc_error *err)
{
  pc_challenge_opts *m = &o->make;
  int32_t threads;
  switch (c) {
  case 'c':
    if (!strcmp(optarg, "all")) m->count = 0;
    else if (!parse_count(optarg, 1000000, &m->count))
      return pc_usage_fail("challenge", err,
                           "--count wants a positive number or all, not '%s'", optarg);
    return PC_OK;
  case 'f':
    if (strcmp(optarg, "random") && strcmp(optarg, "all"))
      return pc_usage_fail("challenge", err, "--from wants random or all, not '%s'", optarg);
    m->from_all = !strcmp(optarg, "all");
    return PC_OK;
  case 'l':
    if (!parse_left(optarg, &m->left_min, &m->left_max))
      return pc_usage_fail("challenge", err,
                           "--left wants N or A..B with 1 <= A <= B, not '%s'", optarg);
    return PC_OK;
  case 'v':
    if (!parse_count(optarg, 1000, &m->levels))
      return pc_usage_fail("challenge", err, "--levels wants a number from 1 to 1000, not '%s'",
                           optarg);
    return PC_OK;
  case 's':
    if (!pc_parse_u64(optarg, &m->seed))
      return pc_usage_fail("challenge", err, "--seed wants a number, not '%s'", optarg);
    return PC_OK;
  case 'j':
    if (!parse_count(optarg, 1024, &threads))
      return pc_usage_fail("challenge", err, "--threads wants a number from 1 to 1024, not '%s'",
                           optarg);
    m->threads = threads;
    return PC_OK;
  case 'm': m->minimal = true; return PC_OK;
  case 'o':
    return pc_take_path_option("challenge", "--out", PC_PATH_FOLDER, optarg, &o->out, err);
  case 'b':
    return pc_take_path_option("challenge", "--booklet", PC_PATH_FILE, optarg, &o->booklet,
                               err);
  case 'h': fputs(usage, stdout); return PC_DONE;
  }
  return PC_OK; /* getopt_long gives only the codes above */
}

static const struct option longopts[] = {
    {"count", required_argument, NULL, 'c'},   {"left", required_argument, NULL, 'l'},
    {"from", required_argument, NULL, 'f'},
    {"minimal", no_argument, NULL, 'm'},       {"levels", required_argument, NULL, 'v'},
    {"seed", required_argument, NULL, 's'},    {"out", required_argument, NULL, 'o'},
    {"booklet", required_argument, NULL, 'b'}, {"threads", required_argument, NULL, 'j'},
    {"help", no_argument, NULL, 'h'},          {NULL, 0, NULL, 0}};

static pc_status parse_options(int argc, char **argv, challenge_options *o, pc_error *err)
{
  int c;
  optind = 0;
  while ((c = getopt_long(argc, argv, ":hj:", longopts, NULL)) != -1) {
    pc_status s = c == '?' || c == ':' ? pc_option_fail("challenge", c, argv, longopts, err)
                                       : parse_option(c, o, err);
    if (s) return s;
  }
  if (optind != argc - 1)
    return pc_usage_fail("challenge", err,
                         optind == argc ? "no BOARD.yaml given" : "more than one BOARD.yaml");
  o->path = argv[optind];
  if (!o->make.count && !o->make.from_all)
    return pc_usage_fail("challenge", err, "--count all needs --from all");
  if (o->booklet) {
    pc_format fmt;
    pc_status s = pc_format_of(o->booklet, &fmt, err);
    if (s) return s;
  }
  pc_named_file files[] = {{o->path, NULL, "the board being read", false},
                           {o->booklet, "--booklet", "the booklet", true}};
  return pc_check_named_files(files, 2, err);
}

/* One file written atomically by `put`. */
typedef pc_status (*put_fn)(FILE *f, const void *ctx, pc_error *err);

static pc_status write_file(const char *path, put_fn put, const void *ctx, pc_error *err)
{
  FILE *f;
  char *tmp;
  pc_status s = pc_atomic_open(path, &f, &tmp, err);
  if (s) return s;
  s = put(f, ctx, err);
  if (s) pc_atomic_abort(f, tmp);
  else s = pc_atomic_commit(f, tmp, path, err);
  free(tmp);
  return s;
}

/* What the files of a set are made from. */
typedef struct output {
  const pc_challenge_set *set;
  const challenge_options *o;
  char **names;   /* each challenge's file name */
  int32_t i;      /* the challenge being written */
} output;

static pc_status put_board(FILE *f, const void *ctx, pc_error *err)
{
  const output *w = ctx;
  return pc_challenge_write_yaml(f, w->set, w->i, w->o->out, err);
}

static pc_status put_index(FILE *f, const void *ctx, pc_error *err)
{
  const output *w = ctx;
  (void)err;
  pc_challenge_write_index(f, w->set, (const char *const *)w->names, w->o->make.seed);
  return PC_OK;
}

/* DIR/NAME into a malloc'd string. */
static char *path_in(const char *dir, const char *name)
{
  size_t n = strlen(dir) + strlen(name) + 2;
  char *p = malloc(n);
  if (p) snprintf(p, n, "%s/%s", dir, name);
  return p;
}

static bool is_challenge(const char *name)
{
  return !strncmp(name, "challenge-", 10) && pc_name_ends(name + 10, ".yaml");
}

/* None of the files the folder gets (names, then index.json) is the
   board being read: a challenge made from a challenge in the same folder
   would write over it. */
static pc_status check_board_kept(const output *w, pc_error *err)
{
  bool same = false;
  for (int32_t i = 0; i <= w->set->n && !same; i++) {
    char *path = path_in(w->o->out, i < w->set->n ? w->names[i] : "index.json");
    if (!path) return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
    same = pc_same_file(path, w->o->path);
    free(path);
  }
  if (!same) return PC_OK;
  pc_error_file(err, "");
  return pc_error_set(err, PC_ERR_INPUT, 0, 0,
                      "--out %s would write over the board being read (%s): write the "
                      "challenges in another folder", w->o->out, w->o->path);
}

static pc_status write_boards(output *w, pc_error *err)
{
  const char *dir = w->o->out;
  pc_status kept = check_board_kept(w, err);
  if (kept) return kept;
  if (mkdir(dir, 0777) && errno != EEXIST) {
    pc_error_file(err, dir);
    return pc_error_set(err, PC_ERR_IO, 0, 0, "cannot make the folder: %s", strerror(errno));
  }
  pc_status s = PC_OK;
  for (w->i = 0; w->i < w->set->n && !s; w->i++) {
    char *path = path_in(dir, w->names[w->i]);
    s = path ? write_file(path, put_board, w, err)
             : pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
    free(path);
  }
  char *index = s ? NULL : path_in(dir, "index.json");
  if (!s) s = index ? write_file(index, put_index, w, err)
                    : pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  free(index);
  if (!s)
    pc_warn_other_files("challenge", dir, is_challenge, w->names, w->set->n,
                        "index.json lists this run's challenges only");
  return s;
}

static pc_status name_files(output *w, pc_error *err)
{
  w->names = calloc((size_t)w->set->n, sizeof *w->names);
  for (int32_t i = 0; w->names && i < w->set->n; i++) {
    if (!(w->names[i] = malloc(32))) return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
    snprintf(w->names[i], 32, "challenge-%03d.yaml", (int)i + 1);
  }
  return w->names ? PC_OK : pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
}

static void print_table(const pc_challenge_set *set)
{
  printf("%s: %d challenge%s, %d to %d pieces left, %d level%s\n", set->pz->title,
         (int)set->n, set->n == 1 ? "" : "s", (int)set->left_min, (int)set->left_max,
         (int)set->levels, set->levels == 1 ? "" : "s");
  printf("   id level left forced      nodes rating\n");
  for (int32_t i = 0; i < set->n; i++) {
    const pc_challenge *ch = &set->items[i];
    printf("%5d %5d %4d %6d %10llu %6.2f\n", (int)i + 1, (int)ch->level, (int)ch->left,
           (int)ch->forced, (unsigned long long)ch->nodes, ch->rating);
  }
}

static void free_items(pc_booklet_item *items, int32_t n)
{
  for (int32_t i = 0; items && i < n; i++) {
    free(items[i].puzzle.fixed);
    pc_tiling_free(&items[i].solution);
  }
  free(items);
}

/* The booklet: each challenge as a puzzle with its pieces pre-placed,
   and its solution. */
static pc_status write_booklet(const pc_challenge_set *set, const char *path, pc_error *err)
{
  pc_booklet_item *items = calloc((size_t)set->n, sizeof *items);
  pc_status s = items ? PC_OK : pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  for (int32_t i = 0; i < set->n && !s; i++) {
    pc_booklet_item *it = &items[i];
    s = pc_challenge_puzzle(set, i, &it->puzzle, err);
    if (!s && pc_tiling_init(&it->solution, set->pz->n_cells))
      s = pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
    if (s) break;
    pc_challenge_tiling(set, i, &it->solution);
    it->number = i + 1;
    it->level = set->items[i].level;
    it->left = set->items[i].left;
  }
  if (!s) s = pc_render_booklet(path, set->pz->title, items, set->n, set->levels, err);
  free_items(items, set->n);
  return s;
}

int pc_cmd_challenge(int argc, char **argv)
{
  challenge_options o = {.make = {.count = PC_CHALLENGE_COUNT, .seed = 1}};
  pc_error err = {0};
  pc_puzzle pz;
  pc_challenge_set set = {0};
  output w = {&set, &o, NULL, 0};
  bool loaded = false;
  pc_status s = parse_options(argc, argv, &o, &err);
  if (s) goto done;
  s = pc_puzzle_load(o.path, &pz, &err);
  if (s) goto done;
  loaded = true;
  s = pc_challenge_make(&pz, &o.make, &set, &err);
  if (s && !err.file[0]) pc_error_file(&err, pz.path);
  if (s) goto done;
  s = name_files(&w, &err);
  if (s) goto done;
  if (o.out && (s = write_boards(&w, &err))) goto done;
  if (o.booklet && (s = write_booklet(&set, o.booklet, &err))) goto done;
  if (!o.out && !o.booklet) print_table(&set);
  else printf("%d challenge%s, %d level%s%s%s%s%s\n", (int)set.n, set.n == 1 ? "" : "s",
              (int)set.levels, set.levels == 1 ? "" : "s", o.out ? ", boards in " : "",
              o.out ? o.out : "", o.booklet ? ", booklet " : "", o.booklet ? o.booklet : "");
done:
  for (int32_t i = 0; w.names && i < set.n; i++) free(w.names[i]);
  free(w.names);
  pc_challenge_set_free(&set);
  if (loaded) pc_puzzle_free(&pz);
  return pc_exit_status("challenge", s, &err);
}
