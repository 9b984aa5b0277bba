/* bitdlx_sliced.h — private to bitdlx.c: the items' counts kept bit-sliced,
   for plain problems of at most 256 primary items (the common boards).

   A level holds the uncovered items as a mask and the counts as planes:
   bit y of plane p is bit p of item y's count. A mask is one 128-bit
   vector up to 128 primary items, two (halves) up to 256; the functions
   take their number as a constant, or work on whole masks of either
   width (bitdlx_sum.h), so that each is compiled for one and for two.
   Taking an option gathers the options it kills (with AVX-512's
   compress where the processor has it, pc_bitdlx_vector_listing), sums their
   item masks column by column in a small bit-sliced counter (five planes,
   emptied into the counts every PC_BITDLX_SUM_GROUP options) and
   subtracts that from the counts: a handful of vector operations per
   killed option, where keys take one decrement in memory per
   item of it, and those of options that die one after the other (the
   same piece's) wait on each other. The item of least count, the first
   on a tie (Knuth's rule), is found plane by plane from the top; the tree
   is the keys' tree node for node. */
#ifndef PC_BITDLX_SLICED_H
#define PC_BITDLX_SLICED_H

#include "core/bitdlx_state.h"
#include "core/hot.h"

#ifdef PC_HOT_VECTOR
#include <immintrin.h>
#endif

#define PC_BITDLX_SLICED_ITEMS 256
/* Dying options summed before the five-plane counter (at most 31) is
   emptied into the counts: a multiple of the four summed at a time. */
#define PC_BITDLX_SUM_GROUP 28

/* Level l's mask of uncovered items, then its planes, each `halves`
   vectors. */
static inline pc_bitdlx_v2 *pc_bitdlx_sliced_at(const pc_bitdlx *b, int32_t l, int32_t halves)
{
  return b->sliced + (size_t)l * (size_t)(b->planes + 1) * (size_t)halves;
}

/* What taking option k at level l reads: the level's options and the
   summary of their words, k's conflict row and its summary. */
typedef struct pc_bitdlx_rows {
  const uint64_t *restrict from, *restrict mask, *restrict was, *restrict row;
  int32_t swords;
} pc_bitdlx_rows;

static inline __attribute__((always_inline)) pc_bitdlx_rows
pc_bitdlx_rows_of(const pc_bitdlx *b, int32_t k, int32_t l)
{
  const int32_t swords = pc_bitdlx_summary_words(b);
  return (pc_bitdlx_rows){pc_bitdlx_alive(b, l), b->conflicts + (size_t)k * (size_t)b->words,
                          b->summary + (size_t)l * (size_t)swords,
                          b->row_summary + (size_t)k * (size_t)swords, swords};
}

/* The options that k kills at level l (alive there and in k's conflict
   row) listed in b->dying, their number returned. Each level keeps which
   of its words have an option alive (b->summary): deep in the search most
   are empty, and only the words that both the level and the row have are
   visited. Each such word gives four options at a time, so that few
   branches go one way or the other unpredictably. Level l + 1's own
   options are written apart (pc_bitdlx_sliced_settle), only where the
   search goes below it. */
static inline __attribute__((always_inline)) int32_t pc_bitdlx_sliced_kill(pc_bitdlx *b,
                                                                         int32_t k, int32_t l)
{
  const pc_bitdlx_rows r = pc_bitdlx_rows_of(b, k, l);
  uint16_t *restrict out = b->dying;
  for (int32_t s = 0; s < r.swords; s++)
    for (uint64_t both = r.was[s] & r.row[s]; both; both &= both - 1) {
      int32_t w = s * 64 + __builtin_ctzll(both);
      uint64_t d = r.from[w] & r.mask[w];
      uint16_t *next = out + __builtin_popcountll(d);
      do {
#pragma GCC unroll 4
        for (int32_t i = 0; i < 4; i++, d &= d - 1) /* past the last: any index */
          out[i] = (uint16_t)(w * 64 + __builtin_ctzll(d | 1ull << 63));
        out += 4;
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
  const pc_bitdlx_rows r = pc_bitdlx_rows_of(b, b->option[l], l);
  uint64_t *restrict to = pc_bitdlx_alive(b, l + 1);
  uint64_t *restrict is = b->summary + (size_t)(l + 1) * (size_t)r.swords;
  memcpy(to, r.from, (size_t)b->words * sizeof *to);
  for (int32_t s = 0; s < r.swords; s++) {
    uint64_t keep = r.was[s];
    for (uint64_t both = r.was[s] & r.row[s]; both; both &= both - 1) {
      int32_t w = s * 64 + __builtin_ctzll(both);
      to[w] = r.from[w] & ~r.mask[w];
      keep &= ~((uint64_t)(to[w] == 0) << (w % 64));
    }
    is[s] = keep;
  }
}

/* The counts' arithmetic on masks of one vector and of two
   (bitdlx_sum.h): pc_bitdlx_sliced_count_narrow and _wide, level l + 1's
   counts from level l's and the n options listed as k kills them. */
#define PC_SUM_MASK pc_bitdlx_v2
#define PC_SUM(name) pc_bitdlx_sliced_##name##_narrow
#include "core/bitdlx_sum.h"
#undef PC_SUM_MASK
#undef PC_SUM
#define PC_SUM_MASK pc_bitdlx_v4
#define PC_SUM(name) pc_bitdlx_sliced_##name##_wide
#include "core/bitdlx_sum.h"
#undef PC_SUM_MASK
#undef PC_SUM

#ifdef PC_HOT_VECTOR
/* 32 options' indices: the bytes of `at` (bits of a word) widened and
   added to the word's first option. */
static inline __attribute__((always_inline)) PC_HOT_VECTOR __m512i
pc_bitdlx_indices(__m256i at, __m512i first)
{
  return _mm512_add_epi16(first, _mm512_cvtepu8_epi16(at));
}

/* pc_bitdlx_sliced_kill with AVX-512's compress: the set bits of each
   word of dying options gathered as bytes by one compress, written as
   32 indices, and 32 more only where the word has more (b->dying has
   room for 32 past the last). bitdlx spends most of its time listing
   them (docs/speed.md). */
static inline __attribute__((always_inline)) PC_HOT_VECTOR int32_t
pc_bitdlx_sliced_kill_vector(pc_bitdlx *b, int32_t k, int32_t l)
{
  const pc_bitdlx_rows r = pc_bitdlx_rows_of(b, k, l);
  uint16_t *restrict out = b->dying;
  const __m512i bits = _mm512_set_epi8(63, 62, 61, 60, 59, 58, 57, 56, 55, 54, 53, 52, 51, 50,
                                       49, 48, 47, 46, 45, 44, 43, 42, 41, 40, 39, 38, 37, 36,
                                       35, 34, 33, 32, 31, 30, 29, 28, 27, 26, 25, 24, 23, 22,
                                       21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7,
                                       6, 5, 4, 3, 2, 1, 0);
  for (int32_t s = 0; s < r.swords; s++)
    for (uint64_t both = r.was[s] & r.row[s]; both; both &= both - 1) {
      int32_t w = s * 64 + __builtin_ctzll(both);
      uint64_t d = r.from[w] & r.mask[w];
      __m512i first = _mm512_set1_epi16((short)(w * 64));
      __m512i at = _mm512_maskz_compress_epi8(d, bits);
      int32_t n = __builtin_popcountll(d);
      _mm512_storeu_si512(out, pc_bitdlx_indices(_mm512_castsi512_si256(at), first));
      if (n > 32)
        _mm512_storeu_si512(out + 32, pc_bitdlx_indices(_mm512_extracti64x4_epi64(at, 1), first));
      out += n;
    }
  return (int32_t)(out - b->dying);
}
#endif

/* Word j of a level's plane p (p 0: the uncovered items; 1 + p: bit p
   of the counts). */
static inline __attribute__((always_inline)) uint64_t
pc_bitdlx_sliced_word(const pc_bitdlx_v2 *c, int32_t p, int32_t j, const int32_t halves)
{
  return c[p * halves + j / 2][j % 2];
}

/* Level l's branching item in *y (Knuth's rule when mrv, else the first
   uncovered one) and its count; -1 when every item is covered. The
   candidates, narrowed plane by plane from the top, stay in vectors:
   kept as words in memory, every plane was stores and loads. */
static inline __attribute__((always_inline)) int32_t
pc_bitdlx_sliced_choose(const pc_bitdlx *b, int32_t l, bool mrv, int32_t *y, const int32_t halves)
{
  const pc_bitdlx_v2 *c = pc_bitdlx_sliced_at(b, l, halves);
  pc_bitdlx_v2 cand[2] = {c[0], c[0]}, any = c[0]; /* cand[1] read only with two halves */
  for (int32_t h = 1; h < halves; h++) any |= cand[h] = c[h];
  if (!(any[0] | any[1])) return -1;
  int32_t count = 0;
  if (mrv) {
    for (int32_t p = b->planes - 1; p >= 0; p--) {
      pc_bitdlx_v2 z[2], some = {0, 0};
      for (int32_t h = 0; h < halves; h++) some |= z[h] = cand[h] & ~c[(1 + p) * halves + h];
      if (some[0] | some[1])
        for (int32_t h = 0; h < halves; h++) cand[h] = z[h];
      else
        count |= 1 << p;
    }
  }
  int32_t j = 0;
  while (!cand[j / 2][j % 2]) j++;
  *y = 64 * j + __builtin_ctzll(cand[j / 2][j % 2]);
  if (!mrv)
    for (int32_t p = 0; p < b->planes; p++)
      count |= (int32_t)(pc_bitdlx_sliced_word(c, 1 + p, j, halves) >> (*y % 64) & 1) << p;
  return count;
}

#endif
