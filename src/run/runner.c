/* runner.c — the split search run by worker threads: handing out
   subproblems, delivering their solutions, progress, checkpoints. */
#include "run/runner.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/alloc.h"
#include "run/checkpoint.h"
#include "core/clock.h"
#include "core/engines.h"

/* Subproblems per thread, and at least this many in all: enough that the
   last ones to finish are small, and that a checkpoint loses little. */
#define SUBS_PER_THREAD 64
#define MIN_SUBS 256
/* What a small search (pc_engine_made.small) is split into, whatever the
   threads: there the split's probes and each part's retaking of its
   prefix cost more than many parts gain (docs/speed.md, session 20). */
#define SMALL_SUBS 64
/* How often the main thread looks at the stop flag and the clock, and
   how often it redraws the progress line. */
#define TICK_SECONDS 0.1
#define PROGRESS_SECONDS 0.5

/* Counters of a set of searches, with their profile. */
typedef struct totals {
  uint64_t solutions, nodes, updates;
  uint64_t *level_nodes, *level_updates; /* `levels` (pc_xc_depth + 1) each */
} totals;

typedef struct worker worker;

typedef struct runner {
  const pc_runner_config *cfg;
  const pc_engine *engine;
  const pc_xc *xc;
  int32_t levels;
  /* The subproblems: prefixes of `depth` entries, their lengths, weights
     (path probabilities) and the order they are handed out in. */
  int32_t depth;
  int64_t n_subs;
  int32_t *prefixes, *lens;
  double *weights;
  int64_t *order;
  bool *done;
  /* Shared state, under `lock`. */
  pthread_mutex_t lock;
  pthread_cond_t wake;
  int64_t next, n_done;
  bool exhausted;          /* cfg->next has no more */
  int running;
  /* Subproblems whose engine was lost (pc_engine.lost), to search again,
     at most one per thread; `back` wakes idle threads when one comes back
     or when nothing can any more (no thread busy, or a halt). */
  int64_t *retry;
  int n_retry, busy, n_lost;
  pthread_cond_t back;
  double remaining;        /* weight of the subproblems not done */
  totals base;             /* the split search, its leaves counted out */
  totals sums;             /* the done subproblems: what checkpoints hold */
  totals extra;            /* subproblems stopped by a limit or the visitor */
  uint64_t delivered;      /* solutions counted towards max_solutions */
  /* Per subproblem not done, the solutions it has handed to the caller
     (in this run or one resumed) before a limit stopped the run. */
  uint64_t *handed;
  uint64_t resumed_updates, resumed_nodes; /* a resumed checkpoint's */
  bool stopped_early, interrupted;
  bool split;              /* the subproblems are known */
  pc_status status;
  pc_error err;
  atomic_int halt;
  double t0, fraction0;
  uint64_t hash;           /* the problem's, once a checkpoint needs it */
  bool hashed;
  char *written;           /* the checkpoints' file, once one is written */
  worker *workers;         /* their shares of the subproblems under way */
  int n_workers;
} runner;

struct worker {
  runner *r;
  pthread_t thread;
  void *engine;
  int64_t sub;             /* under way, or -1; under the lock */
  _Atomic double share;    /* of its tree done (share.h) */
  int32_t *buf; /* buffered solutions: n, then n options, for each */
  int32_t cap;
  int64_t used;
  FILE *spill;  /* what did not fit in buf, in the same layout; or NULL */
  int64_t spilled;
  int error;    /* errno of a failed allocation or spill, or 0 */
  uint64_t skip, found; /* hand_over_at_once: those handed over before; found so far */
};

static bool totals_init(totals *t, int32_t levels)
{
  memset(t, 0, sizeof *t);
  t->level_nodes = pc_calloc_array((size_t)levels, sizeof *t->level_nodes);
  t->level_updates = pc_calloc_array((size_t)levels, sizeof *t->level_updates);
  return t->level_nodes && t->level_updates;
}

static void totals_free(totals *t)
{
  free(t->level_nodes);
  free(t->level_updates);
}

static void totals_add(totals *t, const pc_dlx_stats *st)
{
  t->solutions += st->solutions;
  t->nodes += st->nodes;
  t->updates += st->updates;
  for (int32_t l = 0; l < st->levels; l++) {
    t->level_nodes[l] += st->level_nodes[l];
    t->level_updates[l] += st->level_updates[l];
  }
}

/* ---- the split ---- */

typedef struct splitter {
  runner *r;
  void *engine;
  int32_t cap_prefixes, cap_lens, cap_weights;
  bool nomem;
} splitter;

static bool add_sub(void *ctx, const int32_t *options, int32_t n)
{
  splitter *s = ctx;
  runner *r = s->r;
  int64_t at = r->n_subs * r->depth;
  if (!pc_grow((void **)&r->prefixes, &s->cap_prefixes, at + r->depth, sizeof *r->prefixes) ||
      !pc_grow((void **)&r->lens, &s->cap_lens, r->n_subs + 1, sizeof *r->lens) ||
      !pc_grow((void **)&r->weights, &s->cap_weights, r->n_subs + 1, sizeof *r->weights)) {
    s->nomem = true;
    return true;
  }
  memcpy(r->prefixes + at, options, (size_t)n * sizeof *options);
  r->lens[r->n_subs] = n;
  r->weights[r->n_subs] =
      r->engine->path_probability ? r->engine->path_probability(s->engine, n) : 0.0;
  r->n_subs++;
  return false;
}

/* Splits at `depth`, keeping the subproblems and the split search's own
   counters in r->base. A stop (cfg->stop) leaves r->interrupted set. */
static pc_status split_at(runner *r, void *engine, int32_t depth)
{
  splitter s = {r, engine, 0, 0, 0, false};
  free(r->prefixes);
  free(r->lens);
  free(r->weights);
  r->prefixes = NULL;
  r->lens = NULL;
  r->weights = NULL;
  r->n_subs = 0;
  /* A split past the deepest level is the same split, and each
     subproblem keeps room for `depth` options. */
  r->depth = depth = depth < r->levels - 1 ? depth : r->levels - 1;
  pc_dlx_config cfg = {.choose = r->cfg->choose, .split_depth = depth, .visit = add_sub,
                       .ctx = &s, .stop = r->cfg->stop};
  pc_dlx_stats st;
  r->engine->search(engine, &cfg, &st);
  if (s.nomem) return pc_error_set(&r->err, PC_ERR_NOMEM, 0, 0, "out of memory");
  if (!st.complete) {
    /* The leaves so far are not the split: none is searched. */
    r->interrupted = true;
    r->n_subs = 0;
    r->depth = 0;
    return PC_OK;
  }
  totals *b = &r->base;
  memset(b->level_nodes, 0, (size_t)r->levels * sizeof *b->level_nodes);
  memset(b->level_updates, 0, (size_t)r->levels * sizeof *b->level_updates);
  b->solutions = b->nodes = b->updates = 0;
  totals_add(b, &st);
  /* Each leaf is a subproblem's root, which the subproblem counts. */
  b->solutions = 0;
  b->nodes -= (uint64_t)r->n_subs;
  for (int64_t i = 0; i < r->n_subs; i++) b->level_nodes[r->lens[i]]--;
  r->remaining = 0;
  bool weighed = r->engine->path_probability != NULL;
  for (int64_t i = 0; i < r->n_subs; i++) {
    if (!weighed) r->weights[i] = 1.0 / (double)r->n_subs;
    r->remaining += r->weights[i];
  }
  r->split = true;
  return PC_OK;
}

/* A split search that only counts its subproblems, up to a cap. */
typedef struct probe {
  int64_t subs, cap;
  int32_t depth;
  bool reached; /* a subproblem is `depth` options long: the tree goes on */
} probe;

static bool count_sub(void *ctx, const int32_t *options, int32_t n)
{
  (void)options;
  probe *p = ctx;
  p->reached = p->reached || n == p->depth;
  return ++p->subs >= p->cap;
}

/* Whether a split at `depth` has `target` subproblems, or is as deep as
   the tree goes. The probe stops at `target`, so it costs little even
   where the tree is wide. */
static bool enough_at(runner *r, void *engine, int32_t depth, int64_t target)
{
  probe p = {0, target, depth, false};
  pc_dlx_config cfg = {.choose = r->cfg->choose, .split_depth = depth, .visit = count_sub,
                       .ctx = &p, .stop = r->cfg->stop};
  pc_dlx_stats st;
  r->engine->search(engine, &cfg, &st);
  if (!st.complete && p.subs < target) r->interrupted = true;
  return p.subs >= target || !p.reached || depth >= pc_xc_depth(r->xc);
}

/* The split at the depth asked for, else the shallowest one with enough
   subproblems (or the whole tree), found by doubling the depth and then
   halving the interval: a few probes, where trying every depth in turn
   costs the square of a narrow tree's depth. */
static pc_status choose_split(runner *r, void *engine, int threads)
{
  if (r->cfg->split_depth > 0) return split_at(r, engine, r->cfg->split_depth);
  int64_t target = (int64_t)threads * SUBS_PER_THREAD;
  if (target < MIN_SUBS) target = MIN_SUBS;
  if (r->cfg->made.small) target = SMALL_SUBS; /* the same under MPI's wrapper */
  int32_t lo = 0, hi = 1, top = pc_xc_depth(r->xc) > 1 ? pc_xc_depth(r->xc) : 1;
  while (!enough_at(r, engine, hi, target) && !r->interrupted) {
    lo = hi;
    hi = hi < top / 2 ? 2 * hi : top;
  }
  while (hi - lo > 1 && !r->interrupted) {
    int32_t mid = lo + (hi - lo) / 2;
    *(enough_at(r, engine, mid, target) ? &hi : &lo) = mid;
  }
  return r->interrupted ? PC_OK : split_at(r, engine, hi);
}

static int by_weight(const void *a, const void *b, void *ctx)
{
  const double *w = ctx;
  double x = w[*(const int64_t *)a], y = w[*(const int64_t *)b];
  int64_t i = *(const int64_t *)a, j = *(const int64_t *)b;
  if (x != y) return x < y ? 1 : -1;
  return (i > j) - (i < j);
}

/* The bookkeeping of the subproblems once split: none done, handed out
   largest first. */
static pc_status prepare(runner *r)
{
  free(r->done);
  free(r->handed);
  free(r->order);
  r->done = pc_calloc_array((size_t)r->n_subs + 1, sizeof *r->done);
  r->handed = pc_calloc_array((size_t)r->n_subs + 1, sizeof *r->handed);
  r->order = pc_alloc_array((size_t)r->n_subs + 1, sizeof *r->order);
  if (!r->done || !r->handed || !r->order)
    return pc_error_set(&r->err, PC_ERR_NOMEM, 0, 0, "out of memory");
  for (int64_t i = 0; i < r->n_subs; i++) r->order[i] = i;
  qsort_r(r->order, (size_t)r->n_subs, sizeof *r->order, by_weight, r->weights);
  return PC_OK;
}

/* ---- checkpoints ---- */

/* The problem's hash, which ties a checkpoint to it: computed at the
   first checkpoint (a whole pass over the matrix), not by every search. */
static uint64_t problem_hash(runner *r)
{
  if (!r->hashed) r->hash = pc_xc_hash(r->xc), r->hashed = true;
  return r->hash;
}

/* The first checkpoint fixes the file of all: the user's, or a new one
   (cfg->checkpoint_unnamed). */
static pc_status save_checkpoint(runner *r, const pc_checkpoint *c)
{
  const pc_runner_config *cfg = r->cfg;
  if (!r->written && cfg->checkpoint_unnamed)
    return pc_checkpoint_write_new(cfg->checkpoint, c, &r->written, &r->err);
  if (!r->written && !(r->written = strdup(cfg->checkpoint)))
    return pc_error_set(&r->err, PC_ERR_NOMEM, 0, 0, "out of memory");
  return pc_checkpoint_write(r->written, c, &r->err);
}

/* Under the lock. */
static pc_status write_checkpoint(runner *r)
{
  const pc_runner_config *cfg = r->cfg;
  pc_checkpoint c = {
      .problem = problem_hash(r),
      .split_depth = r->depth,
      .subproblems = r->n_subs,
      .solutions = r->sums.solutions,
      .nodes = r->sums.nodes,
      .updates = r->sums.updates,
      .level_nodes = r->sums.level_nodes,
      .level_updates = r->sums.level_updates,
      .done = r->done,
      .handed = r->handed,
  };
  snprintf(c.engine, sizeof c.engine, "%s", r->engine->name);
  snprintf(c.rule, sizeof c.rule, "%s", pc_choose_name(cfg->choose));
  c.levels = r->levels;
  while (c.levels > 0 && !c.level_nodes[c.levels - 1] && !c.level_updates[c.levels - 1])
    c.levels--;
  pc_status s = PC_OK;
  FILE *mem = NULL;
  if (cfg->save) {
    mem = open_memstream(&c.caller, &c.caller_size);
    if (!mem) return pc_error_set(&r->err, PC_ERR_NOMEM, 0, 0, "out of memory");
    s = cfg->save(cfg->ctx, mem);
    if (fclose(mem) && !s) s = pc_error_set(&r->err, PC_ERR_NOMEM, 0, 0, "out of memory");
    if (s && !r->err.msg[0]) pc_error_set(&r->err, s, 0, 0, "cannot save the caller's state");
  }
  if (!s) s = save_checkpoint(r, &c);
  free(c.caller);
  return s;
}

static pc_status resume(runner *r, void *engine)
{
  const pc_runner_config *cfg = r->cfg;
  pc_checkpoint c;
  pc_status s = pc_checkpoint_read(cfg->resume, &c, &r->err);
  if (s) return s;
  if (c.problem != problem_hash(r))
    s = pc_error_set(&r->err, PC_ERR_INPUT, 0, 0,
                     "this checkpoint is for another problem (its exact-cover matrix differs)");
  else if (strcmp(c.engine, r->engine->name) || strcmp(c.rule, pc_choose_name(cfg->choose)))
    s = pc_error_set(&r->err, PC_ERR_INPUT, 0, 0,
                     "this checkpoint is of a search with engine %s and rule %s, not %s and %s",
                     c.engine, c.rule, r->engine->name, pc_choose_name(cfg->choose));
  else if (c.levels > r->levels || c.split_depth < 1 || c.split_depth > r->levels)
    s = pc_error_set(&r->err, PC_ERR_INPUT, 0, 0,
                     "this checkpoint's search is deeper than the problem");
  if (!s && !(s = split_at(r, engine, c.split_depth)) && !r->interrupted &&
      r->n_subs != c.subproblems)
    s = pc_error_set(&r->err, PC_ERR_INPUT, 0, 0,
                     "this checkpoint has %lld subproblems where the problem has %lld",
                     (long long)c.subproblems, (long long)r->n_subs);
  if (!s) s = prepare(r);
  if (!s && cfg->load) {
    FILE *in = fmemopen(c.caller_size ? c.caller : "", c.caller_size, "r");
    if (!in) s = pc_error_set(&r->err, PC_ERR_NOMEM, 0, 0, "out of memory");
    else {
      s = cfg->load(cfg->ctx, in, &r->err);
      fclose(in);
    }
  }
  if (!s) {
    pc_dlx_stats st = {.solutions = c.solutions, .nodes = c.nodes, .updates = c.updates,
                       .levels = c.levels, .level_nodes = c.level_nodes,
                       .level_updates = c.level_updates};
    totals_add(&r->sums, &st);
    r->delivered = c.solutions;
    r->resumed_updates = c.updates;
    r->resumed_nodes = c.nodes;
    for (int64_t i = 0; i < r->n_subs; i++) {
      r->handed[i] = c.handed[i];
      r->delivered += c.handed[i];
      if (c.done[i]) {
        r->done[i] = true;
        r->n_done++;
        r->remaining -= r->weights[i];
      }
    }
  }
  pc_checkpoint_free(&c);
  return s;
}

/* ---- progress ---- */

/* Under the lock: the part of the whole tree that the subproblems under
   way have done, each its share of its own tree times its weight. */
static double share_under_way(const runner *r)
{
  double done = 0;
  for (int i = 0; i < r->n_workers; i++) {
    const worker *w = &r->workers[i];
    if (w->sub >= 0 && !r->done[w->sub])
      done += r->weights[w->sub] * atomic_load_explicit(&w->share, memory_order_relaxed);
  }
  return done;
}

/* Knuth's measure of how far a search has gone: the path probabilities of
   the done subproblems and the shares of those under way; the time left
   at the speed of this run so far. */
static pc_runner_progress progress_of(const runner *r, double now, bool last)
{
  pc_runner_progress p = {.done = r->n_done, .subproblems = r->n_subs,
                          .solutions = r->delivered, .seconds = now - r->t0,
                          .seconds_left = -1, .last = last};
  if (r->cfg->tally) {
    r->cfg->tally(r->cfg->ctx, &p.solutions, &p.unique);
    p.has_unique = true;
  }
  p.fraction = 1.0 - r->remaining + share_under_way(r);
  if (p.fraction < 0) p.fraction = 0;
  if (p.fraction > 1 || r->n_done == r->n_subs) p.fraction = 1;
  if (p.fraction > r->fraction0 && p.seconds > 0)
    p.seconds_left = p.seconds * (1 - p.fraction) / (p.fraction - r->fraction0);
  /* The speed in what the engine counts: updates, or nodes (bitset engines). */
  p.in_updates = r->engine->counts_updates;
  uint64_t work = p.in_updates ? r->sums.updates - r->resumed_updates
                               : r->sums.nodes - r->resumed_nodes;
  p.rate = p.seconds > 0 ? (double)work / p.seconds : 0;
  return p;
}

/* One line, rewritten in place. */
static void print_progress(FILE *out, const pc_runner_progress *p)
{
  char bar[31], left[32] = "?", unique[48] = "", rate[48] = "";
  int full = (int)(p->fraction * 30);
  for (int i = 0; i < 30; i++) bar[i] = i < full ? '#' : '.';
  bar[30] = '\0';
  if (p->seconds_left >= 0) pc_clock_text(left, sizeof left, p->seconds_left);
  if (p->has_unique)
    snprintf(unique, sizeof unique, " (%llu unique)", (unsigned long long)p->unique);
  /* Counted when a part finishes: none before the first does. */
  if (p->rate > 0)
    snprintf(rate, sizeof rate, ", %.1fM %s/s", p->rate / 1e6, p->in_updates ? "updates" : "nodes");
  fprintf(out, "\r[%s] %5.1f%% %lld/%lld parts, %llu solutions%s%s, %s left  ", bar,
          100 * p->fraction, (long long)p->done, (long long)p->subproblems,
          (unsigned long long)p->solutions, unique, rate, left);
  if (p->last) fputc('\n', out);
  fflush(out);
}

/* Under the lock. */
static void show_progress(runner *r, double now, bool last)
{
  const pc_runner_config *cfg = r->cfg;
  if (!cfg->progress && !cfg->on_progress) return;
  pc_runner_progress p = progress_of(r, now, last);
  if (cfg->progress) print_progress(cfg->progress, &p);
  if (cfg->on_progress) cfg->on_progress(cfg->ctx, &p);
}

/* ---- workers ---- */

/* The solutions of a subproblem wait until it is complete; past the
   buffer's size they wait in an unnamed temporary file, so that the memory
   a subproblem takes is bounded whatever it holds. */
#define BUFFER_BYTES ((size_t)16 << 20)

static FILE *open_spill(void)
{
  const char *dir = getenv("TMPDIR");
  char name[4096];
  snprintf(name, sizeof name, "%s/polycover-XXXXXX", dir && *dir ? dir : "/tmp");
  int fd = mkstemp(name);
  if (fd < 0) return NULL;
  unlink(name);
  FILE *f = fdopen(fd, "w+");
  if (!f) close(fd);
  return f;
}

static bool spill_buffer(worker *w)
{
  if (!w->spill && !(w->spill = open_spill())) return false;
  if (fwrite(w->buf, sizeof *w->buf, (size_t)w->used, w->spill) != (size_t)w->used) return false;
  w->spilled += w->used;
  w->used = 0;
  return true;
}

static bool buffer_solution(void *ctx, const int32_t *options, int32_t n)
{
  worker *w = ctx;
  size_t bytes = w->r->cfg->buffer_bytes ? w->r->cfg->buffer_bytes : BUFFER_BYTES;
  if ((size_t)(w->used + n + 1) * sizeof *w->buf > bytes && w->used > 0 && !spill_buffer(w)) {
    w->error = errno ? errno : EIO;
    return true;
  }
  if (!pc_grow((void **)&w->buf, &w->cap, w->used + n + 1, sizeof *w->buf)) {
    w->error = ENOMEM;
    return true;
  }
  w->buf[w->used++] = n;
  memcpy(w->buf + w->used, options, (size_t)n * sizeof *options);
  w->used += n;
  return false;
}

/* Makes the spilled solutions the next ones read from w->spill, the
   buffered ones after them; false on a write error. */
static bool rewind_spill(worker *w)
{
  if (!w->spilled) return true;
  if (w->used && !spill_buffer(w)) return false;
  return fflush(w->spill) == 0 && fseeko(w->spill, 0, SEEK_SET) == 0;
}

/* The next buffered solution (spilled ones first), or NULL at the end. */
static const int32_t *next_solution(worker *w, int64_t *at, int32_t *n)
{
  if (w->spilled) {
    if (*at >= w->spilled || fread(n, sizeof *n, 1, w->spill) != 1 ||
        !pc_grow((void **)&w->buf, &w->cap, *n, sizeof *w->buf) ||
        fread(w->buf, sizeof *w->buf, (size_t)*n, w->spill) != (size_t)*n)
      return NULL;
    *at += 1 + *n;
    return w->buf;
  }
  if (*at >= w->used) return NULL;
  *n = w->buf[*at];
  *at += 1 + *n;
  return w->buf + *at - *n;
}

static void clear_buffer(worker *w)
{
  w->used = 0;
  if (w->spilled) {
    w->spilled = 0;
    if (fseeko(w->spill, 0, SEEK_SET) || ftruncate(fileno(w->spill), 0)) w->error = errno;
  }
}

static void halt(runner *r) { atomic_store(&r->halt, 1); }

/* Under the lock: whether the run's limit of solutions is met. */
static bool limit_met(const runner *r)
{
  return r->cfg->max_solutions && r->delivered >= r->cfg->max_solutions;
}

/* Under the lock: hands a subproblem's solutions to the caller, within
   the run's limit; true when the run is to stop. Nothing once the caller
   or the limit has stopped the run: another thread may finish later.
   Those it handed over before, in a run stopped partway (r->handed,
   which checkpoints keep), are skipped, so that each is handed over once
   (the search of a subproblem finds the same solutions in the same
   order every time). */
static bool deliver(runner *r, worker *w, int64_t id)
{
  const pc_runner_config *cfg = r->cfg;
  uint64_t handed = 0, skip = r->handed[id];
  bool stop = r->stopped_early;
  int64_t at = 0;
  int32_t n;
  for (const int32_t *o; !stop && (o = next_solution(w, &at, &n)); handed++) {
    if (handed < skip) continue;
    if (limit_met(r)) {
      stop = true;
      break;
    }
    r->delivered++;
    stop = cfg->visit(cfg->ctx, id, o, n);
  }
  if ((stop || limit_met(r)) && !r->stopped_early) r->handed[id] = handed;
  return stop;
}

/* hand_over_at_once: the solution to the visitor at once (under the
   lock), past those the subproblem handed over before (r->handed). */
static bool hand_over(void *ctx, const int32_t *options, int32_t n)
{
  worker *w = ctx;
  runner *r = w->r;
  const pc_runner_config *cfg = r->cfg;
  if (w->found < w->skip) {
    w->found++;
    return false;
  }
  pthread_mutex_lock(&r->lock);
  bool stop = r->stopped_early || limit_met(r);
  if (!stop) {
    r->delivered++;
    r->handed[w->sub]++;
    stop = cfg->visit(cfg->ctx, w->sub, options, n);
  }
  if (stop && !r->stopped_early) {
    r->stopped_early = true;
    halt(r);
  }
  pthread_mutex_unlock(&r->lock);
  return stop;
}

/* Under the lock: the updates and nodes this run has spent (a resumed
   checkpoint's not counted), and what a limit leaves of them (at least
   1, which a search reaches at once). */
static uint64_t updates_used(const runner *r)
{
  return r->base.updates + r->sums.updates + r->extra.updates - r->resumed_updates;
}

static uint64_t nodes_used(const runner *r)
{
  return r->base.nodes + r->sums.nodes + r->extra.nodes - r->resumed_nodes;
}

static uint64_t left_of(uint64_t limit, uint64_t used)
{
  return used < limit ? limit - used : 1;
}

/* Under the lock: delivers a searched subproblem's solutions and books its
   counters. */
static void finish(runner *r, worker *w, int64_t id, const pc_dlx_stats *st)
{
  const pc_runner_config *cfg = r->cfg;
  if (!w->error && !rewind_spill(w)) w->error = errno ? errno : EIO;
  if (w->error) {
    r->status = w->error == ENOMEM
                    ? pc_error_set(&r->err, PC_ERR_NOMEM, 0, 0, "out of memory")
                    : pc_error_set(&r->err, PC_ERR_IO, 0, 0, "cannot keep a subproblem's "
                                   "solutions in a temporary file: %s", strerror(w->error));
    halt(r);
    return;
  }
  /* Stopped from outside: forgotten, searched again on resume (what it
     handed over at once is skipped then, its counters count now). */
  if (!st->complete && atomic_load(&r->halt)) {
    if (cfg->hand_over_at_once && r->stopped_early) totals_add(&r->extra, st);
    return;
  }
  bool stop = false;
  if (!cfg->visit) r->delivered += st->solutions;
  else if (!cfg->hand_over_at_once) stop = deliver(r, w, id);
  if (limit_met(r)) stop = true;
  if (st->complete && !stop) {
    if (cfg->done) cfg->done(cfg->ctx, id);
    r->done[id] = true;
    r->handed[id] = 0;
    r->n_done++;
    r->remaining -= r->weights[id];
    totals_add(&r->sums, st);
  } else {
    totals_add(&r->extra, st);
    r->stopped_early = true;
    halt(r);
  }
  if ((cfg->max_updates && updates_used(r) >= cfg->max_updates) ||
      (cfg->max_nodes && nodes_used(r) >= cfg->max_nodes)) {
    r->stopped_early = r->stopped_early || r->n_done < r->n_subs;
    halt(r);
  }
}

/* Under the lock: the next subproblem to search, if any. */
static bool next_sub(runner *r, int64_t *id)
{
  if (r->n_retry > 0) {
    *id = r->retry[--r->n_retry];
    return true;
  }
  if (!r->cfg->next) {
    while (r->next < r->n_subs && r->done[r->order[r->next]]) r->next++;
    if (r->next >= r->n_subs) return false;
    *id = r->order[r->next++];
    return true;
  }
  while (!r->exhausted) {
    if (!r->cfg->next(r->cfg->ctx, id)) r->exhausted = true;
    else if (*id >= 0 && *id < r->n_subs && !r->done[*id]) return true;
  }
  return false;
}

static void *work(void *arg)
{
  worker *w = arg;
  runner *r = w->r;
  const pc_runner_config *cfg = r->cfg;
  pthread_mutex_lock(&r->lock);
  for (;;) {
    int64_t id;
    if (atomic_load(&r->halt)) break;
    if (!next_sub(r, &id)) {
      /* A subproblem under way may yet come back from a lost engine. */
      if (!r->busy || !r->engine->lost) break;
      pthread_cond_wait(&r->back, &r->lock);
      continue;
    }
    r->busy++;
    /* The share of a subproblem's tree done serves the progress alone: a
       search that keeps none goes faster (a few per cent of small ones). */
    bool shown = cfg->progress || cfg->on_progress;
    pc_dlx_config dc = {.choose = cfg->choose, .stop = &r->halt,
                        .prefix = r->prefixes + id * r->depth, .n_prefix = r->lens[id],
                        .share = shown ? &w->share : NULL};
    atomic_store(&w->share, 0.0);
    w->sub = id;
    /* The limits left for the run bound this subproblem. */
    if (cfg->max_solutions) dc.max_solutions = cfg->max_solutions - r->delivered;
    if (cfg->max_updates) dc.max_updates = left_of(cfg->max_updates, updates_used(r));
    if (cfg->max_nodes) dc.max_nodes = left_of(cfg->max_nodes, nodes_used(r));
    if (cfg->visit) {
      dc.visit = cfg->hand_over_at_once ? hand_over : buffer_solution;
      dc.ctx = w;
      w->skip = r->handed[id];
      w->found = 0;
    }
    clear_buffer(w);
    pthread_mutex_unlock(&r->lock);
    pc_dlx_stats st;
    r->engine->search(w->engine, &dc, &st);
    pthread_mutex_lock(&r->lock);
    w->sub = -1;
    r->busy--;
    pthread_cond_broadcast(&r->back);
    if (!st.complete && r->engine->lost && r->engine->lost(w->engine) &&
        !atomic_load(&r->halt)) {
      r->retry[r->n_retry++] = id;
      r->n_lost++;
      break;
    }
    finish(r, w, id, &st);
  }
  r->running--;
  pthread_cond_signal(&r->wake);
  pthread_mutex_unlock(&r->lock);
  return NULL;
}

/* The main thread: waits for the workers, watching the stop flag, drawing
   the progress and writing periodic checkpoints. */
static void supervise(runner *r)
{
  const pc_runner_config *cfg = r->cfg;
  double last_checkpoint = pc_now(), last_progress = 0;
  pthread_mutex_lock(&r->lock);
  while (r->running > 0) {
    struct timespec until = pc_realtime_in(TICK_SECONDS);
    pthread_cond_timedwait(&r->wake, &r->lock, &until);
    if (cfg->stop && atomic_load(cfg->stop) && !r->interrupted) {
      r->interrupted = true;
      halt(r);
    }
    if (atomic_load(&r->halt)) pthread_cond_broadcast(&r->back);
    double now = pc_now();
    if (now - last_progress >= PROGRESS_SECONDS) {
      show_progress(r, now, false);
      last_progress = now;
    }
    if (cfg->checkpoint && cfg->every > 0 && now - last_checkpoint >= cfg->every &&
        !atomic_load(&r->halt) && !r->status) {
      r->status = write_checkpoint(r);
      if (r->status) halt(r);
      last_checkpoint = now;
    }
  }
  pthread_mutex_unlock(&r->lock);
}

static void runner_free(runner *r)
{
  free(r->prefixes);
  free(r->lens);
  free(r->weights);
  free(r->order);
  free(r->done);
  free(r->handed);
  free(r->retry);
  free(r->written);
  totals_free(&r->base);
  totals_free(&r->sums);
  totals_free(&r->extra);
}

static void fill_result(runner *r, pc_runner_result *res, int threads)
{
  int32_t levels = 0;
  for (int32_t l = 0; l < r->levels; l++) {
    res->level_nodes[l] = r->base.level_nodes[l] + r->sums.level_nodes[l] + r->extra.level_nodes[l];
    res->level_updates[l] =
        r->base.level_updates[l] + r->sums.level_updates[l] + r->extra.level_updates[l];
    if (res->level_nodes[l]) levels = l + 1;
  }
  res->stats = (pc_dlx_stats){
      .solutions = r->cfg->visit ? r->delivered : r->sums.solutions + r->extra.solutions,
      .nodes = r->base.nodes + r->sums.nodes + r->extra.nodes,
      .updates = r->base.updates + r->sums.updates + r->extra.updates,
      .complete = !r->stopped_early && !r->interrupted &&
                  (r->cfg->next ? r->exhausted : r->n_done == r->n_subs),
      /* Without the subproblems' updates the total would lie. */
      .no_updates = !r->engine->counts_updates,
      .levels = levels,
      .level_nodes = res->level_nodes,
      .level_updates = res->level_updates,
  };
  if (r->cfg->max_solutions && res->stats.solutions > r->cfg->max_solutions)
    res->stats.solutions = r->cfg->max_solutions;
  res->subproblems = r->n_subs;
  res->done = r->n_done;
  res->split_depth = r->depth;
  res->split_nodes = r->base.nodes;
  res->split_updates = r->base.updates;
  res->threads = threads;
  res->ran = true;
  res->interrupted = r->interrupted;
}

/* The runner's memory and one engine per worker. */
static pc_status runner_init(runner *r, worker **workers, int threads, pc_runner_result *res)
{
  worker *w = *workers = pc_calloc_array((size_t)threads, sizeof *w);
  r->retry = pc_calloc_array((size_t)threads, sizeof *r->retry);
  res->level_nodes = pc_calloc_array((size_t)r->levels, sizeof *res->level_nodes);
  res->level_updates = pc_calloc_array((size_t)r->levels, sizeof *res->level_updates);
  if (!w || !r->retry || !res->level_nodes || !res->level_updates ||
      !totals_init(&r->base, r->levels) || !totals_init(&r->sums, r->levels) ||
      !totals_init(&r->extra, r->levels))
    return pc_error_set(&r->err, PC_ERR_NOMEM, 0, 0, "out of memory");
  r->workers = w;
  r->n_workers = threads;
  const pc_engine_made *made = &r->cfg->made;
  for (int i = 0; i < threads; i++) {
    w[i].r = r;
    w[i].sub = -1;
    if (i == 0 && made->engine == r->engine) w[i].engine = made->instance;
    if (!w[i].engine &&
        !(w[i].engine = pc_engine_instance(r->engine, i ? w[0].engine : NULL, r->xc)))
      return pc_error_set(&r->err, PC_ERR_NOMEM, 0, 0, "out of memory");
  }
  return PC_OK;
}

/* Starts the workers and supervises them to the end; then the last
   checkpoint, progress line and result. */
static void run_workers(runner *r, worker *w, int threads, pc_runner_result *res)
{
  const pc_runner_config *cfg = r->cfg;
  r->t0 = pc_now();
  r->fraction0 = 1.0 - r->remaining;
  pthread_mutex_init(&r->lock, NULL);
  pthread_cond_init(&r->wake, NULL);
  pthread_cond_init(&r->back, NULL);
  int started = 0;
  for (; started < threads; started++)
    if (pthread_create(&w[started].thread, NULL, work, &w[started])) break;
  pthread_mutex_lock(&r->lock);
  r->running += started;
  if (started < threads) {
    r->status = pc_error_set(&r->err, PC_ERR_NOMEM, 0, 0, "cannot start a thread");
    halt(r);
  }
  pthread_mutex_unlock(&r->lock);
  supervise(r);
  for (int i = 0; i < started; i++) pthread_join(w[i].thread, NULL);
  /* Every engine lost: what is left waits for a resume. */
  if (started && r->n_lost == started && !r->stopped_early) r->interrupted = true;
  /* Stopped before the split was made: nothing to carry on from. */
  if (!r->status && r->split && cfg->checkpoint && (r->interrupted || cfg->every > 0)) {
    r->status = write_checkpoint(r);
    if (!r->status) res->checkpoint = r->written, r->written = NULL;
  }
  show_progress(r, pc_now(), true);
  fill_result(r, res, threads);
  pthread_cond_destroy(&r->wake);
  pthread_cond_destroy(&r->back);
  pthread_mutex_destroy(&r->lock);
}

static void workers_free(runner *r, worker *w, int threads)
{
  /* The last first: the first's tables may be the others' (share). */
  for (int i = threads - 1; w && i >= 0; i--) {
    if (w[i].engine && w[i].engine != r->cfg->made.instance) r->engine->destroy(w[i].engine);
    if (w[i].spill) fclose(w[i].spill);
    free(w[i].buf);
  }
  free(w);
}

pc_status pc_runner_run(const pc_xc *xc, const pc_runner_config *cfg, pc_runner_result *res,
                        pc_error *err)
{
  memset(res, 0, sizeof *res);
  double t0 = pc_now();
  int threads = cfg->threads > 0 ? cfg->threads : (int)sysconf(_SC_NPROCESSORS_ONLN);
  if (threads < 1) threads = 1;
  runner r = {.cfg = cfg, .engine = cfg->engine, .xc = xc, .levels = pc_xc_depth(xc) + 1};
  worker *w = NULL;
  pc_status s = runner_init(&r, &w, threads, res);
  if (!s) s = cfg->resume ? resume(&r, w[0].engine) : choose_split(&r, w[0].engine, threads);
  if (!s && !cfg->resume) s = prepare(&r);
  if (!s) {
    run_workers(&r, w, threads, res);
    s = r.status;
  }
  res->seconds = pc_now() - t0;
  if (s && err) *err = r.err;
  workers_free(&r, w, threads);
  runner_free(&r);
  return s;
}

pc_status pc_runner_plan_make(const pc_xc *xc, const pc_runner_config *cfg, int threads,
                           pc_runner_plan *plan, pc_error *err)
{
  memset(plan, 0, sizeof *plan);
  runner r = {.cfg = cfg, .engine = cfg->engine, .xc = xc,
              .levels = pc_xc_depth(xc) + 1};
  void *engine = r.engine->create(r.engine, xc);
  pc_status s = engine && totals_init(&r.base, r.levels) && totals_init(&r.sums, r.levels) &&
                        totals_init(&r.extra, r.levels)
                    ? PC_OK
                    : pc_error_set(&r.err, PC_ERR_NOMEM, 0, 0, "out of memory");
  if (!s) s = choose_split(&r, engine, threads > 0 ? threads : 1);
  if (!s) s = prepare(&r);
  if (!s) {
    plan->depth = r.depth;
    plan->subproblems = r.n_subs;
    plan->order = r.order;
    plan->weights = r.weights;
    r.order = NULL;
    r.weights = NULL;
  } else if (err) {
    *err = r.err;
  }
  if (engine) r.engine->destroy(engine);
  runner_free(&r);
  return s;
}

void pc_runner_plan_free(pc_runner_plan *plan)
{
  free(plan->order);
  free(plan->weights);
  memset(plan, 0, sizeof *plan);
}

void pc_runner_result_free(pc_runner_result *res)
{
  free(res->level_nodes);
  free(res->level_updates);
  free(res->checkpoint);
  memset(res, 0, sizeof *res);
}
