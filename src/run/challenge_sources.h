/* challenge_sources.h — the solutions that `challenge --from all` makes
   its challenges from: the puzzle's solutions up to the board's
   symmetries, each class once (its smallest member), in the order DLX
   finds them. Internal to run/ (challenge.c). */
#ifndef PC_CHALLENGE_SOURCES_H
#define PC_CHALLENGE_SOURCES_H

#include "poly/classes.h"

typedef struct pc_sources {
  int32_t n;          /* solutions */
  int32_t stride;     /* entries per solution in `options` */
  int32_t *options;   /* solution i: options[i * stride ...], `length[i]` of them */
  int32_t *length;
} pc_sources;

/* Up to `want` solutions of m (0: all of them) into *out. */
pc_status pc_sources_find(const pc_puzzle *pz, const pc_symmetry *g, const pc_matrix *m,
                          int32_t want, pc_sources *out, pc_error *err);
void pc_sources_free(pc_sources *s);

#endif
