/* solve_pictures.h — the pictures `polycover solve` draws as it goes: one
   solution (--render), a gallery of many (--gallery, kept in order found or
   the most symmetric ones) and the search profile (--profile-plot). It
   picks the solutions while the search runs and draws once it is over. */
#ifndef PC_SOLVE_PICTURES_H
#define PC_SOLVE_PICTURES_H

#include "poly/census.h"
#include "core/dlx.h"
#include "poly/puzzle.h"

typedef struct pc_solve_pictures {
  const char *render;        /* file for one solution, or NULL */
  uint64_t index;            /* which reported solution it draws, from 1 */
  const char *gallery;       /* sheet file or folder, or NULL */
  int32_t max, columns;      /* gallery size and layout */
  bool sort;                 /* gallery: the most symmetric first */
  bool labels;               /* each piece's name written on it */
  const char *profile_plot;  /* file for the level chart, or NULL */
  /* Picked so far. */
  pc_tiling picked;
  bool have_picked;
  pc_tiling *shown;
  pc_score *scores;
  uint64_t *numbers;         /* each shown solution's number, as reported */
  int32_t n_shown;
  uint64_t n_taken;          /* the solutions offered to the gallery */
} pc_solve_pictures;

/* The options as given (index and max 0 when not given): a usage error
   for an option of a picture not asked for (--index without --render,
   --max, --columns or --sort without --gallery, --labels with neither);
   then the defaults (index 1, max 100). */
pc_status pc_solve_pictures_check(pc_solve_pictures *p, pc_error *err);

/* Whether scores are needed (gallery captions and sorting). */
bool pc_solve_pictures_scored(const pc_solve_pictures *p);

/* Checks the file names before a long search; allocates. */
pc_status pc_solve_pictures_start(pc_solve_pictures *p, int32_t n_cells, pc_error *err);

/* Looks at the solution just reported (c->found, number `reported`). */
void pc_solve_pictures_take(pc_solve_pictures *p, const pc_census *c, uint64_t reported);

/* Draws everything asked for, each picture even when one before it
   failed (the first failure is returned, later ones said on stderr). With
   `best`, the pictures show the census's maximally symmetric solutions
   instead of those reported. PC_ERR_INPUT when a complete search has no
   solution to render (--index past the last); after one stopped early it
   is only said. */
pc_status pc_solve_pictures_finish(pc_solve_pictures *p, const pc_puzzle *pz,
                                   const pc_census *c, bool best, const pc_dlx_stats *st,
                                   pc_error *err);
void pc_solve_pictures_free(pc_solve_pictures *p);

#endif
