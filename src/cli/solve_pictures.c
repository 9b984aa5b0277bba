/* solve_pictures.c — choosing and drawing the pictures of a solve run. */
#include "cli/solve_pictures.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "cli/common.h"
#include "cli/paths.h"
#include "core/alloc.h"
#include "render/gallery.h"
#include "render/output.h"
#include "render/profile_plot.h"
#include "render/render.h"

pc_status pc_solve_pictures_check(pc_solve_pictures *p, pc_error *err)
{
  if (p->index && !p->render)
    return pc_usage_fail("solve", err, "--index N says which solution --render FILE draws: "
                                       "add --render FILE");
  const char *gallery_option = p->max ? "--max" : p->columns ? "--columns" : "--sort";
  if ((p->max || p->columns || p->sort) && !p->gallery)
    return pc_usage_fail("solve", err, "%s shapes the gallery: add --gallery OUT",
                         gallery_option);
  if (p->labels && !p->render && !p->gallery)
    return pc_usage_fail("solve", err,
                         "--labels writes names on pictures: add --render FILE or --gallery OUT");
  if (!p->index) p->index = 1;
  if (!p->max) p->max = 100;
  return PC_OK;
}

bool pc_solve_pictures_scored(const pc_solve_pictures *p) { return p->gallery != NULL; }

/* A picture's file: its format known and its folder able to take it. */
static pc_status check_picture(const char *path, pc_error *err)
{
  pc_format fmt;
  pc_status s = pc_format_of(path, &fmt, err);
  return s ? s : pc_check_savable(path, "the picture", err);
}

/* A gallery: a sheet as a picture; a folder's index.html, or a folder
   still to be made in one that takes it. */
static pc_status check_gallery(const char *path, pc_error *err)
{
  struct stat st;
  if (!pc_gallery_is_dir(path)) return check_picture(path, err);
  if (stat(path, &st)) return pc_check_savable(path, "the gallery", err);
  char *index = NULL;
  if (asprintf(&index, "%s/index.html", path) < 0)
    return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  pc_status s = pc_check_savable(index, "the gallery", err);
  free(index);
  return s;
}

pc_status pc_solve_pictures_start(pc_solve_pictures *p, int32_t n_cells, pc_error *err)
{
  pc_status s = PC_OK;
  if (p->render && (s = check_picture(p->render, err))) return s;
  if (p->profile_plot && (s = check_picture(p->profile_plot, err))) return s;
  if (p->gallery && (s = check_gallery(p->gallery, err))) return s;
  if (p->render && pc_tiling_init(&p->picked, n_cells)) s = PC_ERR_NOMEM;
  if (p->gallery) {
    p->shown = pc_alloc_array((size_t)p->max, sizeof *p->shown);
    p->scores = pc_alloc_array((size_t)p->max, sizeof *p->scores);
    p->numbers = pc_alloc_array((size_t)p->max, sizeof *p->numbers);
    if (!p->shown || !p->scores || !p->numbers) s = PC_ERR_NOMEM;
  }
  return s ? pc_error_set(err, s, 0, 0, "out of memory") : PC_OK;
}

/* Keeps a copy of the found solution in the gallery: while there is room,
   or (sorting) in place of the least symmetric one when it beats it. */
static void gallery_take(pc_solve_pictures *p, const pc_census *c, uint64_t number)
{
  int32_t at = p->n_shown;
  p->n_taken++;
  if (at == p->max) {
    if (!p->sort) return;
    at = 0;
    for (int32_t i = 1; i < p->n_shown; i++)
      if (pc_score_cmp(p->scores[i], p->scores[at]) < 0) at = i;
    if (pc_score_cmp(c->found_score, p->scores[at]) <= 0) return;
  } else if (pc_tiling_init(&p->shown[at], c->found.n_cells)) {
    return;
  } else {
    p->n_shown++;
  }
  pc_tiling_copy(&p->shown[at], &c->found);
  p->scores[at] = c->found_score;
  p->numbers[at] = number;
}

void pc_solve_pictures_take(pc_solve_pictures *p, const pc_census *c, uint64_t reported)
{
  if (p->render && reported == p->index) {
    pc_tiling_copy(&p->picked, &c->found);
    p->have_picked = true;
  }
  if (p->gallery) gallery_take(p, c, reported);
}

/* The gallery's order: as found, or the most symmetric first (stable). */
static void sort_shown(pc_solve_pictures *p)
{
  for (int32_t i = 1; i < p->n_shown; i++)
    for (int32_t j = i; j > 0 && pc_score_cmp(p->scores[j], p->scores[j - 1]) > 0; j--) {
      pc_tiling t = p->shown[j];
      pc_score s = p->scores[j];
      uint64_t k = p->numbers[j];
      p->shown[j] = p->shown[j - 1], p->scores[j] = p->scores[j - 1];
      p->numbers[j] = p->numbers[j - 1];
      p->shown[j - 1] = t, p->scores[j - 1] = s, p->numbers[j - 1] = k;
    }
}

static pc_status draw_gallery(pc_solve_pictures *p, const pc_puzzle *pz, const pc_census *c,
                              bool best, pc_error *err)
{
  const pc_tiling *tilings = best ? c->best_tilings : p->shown;
  int32_t n = best ? c->n_best : p->n_shown;
  if (best && n > p->max) n = p->max;
  if (!best && p->sort) sort_shown(p);
  pc_score *scores = best ? pc_alloc_array((size_t)n + 1, sizeof *scores) : NULL;
  pc_sym_count *sym =
      pc_alloc_array((size_t)c->table_side * (size_t)c->table_side + 1, sizeof *sym);
  if ((best && !scores) || !sym) {
    free(scores), free(sym);
    return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  }
  for (int32_t i = 0; i < n && best; i++) scores[i] = pc_score_tiling(c->scorer, &tilings[i]);
  int32_t n_sym = 0;
  for (int32_t h = c->table_side - 1; h >= 0; h--)
    for (int32_t v = c->table_side - 1; v >= 0; v--) {
      uint64_t k = c->table[(size_t)h * (size_t)c->table_side + (size_t)v];
      if (k) sym[n_sym++] = (pc_sym_count){h, v, k};
    }
  char summary[160];
  snprintf(summary, sizeof summary, "%llu %s, %llu essentially different%s",
           (unsigned long long)c->solutions, pc_plural(c->solutions, "solution", "solutions"),
           (unsigned long long)c->unique,
           best ? "; the maximally symmetric" : "");
  pc_gallery_note_shown(summary, sizeof summary, n, best ? (uint64_t)c->n_best : p->n_taken,
                        !best && p->sort);
  pc_gallery_page page = {.summary = summary, .sym = sym, .n_sym = n_sym,
                          .scores = best ? scores : p->scores,
                          .numbers = best ? NULL : p->numbers};
  pc_gallery_opts o = pc_gallery_defaults();
  if (p->columns > 0) o.columns = p->columns;
  o.draw.labels = p->labels;
  pc_fit_labels(&o.draw, pz);
  pc_status s = pc_render_gallery(p->gallery, pz, tilings, NULL, n, &page, &o, err);
  free(scores);
  free(sym);
  return s;
}

/* --render's picture; none to draw is bad input after a complete search
   (--index past the last), only said after one stopped early (it may
   come on --resume). */
static pc_status draw_render(const pc_solve_pictures *p, const pc_puzzle *pz,
                             const pc_census *c, bool best, bool complete, pc_error *err)
{
  pc_render_opts o = pc_render_defaults();
  o.labels = p->labels;
  pc_fit_labels(&o, pz);
  const pc_tiling *t =
      best && c->n_best ? &c->best_tilings[0] : p->have_picked && !best ? &p->picked : NULL;
  if (t) return pc_render_solution(p->render, pz, t, &o, err);
  if (complete && !c->solutions)
    return pc_error_set(err, PC_ERR_INPUT, 0, 0, "no solution to draw: the puzzle has none");
  if (complete)
    return pc_error_set(err, PC_ERR_INPUT, 0, 0, "no solution %llu to draw",
                        (unsigned long long)p->index);
  fprintf(stderr, "polycover solve: no solution %llu to draw (the search stopped early)\n",
          (unsigned long long)p->index);
  return PC_OK;
}

pc_status pc_solve_pictures_finish(pc_solve_pictures *p, const pc_puzzle *pz,
                                   const pc_census *c, bool best, const pc_dlx_stats *st,
                                   pc_error *err)
{
  /* Each picture is drawn even when one before it failed. */
  pc_status s = PC_OK;
  pc_error e = {0};
  if (p->render) s = pc_first_failure("solve", s, draw_render(p, pz, c, best, st->complete, &e),
                                      &e, err);
  e = (pc_error){0};
  if (p->gallery) s = pc_first_failure("solve", s, draw_gallery(p, pz, c, best, &e), &e, err);
  e = (pc_error){0};
  if (p->profile_plot)
    s = pc_first_failure("solve", s, pc_render_profile(p->profile_plot, st, pz->title, &e), &e,
                         err);
  return s;
}

void pc_solve_pictures_free(pc_solve_pictures *p)
{
  pc_tiling_free(&p->picked);
  for (int32_t i = 0; i < p->n_shown; i++) pc_tiling_free(&p->shown[i]);
  free(p->shown);
  free(p->scores);
  free(p->numbers);
  p->shown = NULL;
  p->scores = NULL;
  p->numbers = NULL;
  p->n_shown = 0;
  p->n_taken = 0;
}
