/* bitdlx_sliced.h — private to bitdlx.c: the items' counts kept bit-sliced,
   for plain problems of at most 128 primary items (the common boards).

   A level holds the uncovered items as one 128-bit mask and the counts as
   planes: bit y of plane p is bit p of item y's count. Taking an option
   gathers the options it kills, sums their item masks column by column in
   a small bit-sliced counter (five planes, emptied into the counts every
   PC_BITDLX_SUM_GROUP options) and subtracts that from the counts: a
   handful of 128-bit operations per killed option, where keys take one decrement in memory
   per item of it, and those of options that die one after the other (the
   same piece's) wait on each other. The item of least count, the first on
   a tie (Knuth's rule), is found plane by plane from the top; the tree is
   the keys' tree node for node. */
#ifndef PC_BITDLX_SLICED_H
#define PC_BITDLX_SLICED_H

#include "core/bitdlx_state.h"

#define PC_BITDLX_SLICED_ITEMS 128
/* Dying options summed before the five-plane counter (at most 31) is
   emptied into the counts: a multiple of the four summed at a time. */
#define PC_BITDLX_SUM_GROUP 28

static inline pc_bitdlx_v2 *pc_bitdlx_sliced_at(const pc_bitdlx *b, int32_t l)
{
  return b->sliced + (size_t)l * (size_t)(b->planes + 1);
}

static inline bool pc_bitdlx_v2_any(pc_bitdlx_v2 x) { return (x[0] | x[1]) != 0; }

/* to = from - sum, the counts in `planes` planes, sum in five (counts
   never go below zero: each killed option was counted once). Every
   plane is written: to is another level's (or from itself). */
static inline __attribute__((always_inline)) void
pc_bitdlx_sliced_subtract(pc_bitdlx_v2 *to, const pc_bitdlx_v2 *from, int32_t planes,
                          const pc_bitdlx_v2 sum[5])
{
  pc_bitdlx_v2 borrow = {0, 0};
  int32_t p = 0;
  for (; p < 5 && p < planes; p++) {
    pc_bitdlx_v2 x = from[p], y = sum[p];
    to[p] = x ^ y ^ borrow;
    borrow = (~x & (y | borrow)) | (y & borrow);
  }
  for (; p < planes; p++) {
    pc_bitdlx_v2 x = from[p];
    to[p] = x ^ borrow;
    borrow &= ~x;
  }
}

/* The options that k kills at level l (alive there and in k's conflict
   row) listed in b->dying, their number returned. Each level keeps which
   of its words have an option alive (b->summary): deep in the search most
   are empty, and only the words that both the level and the row have are
   visited. Each such word gives eight options at a time, so that few
   branches go one way or the other unpredictably. Level l + 1's own
   options are written apart (pc_bitdlx_sliced_settle), only where the
   search goes below it. */
static inline __attribute__((always_inline)) int32_t pc_bitdlx_sliced_kill(pc_bitdlx *b,
                                                                         int32_t k, int32_t l)
{
  const int32_t words = b->words, swords = pc_bitdlx_summary_words(b);
  const uint64_t *restrict from = pc_bitdlx_alive(b, l);
  const uint64_t *restrict mask = b->conflicts + (size_t)k * (size_t)words;
  const uint64_t *restrict row = b->row_summary + (size_t)k * (size_t)swords;
  const uint64_t *restrict was = b->summary + (size_t)l * (size_t)swords;
  int32_t *restrict out = b->dying;
  for (int32_t s = 0; s < swords; s++)
    for (uint64_t both = was[s] & row[s]; both; both &= both - 1) {
      int32_t w = s * 64 + __builtin_ctzll(both);
      uint64_t d = from[w] & mask[w];
      int32_t *next = out + __builtin_popcountll(d);
      do {
#pragma GCC unroll 8
        for (int32_t i = 0; i < 8; i++, d &= d - 1) /* past the last: any index */
          out[i] = w * 64 + __builtin_ctzll(d | 1ull << 63);
        out += 8;
      } while (d);
      out = next;
    }
  return (int32_t)(out - b->dying);
}

/* Level l + 1's options and their summary: level l's less those in the
   conflict row of the option taken there. Two thirds of the nodes of a
   pentomino search have an item left with no option and end at once;
   they never need them. */
static inline __attribute__((always_inline)) void pc_bitdlx_sliced_settle(pc_bitdlx *b,
                                                                        int32_t l)
{
  const int32_t words = b->words, swords = pc_bitdlx_summary_words(b), k = b->option[l];
  const uint64_t *restrict from = pc_bitdlx_alive(b, l);
  const uint64_t *restrict mask = b->conflicts + (size_t)k * (size_t)words;
  const uint64_t *restrict row = b->row_summary + (size_t)k * (size_t)swords;
  const uint64_t *restrict was = b->summary + (size_t)l * (size_t)swords;
  uint64_t *restrict to = pc_bitdlx_alive(b, l + 1);
  uint64_t *restrict is = b->summary + (size_t)(l + 1) * (size_t)swords;
  memcpy(to, from, (size_t)words * sizeof *to);
  for (int32_t s = 0; s < swords; s++) {
    uint64_t keep = was[s];
    for (uint64_t both = was[s] & row[s]; both; both &= both - 1) {
      int32_t w = s * 64 + __builtin_ctzll(both);
      to[w] = from[w] & ~mask[w];
      keep &= ~((uint64_t)(to[w] == 0) << (w % 64));
    }
    is[s] = keep;
  }
}

/* sum += x, sum in five planes: x rippled up from plane `from`. */
static inline __attribute__((always_inline)) void pc_bitdlx_sliced_add(pc_bitdlx_v2 sum[5],
                                                                       int32_t from,
                                                                       pc_bitdlx_v2 x)
{
  for (int32_t p = from; p < 4; p++) {
    pc_bitdlx_v2 carry = sum[p] & x;
    sum[p] ^= x;
    x = carry;
  }
  sum[4] ^= x;
}

/* *plane + a + b as *plane (the low bit) and the carry returned (the
   high): a carry-save adder, two masks in five operations. */
static inline __attribute__((always_inline)) pc_bitdlx_v2
pc_bitdlx_sliced_csa(pc_bitdlx_v2 *plane, pc_bitdlx_v2 a, pc_bitdlx_v2 b)
{
  pc_bitdlx_v2 u = *plane ^ a, carry = (*plane & a) | (u & b);
  *plane = u ^ b;
  return carry;
}

/* The item masks of the `n` dying options summed into sum (at most
   PC_BITDLX_SUM_GROUP): four at a time through carry-save adders (Harley and Seal's
   popcount), about five operations a mask where adding them one by one
   takes nine. */
static inline __attribute__((always_inline)) void
pc_bitdlx_sliced_sum(const pc_bitdlx_v2 *restrict imask, const int32_t *restrict dying, int32_t n,
                     pc_bitdlx_v2 sum[5])
{
  int32_t i = 0;
  for (; i + 4 <= n; i += 4) {
    pc_bitdlx_v2 twos = pc_bitdlx_sliced_csa(&sum[0], imask[dying[i]], imask[dying[i + 1]]);
    pc_bitdlx_v2 twos2 = pc_bitdlx_sliced_csa(&sum[0], imask[dying[i + 2]], imask[dying[i + 3]]);
    pc_bitdlx_sliced_add(sum, 2, pc_bitdlx_sliced_csa(&sum[1], twos, twos2));
  }
  for (; i < n; i++) pc_bitdlx_sliced_add(sum, 0, imask[dying[i]]);
}

/* Level l + 1's counts: level l's less the options that k kills (k
   itself included); then k's items are covered. Its options are left to
   pc_bitdlx_sliced_settle. */
static inline __attribute__((always_inline)) void pc_bitdlx_sliced_take(pc_bitdlx *b, int32_t k,
                                                                        int32_t l)
{
  int32_t n = pc_bitdlx_sliced_kill(b, k, l);
  const pc_bitdlx_v2 *from = pc_bitdlx_sliced_at(b, l);
  pc_bitdlx_v2 *c = pc_bitdlx_sliced_at(b, l + 1);
  int32_t i = 0;
  do { /* once at least: the first group writes the new level's planes */
    pc_bitdlx_v2 sum[5] = {{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}};
    int32_t group = n - i < PC_BITDLX_SUM_GROUP ? n - i : PC_BITDLX_SUM_GROUP;
    pc_bitdlx_sliced_sum(b->imask, b->dying + i, group, sum);
    pc_bitdlx_sliced_subtract(c + 1, i ? c + 1 : from + 1, b->planes, sum);
    i += PC_BITDLX_SUM_GROUP;
  } while (i < n);
  c[0] = from[0] & ~b->imask[k];
  b->option[l] = k;
}

/* Level l's branching item in *y (Knuth's rule when mrv, else the first
   uncovered one) and its count; -1 when every item is covered. */
static inline __attribute__((always_inline)) int32_t
pc_bitdlx_sliced_choose(const pc_bitdlx *b, int32_t l, bool mrv, int32_t *y)
{
  const pc_bitdlx_v2 *c = pc_bitdlx_sliced_at(b, l);
  pc_bitdlx_v2 cand = c[0];
  if (!pc_bitdlx_v2_any(cand)) return -1;
  int32_t count = 0;
  uint64_t lo = cand[0], hi = cand[1];
  if (mrv) {
    for (int32_t p = b->planes - 1; p >= 0; p--) {
      uint64_t zlo = lo & ~c[1 + p][0], zhi = hi & ~c[1 + p][1];
      bool some = (zlo | zhi) != 0;
      lo = some ? zlo : lo;
      hi = some ? zhi : hi;
      count |= (int32_t)!some << p;
    }
  }
  *y = lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll(hi);
  if (!mrv)
    for (int32_t p = 0; p < b->planes; p++)
      count |= (int32_t)(c[1 + p][*y / 64] >> (*y % 64) & 1) << p;
  return count;
}

#endif
