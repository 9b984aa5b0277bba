/* challenge_sources.c — every solution up to symmetry, for `challenge
   --from all` (challenge_sources.h). */
#include "run/challenge_sources.h"

#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/engines.h"

/* The search's visitor state. */
typedef struct finder {
  const pc_matrix *m;
  pc_classes classes;
  pc_tiling tiling;
  pc_sources *out;
  int32_t want, cap_length, cap_options;
  bool failed;        /* out of memory */
} finder;

/* Keeps a solution that represents its class; stops at the wanted count. */
static bool keep_representative(void *ctx, const int32_t *options, int32_t n)
{
  finder *f = ctx;
  pc_sources *out = f->out;
  int32_t size;
  pc_tiling_from_options(&f->tiling, f->m, options, n);
  if (!pc_classes_represents(&f->classes, &f->tiling, &size)) return false;
  if (!pc_grow((void **)&out->length, &f->cap_length, out->n + 1, sizeof *out->length) ||
      !pc_grow((void **)&out->options, &f->cap_options, (int64_t)(out->n + 1) * out->stride,
               sizeof *out->options)) {
    f->failed = true;
    return true;
  }
  memcpy(out->options + (size_t)out->n * (size_t)out->stride, options, (size_t)n * sizeof *options);
  out->length[out->n++] = n;
  return f->want && out->n == f->want;
}

pc_status pc_sources_find(const pc_puzzle *pz, const pc_symmetry *g, const pc_matrix *m,
                          int32_t want, pc_sources *out, pc_error *err)
{
  memset(out, 0, sizeof *out);
  out->stride = pc_xc_depth(&m->xc) + 1;
  finder f = {.m = m, .out = out, .want = want};
  void *d = NULL;
  pc_status s = pc_classes_init(&f.classes, pz, g, m, false);
  if (!s) s = pc_tiling_init(&f.tiling, pz->n_cells);
  if (!s && !(d = pc_engine_dlx.create(&pc_engine_dlx, &m->xc))) s = PC_ERR_NOMEM;
  if (!s) {
    pc_dlx_config cfg = {.choose = PC_CHOOSE_MRV, .visit = keep_representative, .ctx = &f};
    pc_dlx_stats st;
    pc_engine_dlx.search(d, &cfg, &st);
    if (f.failed) s = PC_ERR_NOMEM;
  }
  if (d) pc_engine_dlx.destroy(d);
  pc_tiling_free(&f.tiling);
  pc_classes_free(&f.classes);
  if (s) {
    pc_sources_free(out);
    return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  }
  return PC_OK;
}

void pc_sources_free(pc_sources *s)
{
  free(s->options);
  free(s->length);
  memset(s, 0, sizeof *s);
}
