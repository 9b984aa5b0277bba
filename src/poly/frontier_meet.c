/* frontier_meet.c — counting by meeting in the middle (docs/counting.md):
   the programme runs forward over the cells before a cut, placing the
   pieces whose first cell lies there (they may reach past the cut), and
   backward from the last cell to the cut, placing the pieces that lie
   wholly after it; near the cut the backward pass may leave cells free
   for the forward pieces. A forward state (pieces A, cells F past the cut
   covered) meets the backward states of the other pieces that leave
   exactly F free, and the solutions are the sum of the products of their
   counts. Each pass covers half the board, and a share of the pieces
   restricts both, so the count splits into jobs of bounded memory. */
#include <stdlib.h>
#include <string.h>

#include "poly/frontier_impl.h"

/* Where the passes meet. The backward pass's key freezes at step
   `frozen`; bit j of its frame is then forward position cut + last - j,
   and bits 0 .. last are the cells the forward pass may cover. */
typedef struct fr_meet {
  const fr_plan *fw;
  int32_t cut, frozen, last;
  uint64_t left_fields;
} fr_meet;

static fr_meet meet_at(const fr_plan *fw, const pc_frontier_config *cfg)
{
  fr_meet mt = {.fw = fw, .cut = cfg->cut ? cfg->cut : fw->n / 2};
  int32_t frozen = fw->n - mt.cut - fw->window + 1;
  mt.frozen = frozen > 0 ? frozen : 0;
  mt.last = fw->n - 1 - mt.cut - mt.frozen;
  mt.left_fields = fr_piece_fields(fw, cfg->left);
  return mt;
}

/* The frame of the backward states that a forward state with cells `key`
   past the cut covered meets: the cells it leaves free, mirrored. */
static uint64_t meeting_frame(const fr_meet *mt, uint64_t key)
{
  uint64_t frame = 0;
  for (int32_t i = 0; i <= mt->last; i++)
    if (!(key >> i & 1)) frame |= UINT64_C(1) << (mt->last - i);
  return frame;
}

/* Whether a forward state has every piece its share puts before the cut. */
static bool has_left(const fr_meet *mt, uint64_t key)
{
  return (key & mt->left_fields) == mt->left_fields;
}

#define PIECES_MARK (UINT64_C(1) << 63) /* no key's bit: a prefix is there */

/* The beginnings (bits 0 .. L-1, marked by bit L) of every frame the
   forward states meet, which the backward pass's frozen steps keep to,
   each with the pieces that every forward state leaving it places (a
   backward state that places one of them meets none of those). */
static pc_status collect_prefixes(const fr_meet *mt, const fr_run *fwd, fr_table *prefixes)
{
  if (!fr_table_alloc(prefixes, 1024)) return PC_ERR_NOMEM;
  for (int t = 0; t < fwd->threads; t++)
    for (const fr_slot *s = fwd->cur[t].slot; s < fwd->cur[t].slot + fwd->cur[t].cap; s++) {
      uint64_t key = s->key;
      if (key == FR_EMPTY || !has_left(mt, key)) continue;
      uint64_t frame = meeting_frame(mt, key);
      /* longest first: a shorter prefix's pieces are a part of a longer
         one's. A piece's field is one bit here (the method refuses
         copies other than any, whose fields are empty). */
      uint64_t used = (key & mt->fw->pieces_mask) | PIECES_MARK;
      for (int32_t len = mt->last + 1; len >= 1; len--) {
        uint64_t marked = (frame & ((UINT64_C(1) << len) - 1)) | (UINT64_C(1) << len);
        if (fr_table_room(prefixes)) return PC_ERR_NOMEM;
        if (!fr_table_and(prefixes, marked, used)) break;
      }
    }
  return PC_OK;
}

/* The sum over the forward states of their count times that of the
   backward state they meet; false on an overflow. */
static bool join(const fr_meet *mt, const fr_run *fwd, const fr_run *bwd, uint64_t *solutions)
{
  const fr_plan *fw = mt->fw;
  for (int t = 0; t < fwd->threads; t++)
    for (const fr_slot *s = fwd->cur[t].slot; s < fwd->cur[t].slot + fwd->cur[t].cap; s++) {
      uint64_t key = s->key;
      if (key == FR_EMPTY || !has_left(mt, key)) continue;
      uint64_t want = meeting_frame(mt, key) | (fw->pieces_full ^ (key & fw->pieces_mask));
      const fr_table *other = &bwd->cur[fr_owner(fr_mix(want), bwd->threads)];
      uint64_t ways = fr_table_get(other, want), product;
      if (__builtin_mul_overflow(ways, s->count, &product) ||
          __builtin_add_overflow(*solutions, product, solutions))
        return false;
    }
  return true;
}

static uint64_t tables_bytes(const fr_run *r)
{
  uint64_t bytes = 0;
  for (int t = 0; t < r->threads; t++) bytes += r->cur[t].cap * sizeof(fr_slot);
  return bytes;
}

/* Both passes' figures as one count's. */
static void add_stats(pc_frontier_stats *st, const pc_frontier_stats *fs,
                      const pc_frontier_stats *bs, uint64_t kept_bytes)
{
  st->states = fs->states + bs->states;
  st->peak_states = fs->peak_states > bs->peak_states ? fs->peak_states : bs->peak_states;
  uint64_t during = bs->peak_bytes + kept_bytes;
  st->peak_bytes = fs->peak_bytes > during ? fs->peak_bytes : during;
  st->stopped = fs->stopped || bs->stopped;
  st->interrupted = fs->interrupted || bs->interrupted;
}

/* Whether a pass ended as a step held more than most_at_once states. */
static bool too_big(uint64_t most_at_once, const pc_frontier_stats *pass)
{
  return most_at_once && pass->peak_states > most_at_once;
}

/* The backward pass, given the forward one's prefixes, within what the
   forward pass left of the budget of states; then the join. */
static pc_status backward_and_join(const pc_puzzle *pz, const pc_matrix *m, const fr_meet *mt,
                                   const pc_frontier_config *cfg, fr_run *fwd,
                                   const fr_table *prefixes, pc_frontier_stats *bs,
                                   pc_frontier_stats *st, bool *overflow)
{
  pc_frontier_config rest = *cfg;
  if (cfg->max_states)
    rest.max_states = cfg->max_states > st->states ? cfg->max_states - st->states : 1;
  fr_plan bw;
  const char *why;
  pc_status s = fr_plan_build(pz, m, mt->cut, &bw, &why);
  if (s) return s;
  fr_run *bwd = fr_run_new(&bw, &rest);
  if (!bwd) s = PC_ERR_NOMEM;
  if (!s) {
    bwd->pass = PC_FRONTIER_BACKWARD;
    bwd->cut = -1; /* every step after the cut: the share's left pieces are banned */
    bwd->end = bwd->due = bw.n - mt->cut;
    bwd->due_fields = fr_piece_fields(&bw, cfg->right);
    bwd->frozen = mt->frozen;
    bwd->prefixes = prefixes;
    bwd->most_at_once = fwd->most_at_once;
    s = fr_run_steps(bwd, bs, overflow);
  }
  if (!s && !*overflow && !bs->stopped && !too_big(bwd->most_at_once, bs) &&
      !join(mt, fwd, bwd, &st->solutions))
    *overflow = true;
  fr_run_free(bwd);
  fr_plan_free(&bw);
  return s;
}

pc_status fr_meet_count(const pc_puzzle *pz, const pc_matrix *m, const fr_plan *fw,
                        const pc_frontier_config *cfg, uint64_t most_at_once,
                        pc_frontier_stats *st, pc_error *err)
{
  fr_meet mt = meet_at(fw, cfg);
  pc_frontier_config share = *cfg;
  share.cut = mt.cut;
  fr_run *fwd = fr_run_new(fw, &share);
  if (!fwd) return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  fwd->pass = PC_FRONTIER_FORWARD;
  fwd->end = mt.cut;
  fwd->most_at_once = most_at_once;
  pc_frontier_stats fs = {0}, bs = {0};
  bool overflow = false;
  fr_table prefixes = {0};
  pc_status s = fr_run_steps(fwd, &fs, &overflow);
  for (int t = 0; t < fwd->threads; t++) fr_table_free(&fwd->next[t]);
  bool on = !s && !overflow && !fs.stopped && !too_big(most_at_once, &fs);
  if (on) s = collect_prefixes(&mt, fwd, &prefixes);
  st->states = fs.states;
  if (on && !s)
    s = backward_and_join(pz, m, &mt, &share, fwd, &prefixes, &bs, st, &overflow);
  add_stats(st, &fs, &bs, tables_bytes(fwd) + prefixes.cap * sizeof(fr_slot));
  fr_table_free(&prefixes);
  fr_run_free(fwd);
  if (s == PC_ERR_NOMEM) return pc_error_set(err, s, 0, 0, "out of memory");
  if (overflow) return pc_error_set(err, PC_ERR_INPUT, 0, 0, "a count exceeds 64 bits");
  return s;
}

/* The first `most` single pieces among the first 64, as a mask. */
static uint64_t single_pieces(const pc_puzzle *pz, int32_t most)
{
  uint64_t pieces = 0;
  for (int32_t i = 0, found = 0; i < pz->n_pieces && i < 64 && found < most; i++)
    if (pc_piece_exactly_once(&pz->pieces[i])) {
      pieces |= UINT64_C(1) << i;
      found++;
    }
  return pieces;
}

/* The first `split` single pieces, as a mask; 0 when there are fewer. */
static uint64_t split_pieces(const pc_puzzle *pz, int32_t split)
{
  uint64_t pieces = single_pieces(pz, split);
  return __builtin_popcountll(pieces) == split ? pieces : 0;
}

bool pc_frontier_share(const pc_puzzle *pz, int32_t split, uint64_t x, pc_frontier_config *cfg)
{
  if (split < 1 || split > PC_FRONTIER_MAX_SPLIT || x >> split) return false;
  uint64_t pieces = split_pieces(pz, split);
  if (!pieces) return false;
  cfg->left = 0;
  for (int32_t i = 0; i < 64 && x; i++)
    if (pieces >> i & 1) {
      if (x & 1) cfg->left |= UINT64_C(1) << i;
      x >>= 1;
    }
  cfg->right = pieces ^ cfg->left;
  return true;
}

/* One share's figures added to the whole's; false on an overflow. */
static bool add_share(pc_frontier_stats *st, const pc_frontier_stats *one)
{
  st->states += one->states;
  if (one->peak_states > st->peak_states) st->peak_states = one->peak_states;
  if (one->peak_bytes > st->peak_bytes) st->peak_bytes = one->peak_bytes;
  st->stopped = st->stopped || one->stopped;
  st->interrupted = st->interrupted || one->interrupted;
  return !__builtin_add_overflow(st->solutions, one->solutions, &st->solutions);
}

/* The most states a step of a share's pass may hold by default: 2^27,
   whose tables take 4 GiB each (cur and next), so that two jobs of one
   thread fit in 24 GiB. */
#define FR_SHARE_MOST_AT_ONCE (UINT64_C(1) << 27)

/* A share, or when one of its passes would hold more than `most`
   states in a step, the sum of its two halves by the side of its first
   free single piece (`free_`: those the share leaves free), and so on
   down: the forward pass of a share that puts most of its pieces before
   the cut, free to place the others there too, can outgrow the memory
   (docs/counting.md). A share with no piece left free is bounded by what
   the memory holds, and fails past it. The states of a pass cut short
   are counted in st, and cfg's budget of states is for them all. */
static pc_status count_share(const pc_puzzle *pz, const pc_matrix *m, const fr_plan *fw,
                             const pc_frontier_config *cfg, uint64_t free_, uint64_t most,
                             pc_frontier_stats *st, pc_error *err)
{
  if (!free_) most = fr_memory_states();
  pc_frontier_config rest = *cfg;
  if (cfg->max_states && st->states >= cfg->max_states) {
    st->stopped = true; /* the budget is spent */
    return PC_OK;
  }
  if (cfg->max_states) rest.max_states = cfg->max_states - st->states;
  pc_frontier_stats one = {0};
  pc_status s = fr_meet_count(pz, m, fw, &rest, most, &one, err);
  if (!s && !add_share(st, &one))
    s = pc_error_set(err, PC_ERR_INPUT, 0, 0, "a count exceeds 64 bits");
  const pc_frontier_watch *watch = cfg->watch;
  if (!s && !one.stopped && !too_big(most, &one) && watch && watch->counted)
    watch->counted(watch->ctx, cfg->left, cfg->right, &one);
  if (s || !too_big(most, &one) || st->stopped) return s;
  if (!free_)
    return fr_too_big_error(most, true,
                            "split into more shares (--meet-split, --split-only) it takes less",
                            err);
  uint64_t piece = free_ & -free_;
  if (watch && watch->halved) watch->halved(watch->ctx, cfg->left, cfg->right, piece, most);
  for (int side = 0; side < 2 && !s && !st->stopped; side++) {
    pc_frontier_config half = *cfg;
    *(side ? &half.right : &half.left) |= piece;
    s = count_share(pz, m, fw, &half, free_ ^ piece, most, st, err);
  }
  return s;
}

pc_status pc_frontier_split_check(const pc_puzzle *pz, int32_t split, pc_error *err)
{
  pc_frontier_config share;
  if (pc_frontier_share(pz, split, 0, &share)) return PC_OK;
  int most = __builtin_popcountll(single_pieces(pz, PC_FRONTIER_MAX_SPLIT));
  if (!most)
    return pc_error_set(err, PC_ERR_INPUT, 0, 0,
                        "a count met in the middle splits by single pieces (each placed "
                        "once), and this puzzle has none");
  return pc_error_set(err, PC_ERR_INPUT, 0, 0,
                      "a count met in the middle splits by 1 to %d of this puzzle's single "
                      "pieces (each placed once), not %d",
                      most, (int)split);
}

/* Shares ids[0 .. n) (NULL: 0 .. n - 1) of cfg->split, one after the other. */
static pc_status count_shares(const pc_puzzle *pz, const pc_matrix *m, const fr_plan *fw,
                              const pc_frontier_config *cfg, const int64_t *ids, int64_t n,
                              const pc_frontier_progress *progress, pc_frontier_stats *st,
                              pc_error *err)
{
  pc_frontier_config share = *cfg;
  pc_status s = pc_frontier_split_check(pz, cfg->split, err);
  if (s) return s;
  uint64_t singles = single_pieces(pz, 64);
  uint64_t most = cfg->most_at_once ? cfg->most_at_once : FR_SHARE_MOST_AT_ONCE;
  for (int64_t k = 0; k < n && !s && !st->stopped; k++) {
    uint64_t x = ids ? (uint64_t)ids[k] : (uint64_t)k;
    if (!pc_frontier_share(pz, cfg->split, x, &share))
      return pc_error_set(err, PC_ERR_INPUT, 0, 0, "a split by %d pieces has no share %llu",
                          (int)cfg->split, (unsigned long long)x);
    pc_frontier_stats one = {0};
    s = count_share(pz, m, fw, &share, singles & ~(share.left | share.right), most, &one, err);
    if (!s && !add_share(st, &one))
      s = pc_error_set(err, PC_ERR_INPUT, 0, 0, "a count exceeds 64 bits");
    if (!s && progress && !one.stopped) s = progress->share_done(progress->ctx, x, &one, err);
  }
  return s;
}

pc_status fr_meet_split(const pc_puzzle *pz, const pc_matrix *m, const fr_plan *fw,
                        const pc_frontier_config *cfg, pc_frontier_stats *st, pc_error *err)
{
  bool fits = cfg->split >= 1 && cfg->split <= PC_FRONTIER_MAX_SPLIT;
  int64_t n = fits ? INT64_C(1) << cfg->split : 0; /* count_shares says why not */
  return count_shares(pz, m, fw, cfg, NULL, n, NULL, st, err);
}

pc_status fr_meet_in_halves(const pc_puzzle *pz, const pc_matrix *m, const fr_plan *fw,
                            const pc_frontier_config *cfg, pc_frontier_stats *st,
                            pc_error *err)
{
  uint64_t free_ = single_pieces(pz, 64) & ~(cfg->left | cfg->right);
  uint64_t most = cfg->most_at_once ? cfg->most_at_once : fr_memory_states();
  return count_share(pz, m, fw, cfg, free_, most, st, err);
}

pc_status pc_frontier_count_shares(const pc_puzzle *pz, const pc_matrix *m,
                                   const pc_frontier_config *cfg, const int64_t *ids, int64_t n,
                                   const pc_frontier_progress *progress,
                                   pc_frontier_stats *st, pc_error *err)
{
  fr_plan fw;
  pc_status s = fr_plan_for_count(pz, m, &fw, st, err);
  if (s) return s;
  s = count_shares(pz, m, &fw, cfg, ids, n, progress, st, err);
  fr_plan_free(&fw);
  return s;
}
