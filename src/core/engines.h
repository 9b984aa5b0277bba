/* engines.h — the search engines the runner (runner.h) can use, by name:
   "dlx" (algorithm DLX, dlx.h, or DLX3 where there are bounds or colors,
   dlx3.h), "bitdlx" (DLX's or DLX3's search tree on bit masks, bitdlx.h)
   and "bits" (bit masks, another tree, bitsweep.h), and the choice `auto`
   makes. */
#ifndef PC_ENGINES_H
#define PC_ENGINES_H

#include <stdatomic.h>

#include "core/engine.h"
#include "core/error.h"

extern const pc_engine pc_engine_dlx, pc_engine_bitsweep, pc_engine_bitdlx;

/* Whether `name` is "dlx", "bitdlx", "bits" or "auto". */
bool pc_engine_known(const char *name);

/* What may cut auto's trial short: a stop flag (may be NULL; a signal,
   common to the trial and the search) and a time in seconds (0: none,
   then the choice depends on the problem alone, as processes that must
   agree without talking need). Cut short, it judges on what it saw.
   And the run's threads (0: one per core): with a core to spare, the
   trial draws its sample while the estimate ends and runs its two
   engines side by side, to the same choice. */
typedef struct pc_trial_limit {
  const atomic_int *stop;
  double seconds;
  int threads;
} pc_trial_limit;

/* Seconds that bound the trial of an interactive run. */
#define PC_TRIAL_SECONDS 1.0

/* The engine named `name` for problem xc searched by rule `choose`: "dlx",
   "bitdlx", "bits", or "auto", which runs pc_engine_auto's trial within
   `limit` (may be NULL: no limit). With xc NULL only the name is looked
   up (and auto refused): e.g. the engine a job file records. PC_ERR_INPUT
   for an unknown name, bits with another rule than Knuth's, or an engine
   that cannot take the problem (bitdlx takes no colors, bits neither
   colors nor bounds; both any number of items while their tables fit,
   bitdlx.h and bitsweep.h). */
pc_status pc_engine_select(const char *name, const pc_xc *xc, pc_choose choose,
                           const pc_trial_limit *limit, const pc_engine **engine,
                           pc_error *err);

/* pc_engine_select, and the instance of the chosen engine made for xc
   while choosing (the one auto's estimate or trial judged with, or, bitdlx
   named, the one that judged whether the search is small; made->instance
   NULL when none was made, or on an error): the caller may search xc with
   it (pc_runner_config.made) and frees it with pc_engine_made_free. */
pc_status pc_engine_select_made(const char *name, const pc_xc *xc, pc_choose choose,
                                const pc_trial_limit *limit, pc_engine_made *made,
                                pc_error *err);

/* An instance of `engine` for xc: one that shares the tables of `first`
   (an instance of the same engine for xc, which must outlive it) when the
   engine can share and `first` is not NULL, else a new one; NULL when out
   of memory. For the threads of a run. */
void *pc_engine_instance(const pc_engine *engine, const void *first, const pc_xc *xc);

/* Destroys made->instance, if any (made->engine stays). */
void pc_engine_made_free(pc_engine_made *made);

/* What `auto` runs for a problem searched by rule `choose`: DLX when the
   problem has colors; bitdlx (DLX3's tree) when it has bounds and bitdlx
   fits it, else DLX; when both bitset engines fit it, bitdlx for a small
   search (Knuth's estimate of its tree, engines.c), else the one a trial
   on a small sample of its subproblems finds faster (engines.c; the same
   problem always gets the same engine: the estimate has a fixed seed and
   this trial no time limit); bitdlx when bits does not fit; DLX when
   bitdlx does not (nothing weighs bits against DLX). bits ignores the
   rule, so another rule than Knuth's gets bitdlx or DLX. */
const pc_engine *pc_engine_auto(const pc_xc *xc, pc_choose choose);

#endif
