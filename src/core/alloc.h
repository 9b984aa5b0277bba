/* alloc.h — overflow-checked allocation helpers. */
#ifndef PC_ALLOC_H
#define PC_ALLOC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* n * size bytes, or NULL on overflow or failure. */
void *pc_alloc_array(size_t n, size_t size);
void *pc_calloc_array(size_t n, size_t size);

/* The same from a page of its own on: n * size bytes starting at a page
   boundary (4,096), freed with free(). */
void *pc_alloc_array_paged(size_t n, size_t size);

/* Makes *buf hold at least `need` elements of `size` bytes, doubling the
   capacity *cap as it goes. Returns false (leaving *buf intact) on failure. */
bool pc_grow(void **buf, int32_t *cap, int64_t need, size_t size);

#endif
