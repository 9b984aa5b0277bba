/* alloc.c — overflow-checked allocation helpers. */
#include "core/alloc.h"

#include <stdlib.h>

void *pc_alloc_array(size_t n, size_t size)
{
  if (size && n > SIZE_MAX / size) return NULL;
  return malloc(n && size ? n * size : 1);
}

void *pc_alloc_array_paged(size_t n, size_t size)
{
  const size_t page = 4096;
  if (size && n > (SIZE_MAX - page) / size) return NULL;
  size_t bytes = n && size ? n * size : 1;
  return aligned_alloc(page, (bytes + page - 1) / page * page);
}

void *pc_calloc_array(size_t n, size_t size)
{
  if (size && n > SIZE_MAX / size) return NULL;
  return calloc(n ? n : 1, size ? size : 1);
}

bool pc_grow(void **buf, int32_t *cap, int64_t need, size_t size)
{
  if (need <= *cap) return true;
  if (need > INT32_MAX) return false;
  int64_t c = *cap < 16 ? 16 : *cap;
  while (c < need) c *= 2;
  if (c > INT32_MAX) c = INT32_MAX;
  if ((uint64_t)c > SIZE_MAX / size) return false;
  void *p = realloc(*buf, (size_t)c * size);
  if (!p) return false;
  *buf = p;
  *cap = (int32_t)c;
  return true;
}
