/* frontier_impl.h — private to frontier.c and frontier_meet.c: the plan of
   the programme (the order, the options by their first cell, the key's
   fields), its tables and the steps both counts run. */
#ifndef PC_FRONTIER_IMPL_H
#define PC_FRONTIER_IMPL_H

#include "poly/frontier.h"

#define FR_EMPTY UINT64_MAX
#define FR_KEY_BITS 63 /* a key never has its top bit, so FR_EMPTY is no key */

/* A placement, seen from its first cell in the order. A key holds the
   profile in bits [0, window) and then a count field per piece. */
typedef struct fr_option {
  uint64_t cells;   /* bit j: the cell j positions after the first */
  uint64_t add;     /* one more of its piece, in place */
  uint64_t field;   /* its piece's count bits */
  uint64_t cap;     /* the count must stay below this, in place */
  int32_t piece;
} fr_option;

typedef struct fr_plan {
  int32_t n;            /* cells */
  int32_t window;
  uint64_t win_mask;
  int32_t *pos;         /* per cell: its position in the order */
  int32_t *first;       /* n + 1: the options at p are opt[first[p] .. first[p + 1]) */
  fr_option *opt;
  uint64_t pieces_full; /* the piece fields when every piece is placed */
  uint64_t pieces_mask; /* every piece's field */
  int32_t *shift;       /* per piece: where its field starts */
  /* Pruning, on a full rectangle of squares: the order runs along lines
     of `stride` cells; nf[k] / nl[k] are the window bits not first / not
     last in their line when the window starts at a position k mod stride;
     every piece's size is a multiple of gcd (no pruning when 1). */
  int32_t stride;
  uint64_t gcd;
  uint64_t *nf, *nl;
} fr_plan;

/* A key and its count side by side: a probe's miss brings in both. */
typedef struct fr_slot {
  uint64_t key, count;
} fr_slot;

typedef struct fr_table {
  fr_slot *slot;
  uint64_t cap, used;   /* cap a power of 2, 2 at least */
  /* A key's first slot is the top bits of its hash times salt (odd), and
     every table has its own: a step reads one table in slot order and
     writes the next, and were their slots in one order, the keys a frozen
     step keeps would arrive there in the order of their slots and pile
     up into one run (docs/counting.md, session 20). */
  uint64_t salt;
  int shift;            /* 64 - log2(cap) */
} fr_table;

#define FR_MAX_THREADS 64
/* The puts a thread holds back to make them near each other (frontier.c). */
typedef struct fr_gather fr_gather;

/* One pass of the programme over steps [0, end) of a plan, from the
   single state 0. From step `frozen` on (meeting in the middle: the
   backward pass's last cells, which the forward pass's pieces may cover)
   the key no longer slides: step p's cell is bit p - frozen, a state may
   leave it free, and a state stays only if its bits up to that cell are
   a prefix in `prefixes` (of what the forward pass can leave) and has
   none of the pieces stored with it. */
typedef struct fr_run {
  const fr_plan *pl;
  int threads;
  int32_t p;                       /* the cell being processed */
  int32_t end, frozen;
  const fr_table *prefixes;
  uint64_t max_states;
  uint64_t most_at_once;           /* the pass ends when a step holds more (0: never);
                                      the run's creator sets it */
  const atomic_int *stop;          /* may be NULL */
  const pc_frontier_watch *watch;  /* may be NULL */
  pc_frontier_pass pass;
  int32_t cut;                     /* a share: its cut and pieces */
  uint64_t left, right;
  int32_t due;                     /* the step by which the pieces of due_fields are
                                      all placed: the cut's (forward: the left
                                      pieces), the end's (backward: the right) */
  uint64_t due_fields;
  fr_table cur[FR_MAX_THREADS], next[FR_MAX_THREADS];
  fr_gather *gather[FR_MAX_THREADS];
} fr_run;

/* The plan of matrix m: the forward order over every option (reverse_cut
   < 0), or the reversed order over the options whose cells all lie at or
   after position reverse_cut of the forward order. PC_ERR_INPUT with the
   reason in *why when the method does not apply. */
pc_status fr_plan_build(const pc_puzzle *pz, const pc_matrix *m, int32_t reverse_cut,
                        fr_plan *pl, const char **why);
void fr_plan_free(fr_plan *pl);
/* The forward plan of a count: clears *st and fills its window and steps;
   the error says why the method does not apply. */
pc_status fr_plan_for_count(const pc_puzzle *pz, const pc_matrix *m, fr_plan *pl,
                            pc_frontier_stats *st, pc_error *err);
/* The count fields of a set of single pieces (bit i: piece i). */
uint64_t fr_piece_fields(const fr_plan *pl, uint64_t pieces);

/* Inline: every state made passes through these. */
static inline uint64_t fr_mix(uint64_t k)
{
  k ^= k >> 33;
  k *= UINT64_C(0xff51afd7ed558ccd);
  k ^= k >> 33;
  return k;
}

/* The first slot tried for a key of hash h. */
static inline uint64_t fr_home(const fr_table *t, uint64_t h)
{
  return h * t->salt >> t->shift;
}

/* The slot of key in t (h: its hash), or the empty slot where it would go. */
static inline uint64_t fr_table_find(const fr_table *t, uint64_t key, uint64_t h)
{
  uint64_t mask = t->cap - 1, i = fr_home(t, h);
  while (t->slot[i].key != FR_EMPTY && t->slot[i].key != key) i = (i + 1) & mask;
  return i;
}

/* Adds count to key's entry (h: the key's hash); false on an overflow. */
static inline bool fr_table_put(fr_table *t, uint64_t key, uint64_t h, uint64_t count)
{
  fr_slot *s = &t->slot[fr_table_find(t, key, h)];
  if (s->key == key) return !__builtin_add_overflow(s->count, count, &s->count);
  *s = (fr_slot){key, count};
  t->used++;
  return true;
}

/* Key's count in t, 0 when absent. */
static inline uint64_t fr_table_get(const fr_table *t, uint64_t key)
{
  const fr_slot *s = &t->slot[fr_table_find(t, key, fr_mix(key))];
  return s->key == key ? s->count : 0;
}

/* Key's value in t ANDed with v (v when absent); false when it was there
   and did not change. */
static inline bool fr_table_and(fr_table *t, uint64_t key, uint64_t v)
{
  fr_slot *s = &t->slot[fr_table_find(t, key, fr_mix(key))];
  if (s->key != key) {
    *s = (fr_slot){key, v};
    t->used++;
    return true;
  }
  uint64_t was = s->count;
  s->count &= v;
  return s->count != was;
}

bool fr_table_alloc(fr_table *t, uint64_t cap);
void fr_table_clear(fr_table *t);
void fr_table_free(fr_table *t);
/* Doubles t, when it is three quarters full. */
pc_status fr_table_grow(fr_table *t);

/* Whether one more key would fill t past three quarters. */
static inline bool fr_table_full(const fr_table *t)
{
  return 4 * (t->used + 1) > 3 * t->cap;
}

/* Grows t when it is three quarters full. */
static inline pc_status fr_table_room(fr_table *t)
{
  return fr_table_full(t) ? fr_table_grow(t) : PC_OK;
}
/* The thread whose table holds key (h: its hash). */
int fr_owner(uint64_t h, int threads);

/* A run of the plan with cfg's threads, budget and share; end = the
   plan's cells, nothing frozen. NULL when out of memory. */
fr_run *fr_run_new(const fr_plan *pl, const pc_frontier_config *cfg);
/* Runs the steps; the states after the last are in r->cur. A step that
   outgrows most_at_once (peak_states then passes it), or that the stop
   flag interrupts (st->stopped and st->interrupted), ends the pass. */
pc_status fr_run_steps(fr_run *r, pc_frontier_stats *st, bool *overflow);
void fr_run_free(fr_run *r);

/* Meeting in the middle (frontier_meet.c): the solutions of cfg's share
   (its cut; the middle of the order when 0) by the forward pass of plan
   fw up to the cut and a backward pass from the end to it, joined. A
   pass whose step holds more than most_at_once states (0: no bound) ends
   there, and nothing is counted (peak_states says so). */
pc_status fr_meet_count(const pc_puzzle *pz, const pc_matrix *m, const fr_plan *fw,
                        const pc_frontier_config *cfg, uint64_t most_at_once,
                        pc_frontier_stats *st, pc_error *err);
/* The whole count by cfg->split's shares, each met in the middle. */
pc_status fr_meet_split(const pc_puzzle *pz, const pc_matrix *m, const fr_plan *fw,
                        const pc_frontier_config *cfg, pc_frontier_stats *st, pc_error *err);
/* cfg's count (the whole, or a share) met in the middle, in halves by the
   side of its free single pieces where a pass would hold more than cfg's
   most_at_once states in a step (0: what the memory holds). */
pc_status fr_meet_in_halves(const pc_puzzle *pz, const pc_matrix *m, const fr_plan *fw,
                            const pc_frontier_config *cfg, pc_frontier_stats *st,
                            pc_error *err);
/* The most states a step may hold in this machine's memory
   (PC_FRONTIER_STATE_BYTES each). */
uint64_t fr_memory_states(void);
/* PC_ERR_NOMEM: a step would hold more than `most` states, the bound of
   the memory here (memory) or one a caller gave; `instead` says what may
   do. */
pc_status fr_too_big_error(uint64_t most, bool memory, const char *instead, pc_error *err);

#endif
