/* support.c — running the polycover program from the tests. */
#include "support.h"

#include <criterion/criterion.h>
#include <inttypes.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/alloc.h"
#include "core/dlx.h"
#include "core/dlx1.h"
#include "core/engines.h"
#include "core/lines.h"
#include "poly/pieceset.h"
#include "poly/polyform.h"
#include "poly/solver.h"

static char *slurp(FILE *f)
{
  size_t len = 0, cap = 4096;
  char *buf = malloc(cap);
  size_t got;
  while ((got = fread(buf + len, 1, cap - len - 1, f)) > 0) {
    len += got;
    if (cap - len < 2) buf = realloc(buf, cap *= 2);
  }
  buf[len] = '\0';
  return buf;
}

/* The command line: the launcher's words (may be NULL), $POLYCOVER (default
   ./polycover), then args. */
static char **command(const char *const *launcher, const char *const *args)
{
  const char *prog = getenv("POLYCOVER");
  if (!prog) prog = "./polycover";
  int n = 0, k = 0, a = 0;
  while (launcher && launcher[n]) n++;
  while (args[a]) a++;
  char **argv = calloc((size_t)(n + a + 2), sizeof *argv);
  cr_assert_not_null(argv);
  for (int i = 0; i < n; i++) argv[k++] = (char *)launcher[i];
  argv[k++] = (char *)prog;
  for (int i = 0; i < a; i++) argv[k++] = (char *)args[i];
  return argv;
}

pc_run pc_run_program(const char *input, const char *const *args)
{
  return pc_run_launched(input, NULL, args);
}

pc_run pc_run_launched(const char *input, const char *const *launcher, const char *const *args)
{
  char in_path[] = "/tmp/pc-in-XXXXXX", out_path[] = "/tmp/pc-out-XXXXXX",
       err_path[] = "/tmp/pc-err-XXXXXX";
  int in = mkstemp(in_path), out = mkstemp(out_path), err = mkstemp(err_path);
  cr_assert(in >= 0 && out >= 0 && err >= 0);
  if (input) cr_assert(write(in, input, strlen(input)) == (ssize_t)strlen(input));
  lseek(in, 0, SEEK_SET);
  pid_t pid = fork();
  cr_assert(pid >= 0);
  if (pid == 0) {
    dup2(in, 0);
    dup2(out, 1);
    dup2(err, 2);
    char **argv = command(launcher, args);
    execvp(argv[0], argv);
    _exit(127);
  }
  int wstatus;
  waitpid(pid, &wstatus, 0);
  pc_run r = {WIFEXITED(wstatus) ? WEXITSTATUS(wstatus) : -1, NULL, NULL};
  FILE *fo = fopen(out_path, "r"), *fe = fopen(err_path, "r");
  r.out = slurp(fo);
  r.err = slurp(fe);
  fclose(fo);
  fclose(fe);
  close(in);
  close(out);
  close(err);
  unlink(in_path);
  unlink(out_path);
  unlink(err_path);
  return r;
}

void pc_run_free(pc_run *r)
{
  free(r->out);
  free(r->err);
}

void pc_load_dlx1(const char *name, pc_xc *xc)
{
  char path[512];
  snprintf(path, sizeof path, "tests/data/%s", name);
  FILE *f = fopen(path, "r");
  cr_assert_not_null(f, "cannot open %s", path);
  pc_error err = {0};
  pc_status s = pc_dlx1_read(f, xc, NULL, &err);
  fclose(f);
  cr_assert_eq(s, PC_OK, "%s:%d:%d: %s", path, err.line, err.column, err.msg);
}

/* A whole search by the dlx engine (DLX, or DLX3 where there are copies). */
static void dlx_search(const pc_xc *xc, const pc_dlx_config *cfg, pc_dlx_stats *st)
{
  void *d = pc_engine_dlx.create(&pc_engine_dlx, xc);
  cr_assert_not_null(d);
  pc_engine_dlx.search(d, cfg, st);
  pc_engine_dlx.destroy(d);
}

static bool count(void *ctx, const int32_t *options, int32_t n)
{
  pc_census_add(ctx, options, n);
  return false;
}

pc_solved pc_solve_board_as(const char *path, bool all)
{
  pc_puzzle pz;
  pc_error err = {0};
  cr_assert_eq(pc_puzzle_load(path, &pz, &err), PC_OK, "%s:%d:%d: %s", err.file, err.line,
               err.column, err.msg);
  pc_solver sv;
  cr_assert_eq(pc_solver_init(&sv, &pz, all, false, 0, &err), PC_OK, "%s", err.msg);
  pc_dlx_stats st;
  dlx_search(&sv.matrix.xc, &(pc_dlx_config){.visit = count, .ctx = &sv.census}, &st);
  pc_solved r = {sv.census.solutions, sv.census.unique, st.solutions, st.nodes, st.updates,
                 sv.matrix.xc.n_options, sv.group.order};
  pc_solver_free(&sv);
  pc_puzzle_free(&pz);
  return r;
}

pc_solved pc_solve_board(const char *path) { return pc_solve_board_as(path, true); }

typedef struct collect {
  const pc_matrix *m;
  uint64_t limit;
  pc_tiling *t;
  int32_t n, cap;
} collect;

static bool collect_tiling(void *ctx, const int32_t *options, int32_t n)
{
  collect *c = ctx;
  cr_assert(pc_grow((void **)&c->t, &c->cap, c->n + 1, sizeof *c->t));
  pc_tiling *t = &c->t[c->n++];
  cr_assert_eq(pc_tiling_init(t, c->m->n_cells), PC_OK);
  pc_tiling_from_options(t, c->m, options, n);
  return c->limit && (uint64_t)c->n >= c->limit;
}

pc_tiling *pc_board_tilings(const char *path, uint64_t limit, pc_puzzle *pz, int32_t *n)
{
  pc_error err = {0};
  cr_assert_eq(pc_puzzle_load(path, pz, &err), PC_OK, "%s:%d:%d: %s", err.file, err.line,
               err.column, err.msg);
  pc_matrix m;
  cr_assert_eq(pc_matrix_build(pz, &m, &err), PC_OK, "%s", err.msg);
  collect c = {.m = &m, .limit = limit};
  pc_dlx_stats st;
  dlx_search(&m.xc, &(pc_dlx_config){.visit = collect_tiling, .ctx = &c}, &st);
  pc_matrix_free(&m);
  *n = c.n;
  return c.t;
}

void pc_tilings_free(pc_tiling *t, int32_t n)
{
  for (int32_t i = 0; i < n; i++) pc_tiling_free(&t[i]);
  free(t);
}

/* Starts the program with stdout to `out`; returns its pid. */
pid_t pc_start_program(const char *out, const char *const *args)
{
  return pc_start_launched(out, NULL, args);
}

pid_t pc_start_launched(const char *out, const char *const *launcher, const char *const *args)
{
  return pc_start_logged(out, "/dev/null", launcher, args);
}

pid_t pc_start_logged(const char *out, const char *err, const char *const *launcher,
                      const char *const *args)
{
  pid_t pid = fork();
  cr_assert(pid >= 0);
  if (pid == 0) {
    FILE *o = freopen(out, "w", stdout);
    FILE *e = freopen(err, "w", stderr);
    if (!o || !e) _exit(127);
    char **argv = command(launcher, args);
    execvp(argv[0], argv);
    _exit(127);
  }
  return pid;
}

int pc_wait_program(pid_t pid)
{
  int ws;
  cr_assert_eq(waitpid(pid, &ws, 0), pid);
  return WIFEXITED(ws) ? WEXITSTATUS(ws) : -1;
}

void pc_wait_for_log(pid_t pid, const char *log)
{
  struct stat st;
  while (stat(log, &st) || st.st_size == 0) {
    int ws;
    cr_assert_eq(waitpid(pid, &ws, WNOHANG), 0, "the program ended before it wrote to %s", log);
    usleep(10000);
  }
}

void pc_wait_for_handler(pid_t pid)
{
  char path[64], line[256];
  snprintf(path, sizeof path, "/proc/%d/status", (int)pid);
  for (int tries = 0; tries < 3000; tries++, usleep(10000)) {
    FILE *f = fopen(path, "r");
    cr_assert_not_null(f, "the program ended");
    unsigned long long caught = 0;
    while (fgets(line, sizeof line, f))
      if (sscanf(line, "SigCgt: %llx", &caught) == 1) break;
    fclose(f);
    if (caught >> (SIGINT - 1) & 1) return;
  }
  cr_assert_fail("no SIGINT handler after 30 s");
}

void pc_program_absolute(void)
{
  const char *prog = getenv("POLYCOVER");
  char abs[PATH_MAX];
  cr_assert_not_null(realpath(prog ? prog : "./polycover", abs));
  setenv("POLYCOVER", abs, 1);
}

char *pc_slurp_file(const char *path)
{
  FILE *f = fopen(path, "rb");
  cr_assert_not_null(f, "%s", path);
  char *s = slurp(f);
  fclose(f);
  return s;
}

/* Where the value of `key` starts. */
static const char *json_value(const char *json, const char *key)
{
  char pattern[64];
  snprintf(pattern, sizeof pattern, "\"%s\": ", key);
  const char *p = strstr(json, pattern);
  cr_assert_not_null(p, "no %s in %s", key, json);
  return p + strlen(pattern);
}

uint64_t pc_json_get_u64(const char *json, const char *key)
{
  return strtoull(json_value(json, key), NULL, 10);
}

double pc_json_get_double(const char *json, const char *key)
{
  return strtod(json_value(json, key), NULL);
}

void pc_remove_tree(const char *dir)
{
  char *cmd;
  cr_assert(asprintf(&cmd, "rm -rf '%s'", dir) > 0);
  cr_expect_eq(system(cmd), 0);
  free(cmd);
}

void pc_write_file(const char *path, const char *data, size_t size)
{
  FILE *f = fopen(path, "wb");
  cr_assert_not_null(f);
  cr_assert_eq(fwrite(data, 1, size, f), size);
  fclose(f);
}

/* text with its first `old` replaced by `new` (which must be there). */
static char *replaced(const char *text, const char *old, const char *new)
{
  const char *at = strstr(text, old);
  cr_assert_not_null(at, "'%s' not found", old);
  size_t head = (size_t)(at - text), n = strlen(new), tail = strlen(at + strlen(old));
  char *out = malloc(head + n + tail + 1);
  cr_assert_not_null(out);
  memcpy(out, text, head);
  memcpy(out + head, new, n);
  memcpy(out + head + n, at + strlen(old), tail + 1);
  return out;
}

void pc_edit_file(const char *path, const char *old, const char *new, bool resum)
{
  char *text = pc_slurp_file(path), *out = replaced(text, old, new);
  const char *sum = resum ? strstr(out, "checksum ") : NULL;
  cr_assert(!resum || sum, "no checksum line in %s", path);
  size_t n = sum ? (size_t)(sum - out) : strlen(out);
  pc_write_file(path, out, n);
  if (resum) {
    FILE *f = fopen(path, "a");
    cr_assert_not_null(f);
    fprintf(f, "checksum %016" PRIx64 "\n", pc_fnv(PC_FNV_START, out, n));
    fclose(f);
  }
  free(out);
  free(text);
}

char *pc_scratch_dir(const char *template)
{
  char *dir = strdup(template);
  cr_assert_not_null(dir);
  cr_assert_not_null(mkdtemp(dir));
  return dir;
}

char *pc_path_in(const char *dir, const char *name)
{
  char *p;
  cr_assert(asprintf(&p, "%s/%s", dir, name) > 0);
  return p;
}

void pc_expect_refused_at(const char *board, const char *file, const char *where,
                          const char *message)
{
  const char *args[] = {"solve", "-c", board, NULL};
  pc_run r = pc_run_program(NULL, args);
  cr_expect_eq(r.status, 2, "%s", r.err);
  char want[512];
  snprintf(want, sizeof want, "%s:%s: ", file, where);
  cr_expect(strstr(r.err, want), "want %s in %s", want, r.err);
  cr_expect(strstr(r.err, message), "want %s in %s", message, r.err);
  pc_run_free(&r);
}

/* Which of the enumerated polyforms (p->count of `size` cells) has the
   cells `cells`, or -1. */
static int32_t enumerated_index(const pc_polyforms *p, int32_t size, const pc_cell *cells)
{
  for (int32_t i = 0; i < p->count; i++)
    if (!memcmp(p->cells + (size_t)i * (size_t)size, cells, (size_t)size * sizeof *cells))
      return i;
  return -1;
}

void pc_expect_set_is_all(const char *file, const pc_grid *g, int32_t size, bool one_sided,
                          int32_t count)
{
  pc_pieceset set;
  pc_error err = {0};
  cr_assert_eq(pc_pieceset_load(file, &set, &err), PC_OK, "%s: %s", file, err.msg);
  cr_assert_eq(set.grid, g, "%s", file);
  cr_expect_eq(set.one_sided, one_sided, "%s", file);
  cr_assert_eq(set.n_pieces, count, "%s", file);
  pc_polyforms p;
  cr_assert_eq(pc_polyforms_make(g, size, one_sided, &p), PC_OK);
  cr_assert_eq(p.count, count);
  /* A one-sided set draws a mirror image as the reflection of its free
     form, not in its own canonical orientation. */
  for (int32_t i = 0; i < p.count; i++)
    cr_assert_eq(pc_polyform_canonical(g, p.cells + (size_t)i * (size_t)size, size, one_sided),
                 PC_OK);
  bool *seen = calloc((size_t)count, 1);
  for (int32_t k = 0; k < set.n_pieces; k++) {
    pc_piece *piece = &set.pieces[k];
    cr_assert_eq(piece->size, size, "%s: %s", file, piece->name);
    cr_assert_eq(pc_polyform_canonical(g, piece->cells, size, one_sided), PC_OK);
    int32_t found = enumerated_index(&p, size, piece->cells);
    cr_assert_geq(found, 0, "%s: %s", file, piece->name);
    cr_expect_not(seen[found], "%s: %s twice", file, piece->name);
    seen[found] = true;
  }
  free(seen);
  pc_polyforms_free(&p);
  pc_pieceset_free(&set);
}
