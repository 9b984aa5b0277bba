/* bitdlx_sum.h — private to bitdlx_sliced.h, which includes it once for
   each width of mask (no include guard): the counts' arithmetic on whole
   masks of type PC_SUM_MASK, each function named PC_SUM(name). A level's
   planes and the options' item masks lie a mask after another, so a mask
   of two 128-bit halves is one 256-bit vector: summed as halves, each
   dying option was read twice and each operation done twice.

   Vectors go by pointer: a 256-bit vector passed by value to a function
   compiled for processors without AVX would change its calling
   convention (all these are inlined). Included alone, without
   PC_SUM_MASK, it declares nothing. */
#ifdef PC_SUM_MASK

/* to = from - sum, the counts in `planes` planes, sum in five (counts
   never go below zero: each killed option was counted once). Every plane
   is written: to is another level's (or from itself). */
static inline __attribute__((always_inline)) void
PC_SUM(subtract)(PC_SUM_MASK *to, const PC_SUM_MASK *from, int32_t planes,
                 const PC_SUM_MASK sum[5])
{
  PC_SUM_MASK borrow = {0};
  int32_t p = 0;
  for (; p < 5 && p < planes; p++) {
    PC_SUM_MASK x = from[p], y = sum[p];
    to[p] = x ^ y ^ borrow;
    borrow = (~x & (y | borrow)) | (y & borrow);
  }
  for (; p < planes; p++) {
    PC_SUM_MASK x = from[p];
    to[p] = x ^ borrow;
    borrow &= ~x;
  }
}

/* sum += *x, sum in five planes: *x rippled up from plane `from`. */
static inline __attribute__((always_inline)) void PC_SUM(add)(PC_SUM_MASK sum[5], int32_t from,
                                                              const PC_SUM_MASK *x)
{
  PC_SUM_MASK up = *x;
  for (int32_t p = from; p < 4; p++) {
    PC_SUM_MASK carry = sum[p] & up;
    sum[p] ^= up;
    up = carry;
  }
  sum[4] ^= up;
}

/* *plane + *a + *b as *plane (the low bit) and *carry (the high): a
   carry-save adder, two masks in five operations. */
static inline __attribute__((always_inline)) void
PC_SUM(csa)(PC_SUM_MASK *plane, const PC_SUM_MASK *a, const PC_SUM_MASK *b, PC_SUM_MASK *carry)
{
  PC_SUM_MASK u = *plane ^ *a;
  *carry = (*plane & *a) | (u & *b);
  *plane = u ^ *b;
}

/* The item masks of the `n` dying options summed into sum (at most
   PC_BITDLX_SUM_GROUP): four at a time through carry-save adders (Harley
   and Seal's popcount), about five operations a mask where adding them
   one by one takes nine. */
static inline __attribute__((always_inline)) void
PC_SUM(sum)(const PC_SUM_MASK *restrict m, const uint16_t *restrict dying, int32_t n,
            PC_SUM_MASK sum[5])
{
  int32_t i = 0;
  for (; i + 4 <= n; i += 4) {
    PC_SUM_MASK twos, twos2, fours;
    PC_SUM(csa)(&sum[0], &m[dying[i]], &m[dying[i + 1]], &twos);
    PC_SUM(csa)(&sum[0], &m[dying[i + 2]], &m[dying[i + 3]], &twos2);
    PC_SUM(csa)(&sum[1], &twos, &twos2, &fours);
    PC_SUM(add)(sum, 2, &fours);
  }
  for (; i < n; i++) PC_SUM(add)(sum, 0, &m[dying[i]]);
}

/* Level l + 1's counts: level l's less the n options that k kills,
   listed in b->dying (k itself included); then k's items are covered.
   Its options are left to pc_bitdlx_sliced_settle. */
static inline __attribute__((always_inline)) void PC_SUM(count)(pc_bitdlx *b, int32_t k,
                                                                int32_t l, int32_t n)
{
  const int32_t halves = (int32_t)(sizeof(PC_SUM_MASK) / sizeof(pc_bitdlx_v2));
  const PC_SUM_MASK *from = (const PC_SUM_MASK *)pc_bitdlx_sliced_at(b, l, halves);
  const PC_SUM_MASK *m = (const PC_SUM_MASK *)b->imask;
  PC_SUM_MASK *c = (PC_SUM_MASK *)pc_bitdlx_sliced_at(b, l + 1, halves);
  int32_t i = 0;
  do { /* once at least: the first group writes the new level's planes */
    int32_t group = n - i < PC_BITDLX_SUM_GROUP ? n - i : PC_BITDLX_SUM_GROUP;
    PC_SUM_MASK sum[5]; /* zeroed a vector at a time: as an initializer, */
    for (int32_t p = 0; p < 5; p++) /* 160 bytes took a `rep stos`, slow to start */
      sum[p] = (PC_SUM_MASK){0};
    PC_SUM(sum)(m, b->dying + i, group, sum);
    PC_SUM(subtract)(c + 1, (i ? c : from) + 1, b->planes, sum);
    i += PC_BITDLX_SUM_GROUP;
  } while (i < n);
  c[0] = from[0] & ~m[k];
  b->option[l] = k;
}

#endif
