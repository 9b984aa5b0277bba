/* challenge.c — making challenges with one solution: random solutions,
   pieces taken off while the rest stays unique, ratings and levels. */
#include "run/challenge.h"

#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/alloc.h"
#include "core/dlx.h"
#include "core/engines.h"
#include "poly/symmetry.h"
#include "run/challenge_sources.h"

/* Random orders of pieces tried on one solution before taking another. */
#define ORDERS_PER_SOLUTION 4
/* Attempts (solution and order) for one challenge before giving up. */
#define MAX_TRIES 400
/* Orders of pieces tried on a solution of --from all for each number of
   pieces left. */
#define ORDERS_PER_SOURCE 20
/* New attempts for a challenge that repeats an earlier one. */
#define MAX_REPEATS 200

/* splitmix64: the whole state is one number, so that a challenge is made
   again from its seed alone, whichever thread makes it. */
static uint64_t next_random(uint64_t *state)
{
  uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

/* A number in [0, n). */
static int32_t random_below(uint64_t *state, int32_t n)
{
  return (int32_t)(next_random(state) % (uint64_t)n);
}

static void shuffle(int32_t *a, int32_t n, uint64_t *state)
{
  for (int32_t i = n - 1; i > 0; i--) {
    int32_t j = random_below(state, i + 1), t = a[i];
    a[i] = a[j];
    a[j] = t;
  }
}

bool pc_challenge_placeable(const pc_puzzle *pz, int32_t k)
{
  const pc_piece *p = &pz->pieces[k];
  pc_cell x = pz->cells[0];
  char c = p->name[0];
  return c && !p->name[1] && pc_piece_exactly_once(p) && c != pc_grid_ascii_char(pz->grid, x) &&
         pc_grid_ascii_cell(pz->grid, x.c, x.r, c) == 1;
}

/* What becomes of a solution's option in a challenge: always pre-placed
   (by the source board), pre-placed unless taken off, or never (a piece
   the board art cannot show; a hole, which is no piece to place and is
   not counted among those left). */
enum { ROLE_FIXED, ROLE_REMOVABLE, ROLE_FREE, ROLE_HOLE, ROLES };

/* What every thread shares. */
typedef struct maker {
  const pc_puzzle *pz;
  const pc_matrix *m;
  const pc_symmetry *g;       /* the board's symmetries */
  const pc_challenge_opts *o;
  int32_t count;              /* challenges to make */
  pc_sources sources;         /* with from_all: challenge i's solution */
  int32_t left_min, left_max;
  signed char *role;          /* per option: its ROLE_ */
  pc_challenge *items;
  pc_status *status;          /* per challenge */
  pc_error *errors;           /* per challenge */
  atomic_int next;
} maker;

/* One thread's tools: a DLX structure of the whole puzzle and scratch. */
typedef struct worker {
  maker *mk;
  void *dlx;                /* the dlx engine (engines.h) */
  int32_t *sol, *given, *order;
  int32_t n_sol;
  int32_t *uses;              /* per item, for the forced moves */
  bool *taken;                /* per option of a solution, the same */
  int32_t *size;              /* per item, likewise */
} worker;

/* The first solution of the shuffled matrix, as options of the matrix. */
typedef struct first_solution {
  int32_t *out, n;
  const int32_t *map;         /* from the shuffled options to the matrix's */
} first_solution;

static bool keep_first(void *ctx, const int32_t *options, int32_t n)
{
  first_solution *f = ctx;
  for (int32_t i = 0; i < n; i++) f->out[i] = f->map[options[i]];
  f->n = n;
  return true;
}

/* The matrix with its options in the order `perm`. */
static pc_status permuted_xc(const pc_xc *src, const int32_t *perm, pc_xc *dst, pc_error *err)
{
  pc_xc_init(dst);
  pc_status s = pc_xc_copy_items(src, dst, err);
  for (int32_t k = 0; k < src->n_options && !s; k++) s = pc_xc_copy_option(src, perm[k], dst, err);
  if (s) pc_xc_free(dst);
  return s;
}

/* A random solution into w->sol: the first one DLX finds with the options
   in a random order. w->n_sol is 0 when the puzzle has none. */
static pc_status random_solution(worker *w, uint64_t *rng, pc_error *err)
{
  const pc_xc *xc = &w->mk->m->xc;
  int32_t *perm = pc_alloc_array((size_t)xc->n_options + 1, sizeof *perm);
  if (!perm) return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  for (int32_t k = 0; k < xc->n_options; k++) perm[k] = k;
  shuffle(perm, xc->n_options, rng);
  pc_xc px;
  pc_status s = permuted_xc(xc, perm, &px, err);
  void *d = s ? NULL : pc_engine_dlx.create(&pc_engine_dlx, &px);
  if (!s && !d) s = pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  if (!s) {
    first_solution f = {w->sol, 0, perm};
    pc_dlx_config cfg = {.choose = PC_CHOOSE_MRV, .visit = keep_first, .ctx = &f};
    pc_dlx_stats st;
    pc_engine_dlx.search(d, &cfg, &st);
    w->n_sol = f.n;
  }
  if (d) pc_engine_dlx.destroy(d);
  if (!s) pc_xc_free(&px);
  free(perm);
  return s;
}

/* Counts solutions up to 2 (copies are one item: each solution once). */
static bool count_two(void *ctx, const int32_t *options, int32_t n)
{
  (void)options;
  (void)n;
  int32_t *found = ctx;
  return ++*found >= 2;
}

/* Whether the pieces `given` pre-placed leave exactly one solution; *nodes
   is the search's size (the whole tree when they do). */
static bool unique(worker *w, const int32_t *given, int32_t n, uint64_t *nodes)
{
  int32_t found = 0;
  pc_dlx_config cfg = {.choose = PC_CHOOSE_MRV, .visit = count_two, .ctx = &found,
                       .prefix = given, .n_prefix = n, .prefix_given = true};
  pc_dlx_stats st;
  pc_engine_dlx.search(w->dlx, &cfg, &st);
  *nodes = st.nodes;
  return found == 1;
}

/* Whether item i takes no more options: covered as often as it may be. */
static bool full(const worker *w, const pc_xc *xc, int32_t i)
{
  return w->uses[i] >= pc_xc_upper(xc, i);
}

/* Option k of the solution's path is taken: its items once more each. */
static void use_option(worker *w, const pc_xc *xc, int32_t k)
{
  for (int32_t j = 0; j < pc_xc_option_size(xc, k); j++) w->uses[pc_xc_option(xc, k)[j]]++;
}

static bool taken_already(const worker *w, const pc_challenge *ch, int32_t k)
{
  for (int32_t i = 0; i < ch->n_solution; i++)
    if (w->taken[i] && ch->solution[i] == k) return true;
  return false;
}

/* The item DLX branches on next (Knuth's DLX3 rule: least degree, on a
   tie the smaller slack, then the longer list; plain: fewest options) and
   its degree; -1 when none is left. Options not on the solution that meet
   a full item are out; those on it count while not yet taken. */
static int32_t next_item(worker *w, const pc_challenge *ch, int32_t *degree)
{
  const pc_xc *xc = &w->mk->m->xc;
  memset(w->size, 0, (size_t)xc->n_items * sizeof *w->size);
  for (int32_t k = 0; k < xc->n_options; k++) {
    const int32_t *it = pc_xc_option(xc, k);
    int32_t n = pc_xc_option_size(xc, k), j = taken_already(w, ch, k) ? -1 : 0;
    while (j >= 0 && j < n && !full(w, xc, it[j])) j++;
    for (int32_t q = 0; j == n && q < n; q++) w->size[it[q]]++;
  }
  int32_t best = -1, best_s = 0;
  for (int32_t i = 0; i < xc->n_primary; i++) {
    if (full(w, xc, i)) continue;
    int32_t b = pc_xc_upper(xc, i) - w->uses[i], slack = b - (pc_xc_lower(xc, i) - w->uses[i]);
    int32_t s = slack < b ? slack : b, t = w->size[i] + s - b + 1;
    if (best < 0 || t < *degree || (t == *degree && (s < best_s ||
                                                     (s == best_s && w->size[i] > w->size[best]))))
      best = i, *degree = t, best_s = s;
  }
  return best;
}

/* The forced moves of a challenge: DLX's path to its solution, and the
   steps on it that place a piece where the item branched on had a single
   choice. A step takes the solution's first option not yet taken through
   that item, or none (the item is done: a null choice). */
static int32_t forced_moves(worker *w, const pc_challenge *ch)
{
  const pc_xc *xc = &w->mk->m->xc;
  memset(w->uses, 0, (size_t)xc->n_items * sizeof *w->uses);
  memset(w->taken, 0, (size_t)ch->n_solution * sizeof *w->taken);
  for (int32_t i = 0; i < ch->n_given; i++) {
    use_option(w, xc, ch->solution[i]);
    w->taken[i] = true;
  }
  int32_t forced = 0, degree = 0, best;
  while ((best = next_item(w, ch, &degree)) >= 0) {
    int32_t i = ch->n_given;
    for (; i < ch->n_solution; i++) {
      const int32_t *it = pc_xc_option(xc, ch->solution[i]);
      int32_t n = pc_xc_option_size(xc, ch->solution[i]), j = 0;
      while (j < n && it[j] != best) j++;
      if (!w->taken[i] && j < n) break;
    }
    if (i < ch->n_solution) { /* a move; a null choice places nothing */
      forced += degree == 1 && w->mk->role[ch->solution[i]] != ROLE_HOLE;
      use_option(w, xc, ch->solution[i]);
      w->taken[i] = true;
    } else {
      w->uses[best] = pc_xc_upper(xc, best);
    }
  }
  return forced;
}

/* The options of w->sol still on the board (off[i] false), but `skip`,
   into w->given; how many. */
static int32_t gather(worker *w, const bool *off, int32_t skip)
{
  int32_t n = 0;
  for (int32_t i = 0; i < w->n_sol; i++)
    if (!off[i] && i != skip) w->given[n++] = w->sol[i];
  return n;
}

static int cmp_int32(const void *a, const void *b)
{
  int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
  return (x > y) - (x < y);
}

/* ch from w->sol with the pieces `off` taken off: the pre-placed options
   first, each part in increasing order (so equal challenges are equal
   arrays). */
static void keep_challenge(worker *w, const bool *off, int32_t left, uint64_t nodes,
                           pc_challenge *ch)
{
  ch->n_given = gather(w, off, -1);
  memcpy(ch->solution, w->given, (size_t)ch->n_given * sizeof *ch->solution);
  int32_t n = ch->n_given;
  for (int32_t i = 0; i < w->n_sol; i++)
    if (off[i]) ch->solution[n++] = w->sol[i];
  ch->n_solution = n;
  qsort(ch->solution, (size_t)ch->n_given, sizeof *ch->solution, cmp_int32);
  qsort(ch->solution + ch->n_given, (size_t)(n - ch->n_given), sizeof *ch->solution,
        cmp_int32);
  ch->left = left;
  ch->nodes = nodes;
  ch->forced = forced_moves(w, ch);
}

/* Takes the pieces of w->sol off in a random order, each only if the rest
   stays unique, until `target` are left (minimal: until none can go).
   Whether that made a challenge of the kind wanted, then kept in ch. */
static bool take_off(worker *w, uint64_t *rng, int32_t target, bool *off, pc_challenge *ch)
{
  const maker *mk = w->mk;
  int32_t n_order = 0, left = 0;
  for (int32_t i = 0; i < w->n_sol; i++) {
    off[i] = mk->role[w->sol[i]] == ROLE_FREE || mk->role[w->sol[i]] == ROLE_HOLE;
    left += mk->role[w->sol[i]] == ROLE_FREE;
    if (mk->role[w->sol[i]] == ROLE_REMOVABLE) w->order[n_order++] = i;
  }
  uint64_t nodes;
  if (!unique(w, w->given, gather(w, off, -1), &nodes)) return false;
  shuffle(w->order, n_order, rng);
  for (int32_t k = 0; k < n_order && (mk->o->minimal || left < target); k++) {
    uint64_t more;
    if (!unique(w, w->given, gather(w, off, w->order[k]), &more)) continue;
    off[w->order[k]] = true;
    left++;
    nodes = more;
  }
  bool wanted = mk->o->minimal ? left >= mk->left_min && left <= mk->left_max : left == target;
  if (wanted) keep_challenge(w, off, left, nodes, ch);
  return wanted;
}

/* The seed of challenge `index`'s attempt `attempt`. */
static uint64_t challenge_seed(uint64_t seed, int32_t index, int32_t attempt)
{
  uint64_t s = seed ^ ((uint64_t)index << 32 | (uint32_t)attempt);
  next_random(&s);
  return s;
}

/* Random orders of pieces on a random solution, which is replaced every
   few orders. */
static pc_status from_random(worker *w, uint64_t *rng, int32_t target, bool *off,
                             pc_challenge *ch, bool *made, pc_error *err)
{
  pc_status s = PC_OK;
  for (int32_t t = 0; t < MAX_TRIES && !*made && !s; t++) {
    if (t % ORDERS_PER_SOLUTION == 0) s = random_solution(w, rng, err);
    if (!s) *made = take_off(w, rng, target, off, ch);
  }
  return s;
}

/* Random orders of pieces on source `index` (from_all): as many pieces
   left as the target, or if no order gets there, the most that can be
   left down to left_min. */
static bool from_source(worker *w, int32_t index, uint64_t *rng, int32_t target, bool *off,
                        pc_challenge *ch)
{
  const maker *mk = w->mk;
  const pc_sources *src = &mk->sources;
  w->n_sol = src->length[index];
  memcpy(w->sol, src->options + (size_t)index * (size_t)src->stride,
         (size_t)w->n_sol * sizeof *w->sol);
  int32_t lowest = mk->o->minimal ? target : mk->left_min;
  for (int32_t left = target; left >= lowest; left--)
    for (int32_t t = 0; t < ORDERS_PER_SOURCE; t++)
      if (take_off(w, rng, left, off, ch)) return true;
  return false;
}

static pc_status not_made(const maker *mk, int32_t index, int32_t target, pc_error *err)
{
  if (mk->o->from_all)
    return pc_error_set(err, PC_ERR_INPUT, 0, 0,
                        "solution %d (up to symmetry) gave no challenge with %d to %d pieces "
                        "left (try a wider --left)",
                        (int)index + 1, (int)mk->left_min, (int)mk->left_max);
  if (mk->o->minimal)
    return pc_error_set(err, PC_ERR_INPUT, 0, 0,
                        "no minimal challenge with %d to %d pieces left turned up in %d tries "
                        "(try a wider --left)",
                        (int)mk->left_min, (int)mk->left_max, MAX_TRIES);
  return pc_error_set(err, PC_ERR_INPUT, 0, 0,
                      "no challenge with %d pieces left turned up in %d tries: that many "
                      "pieces seldom or never have one way to go (try a smaller --left)",
                      (int)target, MAX_TRIES);
}

/* Challenge `index` (its `attempt`-th making: a repeat gets another). */
static pc_status make_one(worker *w, int32_t index, int32_t attempt, pc_challenge *ch,
                          pc_error *err)
{
  const maker *mk = w->mk;
  uint64_t rng = challenge_seed(mk->o->seed, index, attempt);
  int32_t target = mk->left_min + index % (mk->left_max - mk->left_min + 1);
  bool *off = pc_alloc_array((size_t)mk->m->xc.n_primary + 1, sizeof *off);
  if (!off) return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  pc_status s = PC_OK;
  bool made = false;
  if (mk->o->from_all) made = from_source(w, index, &rng, target, off, ch);
  else s = from_random(w, &rng, target, off, ch, &made, err);
  free(off);
  return s || made ? s : not_made(mk, index, target, err);
}

static void worker_free(worker *w)
{
  if (w->dlx) pc_engine_dlx.destroy(w->dlx);
  free(w->sol);
  free(w->given);
  free(w->order);
  free(w->uses);
  free(w->taken);
  free(w->size);
}

static pc_status worker_init(worker *w, maker *mk, pc_error *err)
{
  const pc_xc *xc = &mk->m->xc;
  size_t n = (size_t)pc_xc_depth(xc) + 1, items = (size_t)xc->n_items + 1;
  *w = (worker){.mk = mk, .dlx = pc_engine_dlx.create(&pc_engine_dlx, xc)};
  w->sol = pc_alloc_array(n, sizeof *w->sol);
  w->given = pc_alloc_array(n, sizeof *w->given);
  w->order = pc_alloc_array(n, sizeof *w->order);
  w->uses = pc_alloc_array(items, sizeof *w->uses);
  w->taken = pc_alloc_array(n, sizeof *w->taken);
  w->size = pc_alloc_array(items, sizeof *w->size);
  if (w->dlx && w->sol && w->given && w->order && w->uses && w->taken && w->size) return PC_OK;
  worker_free(w);
  return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
}

/* A thread: challenges by index until none is left. */
static void *work(void *arg)
{
  worker *w = arg;
  maker *mk = w->mk;
  for (;;) {
    int32_t i = (int32_t)atomic_fetch_add(&mk->next, 1);
    if (i >= mk->count) break;
    mk->status[i] = make_one(w, i, 0, &mk->items[i], &mk->errors[i]);
  }
  return NULL;
}

static int thread_count(const maker *mk)
{
  long n = mk->o->threads > 0 ? mk->o->threads : sysconf(_SC_NPROCESSORS_ONLN);
  if (n < 1) n = 1;
  return (int)(n < mk->count ? n : mk->count);
}

/* Every challenge, on threads (the first, `main`, is the caller's); the
   first failure in challenge order is the one reported. */
static pc_status make_all(maker *mk, worker *main, pc_error *err)
{
  int n = thread_count(mk);
  worker *ws = pc_calloc_array((size_t)n, sizeof *ws);
  pthread_t *ts = pc_calloc_array((size_t)n, sizeof *ts);
  pc_status s = ws && ts ? PC_OK : pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  int started = 0;
  for (int t = 1; t < n && !s; t++) {
    if ((s = worker_init(&ws[t], mk, err))) break;
    if (pthread_create(&ts[t], NULL, work, &ws[t])) {
      worker_free(&ws[t]);
      break;
    }
    started = t;
  }
  if (!s) work(main);
  for (int t = 1; t <= started; t++) {
    pthread_join(ts[t], NULL);
    worker_free(&ws[t]);
  }
  for (int32_t i = 0; i < mk->count && !s; i++)
    if ((s = mk->status[i])) *err = mk->errors[i];
  free(ws);
  free(ts);
  return s;
}

/* What tells challenges apart: the pre-placed pieces as a tiling, the
   smallest of its images under the board's symmetries (a challenge and its
   mirror image are one puzzle to a player). */
typedef struct repeats {
  const pc_symmetry *g;
  pc_tiling *key;           /* per challenge */
  pc_tiling image;
  int32_t *scratch;         /* n_cells */
} repeats;

static void challenge_key(repeats *r, const pc_matrix *m, const pc_challenge *ch, pc_tiling *key)
{
  pc_tiling_from_options(key, m, ch->solution, ch->n_given);
  pc_tiling given = {key->n_cells, r->scratch + key->n_cells, r->scratch + 2 * key->n_cells};
  pc_tiling_copy(&given, key);
  for (int32_t e = 1; e < r->g->order; e++) {
    pc_symmetry_apply(r->g, e, &given, &r->image, r->scratch);
    if (pc_tiling_cmp(&r->image, key) < 0) pc_tiling_copy(key, &r->image);
  }
}

static void repeats_free(repeats *r, int32_t n)
{
  for (int32_t i = 0; r->key && i < n; i++) pc_tiling_free(&r->key[i]);
  free(r->key);
  pc_tiling_free(&r->image);
  free(r->scratch);
}

static pc_status repeats_init(repeats *r, const pc_symmetry *g, int32_t n, int32_t n_cells)
{
  *r = (repeats){.g = g};
  r->key = pc_calloc_array((size_t)n, sizeof *r->key);
  r->scratch = pc_alloc_array(3 * (size_t)n_cells + 1, sizeof *r->scratch);
  pc_status s = r->key && r->scratch ? pc_tiling_init(&r->image, n_cells) : PC_ERR_NOMEM;
  for (int32_t i = 0; i < n && !s; i++) s = pc_tiling_init(&r->key[i], n_cells);
  return s;
}

/* Whether challenge i repeats an earlier one; its key is made here. */
static bool repeated(repeats *r, const maker *mk, int32_t i)
{
  challenge_key(r, mk->m, &mk->items[i], &r->key[i]);
  for (int32_t j = 0; j < i; j++)
    if (!pc_tiling_cmp(&r->key[j], &r->key[i])) return true;
  return false;
}

/* Makes again, in the caller's thread, each challenge that repeats an
   earlier one, up to symmetry. */
static pc_status drop_repeats(maker *mk, worker *w, pc_error *err)
{
  repeats r;
  pc_status s = repeats_init(&r, mk->g, mk->count, mk->pz->n_cells);
  if (s) s = pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  for (int32_t i = 0; i < mk->count && !s; i++)
    for (int32_t attempt = 1; !s && repeated(&r, mk, i); attempt++)
      s = attempt > MAX_REPEATS
              ? pc_error_set(err, PC_ERR_INPUT, 0, 0,
                             "only %d different challenges turned up (ask for fewer with "
                             "--count, or allow more pieces left with --left)",
                             (int)i)
              : make_one(w, i, attempt, &mk->items[i], err);
  repeats_free(&r, mk->count);
  return s;
}

/* The rating: the search's size in bits, plus the steps of its path that
   were choices rather than forced moves (docs/challenge.md). */
static double rating_of(const pc_challenge *ch)
{
  return log2((double)(ch->nodes ? ch->nodes : 1)) + (ch->left - ch->forced);
}

static int by_rating(const void *a, const void *b)
{
  const pc_challenge *x = a, *y = b;
  if (x->rating != y->rating) return x->rating < y->rating ? -1 : 1;
  if (x->left != y->left) return x->left < y->left ? -1 : 1;
  for (int32_t i = 0; i < x->n_solution && i < y->n_solution; i++)
    if (x->solution[i] != y->solution[i]) return x->solution[i] < y->solution[i] ? -1 : 1;
  return (x->n_given > y->n_given) - (x->n_given < y->n_given);
}

/* Sorted easiest first, then split into levels of (nearly) equal size,
   none empty: no more levels than challenges. */
static void rate(pc_challenge_set *set)
{
  if (set->levels > set->n) set->levels = set->n;
  for (int32_t i = 0; i < set->n; i++) set->items[i].rating = rating_of(&set->items[i]);
  qsort(set->items, (size_t)set->n, sizeof *set->items, by_rating);
  for (int32_t i = 0; i < set->n; i++)
    set->items[i].level = 1 + (int32_t)((int64_t)i * set->levels / set->n);
}

/* Each option's role, from its piece. */
static pc_status assign_roles(const pc_puzzle *pz, const pc_matrix *m, signed char **role,
                              pc_error *err)
{
  bool *on_board = pc_calloc_array((size_t)pz->n_pieces, sizeof *on_board);
  *role = pc_alloc_array((size_t)m->xc.n_options + 1, sizeof **role);
  if (!on_board || !*role) {
    free(on_board);
    return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  }
  for (int32_t i = 0; i < pz->n_cells; i++)
    if (pz->fixed[i] >= 0) on_board[pz->fixed[i]] = true;
  for (int32_t k = 0; k < m->xc.n_options; k++) {
    int32_t p = m->placement[k].piece;
    (*role)[k] = on_board[p] ? ROLE_FIXED
                 : pz->pieces[p].hole ? ROLE_HOLE
                 : pc_challenge_placeable(pz, p) ? ROLE_REMOVABLE
                                                 : ROLE_FREE;
  }
  free(on_board);
  return PC_OK;
}

/* The range of pieces left: the one asked for, checked against what a
   solution allows (`sol`, a solution), or the default. */
static pc_status left_range(maker *mk, const worker *w, pc_error *err)
{
  int32_t n[ROLES] = {0};
  for (int32_t i = 0; i < w->n_sol; i++) n[mk->role[w->sol[i]]]++;
  int32_t lo = n[ROLE_FREE] > 1 ? n[ROLE_FREE] : 1, hi = n[ROLE_FREE] + n[ROLE_REMOVABLE];
  mk->left_min = mk->o->left_min ? mk->o->left_min : lo;
  mk->left_max = mk->o->left_max ? mk->o->left_max : hi;
  if (!mk->o->left_min && !mk->o->minimal) {
    mk->left_min = lo > hi / 4 ? lo : hi / 4;
    mk->left_max = lo > hi * 2 / 3 ? lo : hi * 2 / 3;
  }
  char asked[64];
  if (mk->left_min == mk->left_max) snprintf(asked, sizeof asked, "%d", (int)mk->left_min);
  else snprintf(asked, sizeof asked, "%d..%d", (int)mk->left_min, (int)mk->left_max);
  if (mk->left_max > hi)
    return pc_error_set(err, PC_ERR_INPUT, 0, 0,
                        "--left %s: the puzzle has only %d piece%s to place", asked, (int)hi,
                        hi == 1 ? "" : "s");
  if (mk->left_min < lo)
    return pc_error_set(err, PC_ERR_INPUT, 0, 0,
                        "--left %s: %d piece%s cannot be pre-placed (a name longer than one "
                        "character, or copies), so at least %d %s left",
                        asked, (int)n[ROLE_FREE], n[ROLE_FREE] == 1 ? "" : "s", (int)lo,
                        lo == 1 ? "is" : "are");
  return PC_OK;
}

/* Whether some piece can be pre-placed at all (before any search). */
static pc_status check_placeable(const maker *mk, pc_error *err)
{
  for (int32_t k = 0; k < mk->m->xc.n_options; k++)
    if (mk->role[k] == ROLE_REMOVABLE) return PC_OK;
  return pc_error_set(err, PC_ERR_INPUT, 0, 0,
                      "no piece can be pre-placed: the board art shows a pre-placed piece by "
                      "its one-character name, and it must have one copy");
}

/* A first solution, which tells whether there is any and how many pieces
   one has. */
static pc_status first_check(maker *mk, worker *w, pc_error *err)
{
  pc_status s = check_placeable(mk, err);
  if (s) return s;
  uint64_t rng = challenge_seed(mk->o->seed, -1, 0);
  s = random_solution(w, &rng, err);
  if (s) return s;
  if (!w->n_sol)
    return pc_error_set(err, PC_ERR_INPUT, 0, 0,
                        "the puzzle has no solution, so no challenge can be made of it");
  return left_range(mk, w, err);
}

static pc_status alloc_results(maker *mk, pc_challenge_set *set, pc_error *err)
{
  int32_t n = mk->count, per = mk->m->xc.n_primary + 1;
  set->items = pc_calloc_array((size_t)n, sizeof *set->items);
  mk->status = pc_calloc_array((size_t)n, sizeof *mk->status);
  mk->errors = pc_calloc_array((size_t)n, sizeof *mk->errors);
  if (!set->items || !mk->status || !mk->errors)
    return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  set->n = n;
  for (int32_t i = 0; i < n; i++)
    if (!(set->items[i].solution = pc_alloc_array((size_t)per, sizeof(int32_t))))
      return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  mk->items = set->items;
  return PC_OK;
}

/* How many challenges: o->count, or with from_all as many as there are
   solutions up to symmetry (o->count of them at most, unless 0). */
static pc_status count_challenges(maker *mk, pc_error *err)
{
  mk->count = mk->o->count;
  if (!mk->o->from_all) return PC_OK;
  pc_status s = pc_sources_find(mk->pz, mk->g, mk->m, mk->o->count, &mk->sources, err);
  mk->count = mk->sources.n;
  return s;
}

/* The challenges, from the first solution to their ratings. */
static pc_status make_set(maker *mk, worker *main, pc_challenge_set *set, pc_error *err)
{
  pc_status s = first_check(mk, main, err);
  if (!s) s = count_challenges(mk, err);
  if (s) return s;
  set->left_min = mk->left_min;
  set->left_max = mk->left_max;
  s = alloc_results(mk, set, err);
  if (!s) s = make_all(mk, main, err);
  if (!s) s = drop_repeats(mk, main, err);
  if (!s) rate(set);
  return s;
}

pc_status pc_challenge_make(const pc_puzzle *pz, const pc_challenge_opts *o,
                            pc_challenge_set *set, pc_error *err)
{
  memset(set, 0, sizeof *set);
  if (o->count < !o->from_all || o->left_min < 0 || o->left_max < o->left_min ||
      o->levels < 0 || (!o->left_min != !o->left_max))
    return pc_error_set(err, PC_ERR_INPUT, 0, 0,
                        "challenges need a count of at least 1 and a range of pieces left "
                        "from 1 up (or none)");
  set->pz = pz;
  set->levels = o->levels > 0 ? o->levels : PC_CHALLENGE_LEVELS;
  pc_symmetry g = {0};
  maker mk = {.pz = pz, .m = &set->matrix, .g = &g, .o = o};
  worker main = {0};
  pc_status s = pc_matrix_build(pz, &set->matrix, err);
  if (s) return s;
  if ((s = pc_symmetry_find(pz, &g))) {
    s = pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
    goto done;
  }
  s = assign_roles(pz, &set->matrix, &mk.role, err);
  if (!s) s = worker_init(&main, &mk, err);
  if (!s) s = make_set(&mk, &main, set, err);
done:
  if (main.mk) worker_free(&main);
  free(mk.role);
  free(mk.status);
  free(mk.errors);
  pc_sources_free(&mk.sources);
  pc_symmetry_free(&g);
  if (s) pc_challenge_set_free(set);
  return s;
}

void pc_challenge_set_free(pc_challenge_set *set)
{
  for (int32_t i = 0; i < set->n; i++) free(set->items[i].solution);
  free(set->items);
  pc_matrix_free(&set->matrix);
  memset(set, 0, sizeof *set);
}

pc_status pc_challenge_puzzle(const pc_challenge_set *set, int32_t i, pc_puzzle *out,
                              pc_error *err)
{
  const pc_puzzle *pz = set->pz;
  const pc_challenge *ch = &set->items[i];
  *out = *pz;
  out->fixed = pc_alloc_array((size_t)pz->n_cells, sizeof *out->fixed);
  if (!out->fixed) return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  pc_tiling t;
  if (pc_tiling_init(&t, pz->n_cells)) {
    free(out->fixed);
    return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  }
  pc_tiling_from_options(&t, &set->matrix, ch->solution, ch->n_given);
  memcpy(out->fixed, t.piece, (size_t)pz->n_cells * sizeof *out->fixed);
  pc_tiling_free(&t);
  return PC_OK;
}

void pc_challenge_tiling(const pc_challenge_set *set, int32_t i, pc_tiling *t)
{
  const pc_challenge *ch = &set->items[i];
  pc_tiling_from_options(t, &set->matrix, ch->solution, ch->n_solution);
}
