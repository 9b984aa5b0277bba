/* count_progress.c — the progress line of a count by the frontier. */
#include "cli/count_progress.h"

#include <string.h>

#include "core/clock.h"

/* The line is drawn at most this often (seconds), and not before: a
   count of a second shows none. */
#define DRAW_EVERY 0.5

static const char *const pass_names[] = {"step", "forward step", "backward step"};

void pc_count_progress_clear(pc_count_progress *p)
{
  if (!p->drawn) return;
  fprintf(p->out, "\r%*s\r", p->drawn, "");
  fflush(p->out);
  p->drawn = 0;
}

static void draw_line(void *ctx, const pc_frontier_at *a)
{
  pc_count_progress *p = ctx;
  double now = pc_now();
  if (now - p->shown < DRAW_EVERY) return;
  p->shown = now;
  char clock[32], parts[96] = "";
  pc_clock_text(clock, sizeof clock, now - p->t0);
  if (p->parts)
    snprintf(parts, sizeof parts, "; %llu %s counted, %llu solutions",
             (unsigned long long)p->parts, p->parts == 1 ? "part" : "parts",
             (unsigned long long)p->solutions);
  int n = fprintf(p->out, "\r[%s %s] %s %d/%d: %.0f%% of %llu states%s",
                  a->pass == PC_FRONTIER_WHOLE ? "frontier" : "meet", clock, pass_names[a->pass],
                  (int)a->step + 1, (int)a->steps, 100 * a->read, (unsigned long long)a->states,
                  parts);
  if (n > 0 && n - 1 < p->drawn) fprintf(p->out, "%*s", p->drawn - (n - 1), "");
  if (n > 0 && n - 1 > p->drawn) p->drawn = n - 1;
  fflush(p->out);
}

/* The names of the pieces of `set` (bit i: piece i), each after a
   space, or " none". */
static void names(char *text, size_t size, const pc_puzzle *pz, uint64_t set)
{
  snprintf(text, size, "%s", set ? "" : " none");
  for (int32_t i = 0; i < 64 && i < pz->n_pieces; i++)
    if (set >> i & 1) {
      size_t used = strlen(text);
      snprintf(text + used, size - used, " %s", pz->pieces[i].name);
    }
}

/* "before the cut: F; after it: none" */
static void sides(char *text, size_t size, const pc_puzzle *pz, uint64_t left, uint64_t right)
{
  char before[256], after[256];
  names(before, sizeof before, pz, left);
  names(after, sizeof after, pz, right);
  snprintf(text, size, "before the cut:%s; after it:%s", before, after);
}

/* A part counted: tallied, and with part_lines said on its own line
   where it is one of several. */
static void counted(void *ctx, uint64_t left, uint64_t right, const pc_frontier_stats *part)
{
  pc_count_progress *p = ctx;
  p->parts++;
  p->solutions += part->solutions;
  double now = pc_now();
  if (p->part_lines && (left | right)) {
    char part_sides[600];
    sides(part_sides, sizeof part_sides, p->pz, left, right);
    pc_count_progress_clear(p);
    fprintf(p->out, "part %llu (%s): %llu solutions, %llu states, %.2f s\n",
            (unsigned long long)p->parts, part_sides, (unsigned long long)part->solutions,
            (unsigned long long)part->states, now - p->since);
    fflush(p->out);
  }
  p->since = now;
}

/* A part that outgrew a step's bound: said, as the count starts over on
   its halves. */
static void halved_line(void *ctx, uint64_t left, uint64_t right, uint64_t piece, uint64_t most)
{
  pc_count_progress *p = ctx;
  char part_sides[600], by[256];
  sides(part_sides, sizeof part_sides, p->pz, left, right);
  names(by, sizeof by, p->pz, piece);
  pc_count_progress_clear(p);
  fprintf(p->out, "part (%s) would hold more than %llu states in a step: counted in halves, "
          "with %s before the cut and with it after\n", part_sides, (unsigned long long)most,
          by + 1);
  fflush(p->out);
  p->since = pc_now();
}

const pc_frontier_watch *pc_count_progress_start(pc_count_progress *p, FILE *out,
                                                 const pc_puzzle *pz, bool part_lines)
{
  double now = pc_now();
  *p = (pc_count_progress){.out = out, .pz = pz, .part_lines = part_lines, .t0 = now,
                           .shown = now, .since = now};
  p->watch = (pc_frontier_watch){.at = draw_line, .counted = counted, .halved = halved_line,
                                 .ctx = p};
  return out ? &p->watch : NULL;
}
