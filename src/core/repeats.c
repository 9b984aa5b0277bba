/* repeats.c — the first repeat in a list, by sorting (repeats.h). */
#include "core/repeats.h"

#include <stdlib.h>

void pc_first_repeat(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *),
                     int32_t (*index)(const void *), int32_t *first, int32_t *second)
{
  *first = *second = -1;
  char *at = base;
  qsort(base, n, size, cmp);
  /* Each run of one key: its least index and the next, its first repeat
     (qsort need not keep the order of equal keys). */
  for (size_t a = 0, b; a < n; a = b) {
    int32_t least = index(at + a * size), next = -1;
    for (b = a + 1; b < n && !cmp(at + a * size, at + b * size); b++) {
      int32_t i = index(at + b * size);
      if (i < least) next = least, least = i;
      else if (next < 0 || i < next) next = i;
    }
    if (next >= 0 && (*second < 0 || next < *second)) *first = least, *second = next;
  }
}
