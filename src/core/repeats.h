/* repeats.h — the first repeat in a list, found by sorting, so that a
   list of thousands (piece names, piece shapes) is not compared pair by
   pair. */
#ifndef PC_REPEATS_H
#define PC_REPEATS_H

#include <stddef.h>
#include <stdint.h>

/* Sorts the n elements of base (each `size` bytes) by cmp, which orders
   them by their key alone, and finds the repeat that comes first: the
   element whose key an element of smaller index has, of all such the one
   of least index (index gives an element's), into *second, and the least
   index of its key into *first; both -1 when no key repeats. */
void pc_first_repeat(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *),
                     int32_t (*index)(const void *), int32_t *first, int32_t *second);

#endif
