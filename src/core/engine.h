/* engine.h — the one interface of the search engines (dlx.h, bitdlx.h,
   bitsweep.h, run/mpi_engine.h), so that the runner and the commands can
   search with any of them; engines.h finds them by name. */
#ifndef PC_ENGINE_H
#define PC_ENGINE_H

#include <stdbool.h>
#include <stdint.h>

#include "core/dlx.h"

/* A search engine. `search` honours the whole pc_dlx_config (prefix,
   split depth, stop, limits, visitor). */
typedef struct pc_engine {
  const char *name;                 /* recorded in checkpoints */
  bool counts_updates;              /* false: its stats leave updates at 0 */
  /* One engine per thread; `self` is this pc_engine (its ctx). NULL when
     out of memory. */
  void *(*create)(const struct pc_engine *self, const pc_xc *xc);
  void (*destroy)(void *engine);
  void (*search)(void *engine, const pc_dlx_config *cfg, pc_dlx_stats *st);
  /* May be NULL (all subproblems then weigh the same in the progress):
     from within a visitor, pc_dlx_path_probability's meaning. */
  double (*path_probability)(const void *engine, int32_t n);
  /* May be NULL: after a search that did not complete, true when the
     engine could not search at all any more (a remote process was lost,
     mpi_engine.h); the runner then hands that subproblem to another
     thread and stops using this engine. */
  bool (*lost)(const void *engine);
  void *ctx;                        /* shared by the engines it creates */
  /* May be NULL (create then serves): another instance for another
     thread, sharing the tables of `engine` (which must outlive it), so
     that threads neither build them again nor keep copies. */
  void *(*share)(const void *engine);
} pc_engine;

/* An instance already made by `engine` for a problem, e.g. the one that
   auto's trial judged with (pc_engine_select_made), so that a search need
   not build its tables again. */
typedef struct pc_engine_made {
  const pc_engine *engine;
  void *instance; /* NULL: none */
  /* A small search (Knuth's estimate of bitdlx's tree under 100,000
     nodes, engines.c), as auto judges it, for its choice and for DLX or
     bitdlx named: the runner splits it into few parts. */
  bool small;
} pc_engine_made;

#endif
