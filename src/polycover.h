/* polycover.h — the library's one header: load a polyform puzzle, build its
   exact-cover matrix, search it on threads with an engine, count its
   solutions exactly up to symmetry, score them and draw them.

   Build: cc app.c $(pkg-config --cflags --libs polycover), and here
   #include "polycover.h" (pkg-config's -I is include/polycover, so the
   headers below resolve by their folders: core/, poly/, run/, render/).

   Why the module headers and not a facade: each of them already is a small
   interface, documented where it is declared, and the program's own
   commands are built on exactly these calls; a facade would restate their
   options and structures, lag behind them, and hide the parts (census,
   split, checkpoints) a user grows into. So this header only gathers them
   and says in which order to call them. Every call that can fail returns a
   pc_status (PC_OK is 0) and fills a pc_error (core/error.h;
   pc_error_format makes "file:line:column: message" of it).

   The sequence:
     1. pc_puzzle_load(path, &pz, &err)                       poly/puzzle.h
        A board file and the piece sets it names (looked for beside it).
     2. pc_solver_init(&sv, &pz, all, scored, best_cap, &err)  poly/solver.h
        The matrix (sv.matrix.xc is what is searched), the symmetry group,
        and the census that takes the solutions: with `all` false the
        search is reduced to one solution per class of symmetric ones.
     3. pc_engine_select(name, &sv.matrix.xc, choose, limit, &engine, &err)
                                                               core/engines.h
        "dlx", "bitdlx", "bits", or "auto", which tries both bitset
        engines on a sample and picks one (DLX when none fits); an engine
        that cannot take the problem is refused with the reason.
     4. pc_runner_run(&sv.matrix.xc, &cfg, &res, &err)         run/runner.h
        cfg: engine, choose (Knuth's MRV), threads (0: one per core),
        max_solutions and max_updates (0: none), visit (each solution, as
        option indices: hand it to pc_census_add, which alone knows the
        classes), done (after each subproblem), on_progress (how far the
        run has gone, about twice a second: pc_runner_progress), progress
        (a FILE* for the progress line), stop, checkpoint and resume.
     5. The counts: sv.census.unique (essentially different) and
        sv.census.solutions (in all); res.stats has nodes and updates.
        Scores (poly/score.h), with `scored`: sv.census.best and
        best_tilings, or pc_score_tiling(&sv.scorer, &sv.census.found)
        within visit.
     6. Pictures: pc_render_solution (render/render.h), many solutions on
        a sheet or an HTML page: pc_render_gallery (render/gallery.h);
        a solution file: poly/solfile.h.
     7. pc_runner_result_free(&res), pc_solver_free(&sv), pc_puzzle_free(&pz).

   For example, Scott's pentomino problem (tests/install/scott.c in full):

     static bool take(void *census, int64_t sub, const int32_t *options, int32_t n)
     {
       (void)sub;
       pc_census_add(census, options, n);
       return false;                          // true stops the search
     }

     pc_puzzle pz;
     pc_solver sv;
     pc_runner_result res;
     pc_error err = {0};
     if (pc_puzzle_load("boards/scott.yaml", &pz, &err)) ...
     if (pc_solver_init(&sv, &pz, false, false, 0, &err)) ...
     pc_runner_config cfg = {.choose = PC_CHOOSE_MRV, .visit = take, .ctx = &sv.census};
     if (!pc_engine_select("auto", &sv.matrix.xc, cfg.choose, NULL, &cfg.engine, &err) &&
         !pc_runner_run(&sv.matrix.xc, &cfg, &res, &err))
       printf("%llu unique, %llu in all\n", (unsigned long long)sv.census.unique,
              (unsigned long long)sv.census.solutions);     // 65 unique, 520 in all

   Any other exact-cover problem goes straight to step 4 with a pc_xc of
   its own (core/xc.h, or Knuth's DLX1 text: core/dlx1.h). */
#ifndef PC_POLYCOVER_H
#define PC_POLYCOVER_H

#include "core/bitdlx.h"
#include "core/bitsweep.h"
#include "core/dlx1.h"
#include "core/engines.h"
#include "core/error.h"
#include "core/xc.h"
#include "poly/puzzle.h"
#include "poly/score.h"
#include "poly/solfile.h"
#include "poly/solver.h"
#include "render/gallery.h"
#include "render/profile_plot.h"
#include "render/render.h"
#include "run/runner.h"

#endif
