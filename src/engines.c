/* engines.c — DLX and the bitset engine behind the runner's interface,
   and the choice between them. */
#include "engines.h"

#include <string.h>

#include "bits.h"

static void *dlx_create(const pc_engine *self, const pc_xc *xc)
{
  (void)self;
  return pc_dlx_new(xc);
}
static void dlx_destroy(void *e) { pc_dlx_free(e); }
static void dlx_search(void *e, const pc_dlx_config *cfg, pc_dlx_stats *st)
{
  pc_dlx_search(e, cfg, st);
}
static double dlx_probability(const void *e, int32_t n) { return pc_dlx_path_probability(e, n); }

const pc_engine pc_engine_dlx = {"dlx", true, dlx_create, dlx_destroy, dlx_search, dlx_probability,
                                 NULL, NULL};

static void *bits_create(const pc_engine *self, const pc_xc *xc)
{
  (void)self;
  return pc_bits_new(xc);
}
static void bits_destroy(void *e) { pc_bits_free(e); }
static void bits_search(void *e, const pc_dlx_config *cfg, pc_dlx_stats *st)
{
  pc_bits_search(e, cfg, st);
}

/* No path probability: its subproblems weigh alike in the progress. */
const pc_engine pc_engine_bits = {"bits", false, bits_create, bits_destroy, bits_search, NULL,
                                  NULL, NULL};

const pc_engine *pc_engine_by_name(const char *name, bool *is_auto)
{
  *is_auto = !strcmp(name, "auto");
  if (!strcmp(name, "dlx")) return &pc_engine_dlx;
  if (!strcmp(name, "bits")) return &pc_engine_bits;
  return NULL;
}

const pc_engine *pc_engine_auto(const pc_xc *xc)
{
  return pc_bits_applies(xc) ? &pc_engine_bits : &pc_engine_dlx;
}
