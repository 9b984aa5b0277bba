/* test_engines.c — pc_engine_select, the one lookup of an engine by name
   (engines.h): names, the rule bits cannot follow, problems an engine
   cannot take, and auto's trial stopped by the stop flag. */
#include <criterion/criterion.h>
#include <pthread.h>
#include <string.h>

#include "core/engines.h"
#include "engine_check.h"
#include "support.h"

Test(engines, names)
{
  const pc_engine *e;
  pc_error err = {0};
  cr_expect_eq(pc_engine_select("dlx", NULL, PC_CHOOSE_MRV, NULL, &e, &err), PC_OK);
  cr_expect_eq(e, &pc_engine_dlx);
  cr_expect_eq(pc_engine_select("bitdlx", NULL, PC_CHOOSE_LEFTMOST, NULL, &e, &err), PC_OK);
  cr_expect_eq(e, &pc_engine_bitdlx);
  cr_expect_eq(pc_engine_select("bits", NULL, PC_CHOOSE_MRV, NULL, &e, &err), PC_OK);
  cr_expect_eq(e, &pc_engine_bitsweep);
  cr_expect_eq(pc_engine_select("fast", NULL, PC_CHOOSE_MRV, NULL, &e, &err), PC_ERR_INPUT);
  cr_expect(strstr(err.msg, "unknown engine 'fast'"), "%s", err.msg);
  /* auto needs the problem. */
  cr_expect_eq(pc_engine_select("auto", NULL, PC_CHOOSE_MRV, NULL, &e, &err), PC_ERR_INPUT);
  cr_expect(pc_engine_known("auto") && pc_engine_known("bits") && !pc_engine_known("fast"));
}

Test(engines, refusals)
{
  const pc_engine *e;
  pc_error err = {0};
  cr_expect_eq(pc_engine_select("bits", NULL, PC_CHOOSE_LEFTMOST, NULL, &e, &err),
               PC_ERR_INPUT);
  cr_expect(strstr(err.msg, "--leftmost is a rule of the dlx and bitdlx engines"), "%s",
            err.msg);
  /* 5,000 items: too many for bitdlx's state, not for bits, but auto
     takes DLX (engines.c: settled_engine); with 60,000 options, too many
     for bits's masks too (test_bitsweep.c). */
  pc_xc xc;
  pc_xc_with_items(&xc, 5000, 0);
  cr_expect_eq(pc_engine_select("bits", &xc, PC_CHOOSE_MRV, NULL, &e, &err), PC_OK);
  cr_expect_eq(pc_engine_select("bitdlx", &xc, PC_CHOOSE_MRV, NULL, &e, &err), PC_ERR_INPUT);
  cr_expect(strstr(err.msg, "engine bitdlx cannot take this problem: its 5000 items and 0 "
                            "options need more than the engine's 64 MiB of bits"),
            "%s", err.msg);
  cr_expect_eq(pc_engine_select("auto", &xc, PC_CHOOSE_MRV, NULL, &e, &err), PC_OK);
  cr_expect_eq(e, &pc_engine_dlx);
  pc_xc_free(&xc);
  pc_xc_with_items(&xc, 10000, 0);
  pc_error add;
  for (int32_t k = 0; k < 60000; k++)
    cr_assert_eq(pc_xc_add_option(&xc, (int32_t[]){k % 10000}, 1, &add), PC_OK);
  cr_expect_eq(pc_engine_select("bits", &xc, PC_CHOOSE_MRV, NULL, &e, &err), PC_ERR_INPUT);
  cr_expect(strstr(err.msg, "engine bits cannot take this problem: its 10000 items and 60000 "
                            "options need more than the engine's 256 MiB of bits"),
            "%s", err.msg);
  cr_expect_eq(pc_engine_select("auto", &xc, PC_CHOOSE_MRV, NULL, &e, &err), PC_OK);
  cr_expect_eq(e, &pc_engine_dlx);
  cr_expect_eq(pc_engine_select("dlx", &xc, PC_CHOOSE_MRV, NULL, &e, &err), PC_OK);
  pc_xc_free(&xc);
}

/* Kanoodle's pyramid: the untimed trial takes bitdlx (as in
   test_bitdlx.c); with the stop flag already set it sees nothing and takes
   bits at once (the search then stops as well). On one thread, and on two
   (its sample then drawn on a thread of its own while bitdlx's estimate
   ends: its first paths put the tree between EARLY_NODES and LARGE_FIRST,
   engines.c). */
Test(engines, auto_trial_and_stop)
{
  pc_puzzle pz;
  pc_solver sv;
  pc_board_solver("kanoodle-pyramid", &pz, &sv);
  const pc_engine *e;
  pc_error err = {0};
  for (int threads = 1; threads <= 2; threads++) {
    atomic_int stop;
    atomic_init(&stop, 0);
    pc_trial_limit untimed = {&stop, 0, threads};
    cr_expect_eq(pc_engine_select("auto", &sv.matrix.xc, PC_CHOOSE_MRV, &untimed, &e, &err),
                 PC_OK);
    cr_expect_eq(e, &pc_engine_bitdlx, "%d threads", threads);
    atomic_store(&stop, 1);
    cr_expect_eq(pc_engine_select("auto", &sv.matrix.xc, PC_CHOOSE_MRV, &untimed, &e, &err),
                 PC_OK);
    cr_expect_eq(e, &pc_engine_bitsweep, "%d threads", threads);
  }
  pc_solver_free(&sv);
  pc_puzzle_free(&pz);
}

/* With a core to spare the trial runs bits beside bitdlx, and must come
   to the choice one thread comes to: where bits is hopeless (its search
   stopped mid-sample), where it wins (all samples done beside), the
   tetrastick boards, the closest calls (docs/speed.md), and pent4x15 and
   y45, whose trees are split while the estimate's other paths are drawn
   (y45's then deeper: the 1,024 paths put its tree at 28 million nodes,
   the first 256 at 170,000). */
Test(engines, auto_same_choice_on_two_threads)
{
  const char *boards[] = {"kanoodle-pyramid", "tetra5x5-noY", "tetra5x5-noJ", "pent5x12",
                          "pent4x15",         "y45"};
  pc_error err = {0};
  for (size_t i = 0; i < sizeof boards / sizeof *boards; i++) {
    pc_puzzle pz;
    pc_solver sv;
    pc_board_solver(boards[i], &pz, &sv);
    const pc_engine *one, *two;
    pc_trial_limit alone = {.threads = 1}, beside = {.threads = 2};
    cr_assert_eq(pc_engine_select("auto", &sv.matrix.xc, PC_CHOOSE_MRV, &alone, &one, &err),
                 PC_OK);
    cr_assert_eq(pc_engine_select("auto", &sv.matrix.xc, PC_CHOOSE_MRV, &beside, &two, &err),
                 PC_OK);
    cr_expect_eq(one, two, "%s: %s alone, %s beside", boards[i], one->name, two->name);
    pc_solver_free(&sv);
    pc_puzzle_free(&pz);
  }
  pc_xc xc;
  pc_load_dlx1("pent6x10_xq.dlx", &xc);
  const pc_engine *e;
  cr_expect_eq(pc_engine_select("auto", &xc, PC_CHOOSE_MRV, &(pc_trial_limit){.threads = 2}, &e,
                                &err),
               PC_OK);
  cr_expect_eq(e, &pc_engine_bitsweep);
  pc_xc_free(&xc);
}

/* One whole search by `engine`'s instance, on a thread of its own. */
typedef struct searcher {
  const pc_engine *engine;
  void *instance;
  pc_dlx_stats st;
} searcher;

static void *search_whole(void *arg)
{
  searcher *s = arg;
  s->engine->search(s->instance, &(pc_dlx_config){.choose = PC_CHOOSE_MRV}, &s->st);
  return NULL;
}

/* An instance that shares another's tables searches as a fresh one, its
   state its own: the two search the whole problem at once, on two
   threads, and count alike (Knuth's 2,339 solutions of pent6x10_xq.dlx);
   the shared one is freed first, as the runner does. */
Test(engines, shared_instances_search_alone)
{
  pc_xc xc;
  pc_load_dlx1("pent6x10_xq.dlx", &xc);
  const pc_engine *const engines[] = {&pc_engine_bitdlx, &pc_engine_bitsweep};
  for (size_t i = 0; i < sizeof engines / sizeof *engines; i++) {
    const pc_engine *e = engines[i];
    cr_assert_not_null(e->share, "%s", e->name);
    searcher base = {e, e->create(e, &xc)}, shared = {e, NULL};
    cr_assert_not_null(base.instance, "%s", e->name);
    cr_assert_not_null(shared.instance = e->share(base.instance), "%s", e->name);
    pthread_t thread;
    cr_assert_eq(pthread_create(&thread, NULL, search_whole, &base), 0);
    search_whole(&shared);
    pthread_join(thread, NULL);
    cr_expect_eq(shared.st.solutions, 2339, "%s", e->name);
    cr_expect_eq(base.st.solutions, 2339, "%s", e->name);
    cr_expect_eq(shared.st.nodes, base.st.nodes, "%s", e->name);
    e->destroy(shared.instance);
    e->destroy(base.instance);
  }
  cr_expect_null(pc_engine_dlx.share, "DLX's links dance: no sharing");
  pc_xc_free(&xc);
}

/* A problem with items and no options at all (no piece fits the board):
   every engine builds it and finds no solution. */
Test(engines, no_options)
{
  pc_xc xc;
  pc_xc_with_items(&xc, 3, 0);
  const pc_engine *const engines[] = {&pc_engine_dlx, &pc_engine_bitdlx, &pc_engine_bitsweep};
  for (size_t i = 0; i < sizeof engines / sizeof *engines; i++) {
    void *e = engines[i]->create(engines[i], &xc);
    cr_assert_not_null(e, "%s", engines[i]->name);
    pc_dlx_stats st;
    engines[i]->search(e, &(pc_dlx_config){0}, &st);
    cr_expect_eq(st.solutions, 0, "%s", engines[i]->name);
    cr_expect(st.complete, "%s", engines[i]->name);
    engines[i]->destroy(e);
  }
  pc_xc_free(&xc);
}

/* Bounds: DLX and bitdlx take them, bits refuses and says why, auto takes
   bitdlx; colors: DLX alone (auto too). */
Test(engines, bounds_and_colors)
{
  const pc_engine *e;
  pc_error err = {0};
  pc_xc xc;
  pc_xc_with_items(&xc, 3, 1);
  cr_assert_eq(pc_xc_set_bounds(&xc, 0, 0, 2, &err), PC_OK);
  cr_expect_eq(pc_engine_select("bits", &xc, PC_CHOOSE_MRV, NULL, &e, &err), PC_ERR_INPUT);
  cr_expect(strstr(err.msg, "engine bits covers each item once"), "%s", err.msg);
  cr_expect_eq(pc_engine_select("bitdlx", &xc, PC_CHOOSE_MRV, NULL, &e, &err), PC_OK);
  cr_expect_eq(pc_engine_select("auto", &xc, PC_CHOOSE_MRV, NULL, &e, &err), PC_OK);
  cr_expect_eq(e, &pc_engine_bitdlx);
  cr_expect_eq(pc_engine_select("dlx", &xc, PC_CHOOSE_MRV, NULL, &e, &err), PC_OK);
  int32_t color, items[2] = {1, 3}, colors[2] = {0, 0};
  cr_assert_eq(pc_xc_color(&xc, "red", &color, &err), PC_OK);
  colors[1] = color;
  cr_assert_eq(pc_xc_add_colored_option(&xc, items, colors, 2, &err), PC_OK);
  for (int i = 0; i < 2; i++) {
    const char *name = i ? "bits" : "bitdlx";
    cr_expect_eq(pc_engine_select(name, &xc, PC_CHOOSE_MRV, NULL, &e, &err), PC_ERR_INPUT);
    cr_expect(strstr(err.msg, "takes no colors"), "%s: %s", name, err.msg);
  }
  cr_expect_eq(pc_engine_select("auto", &xc, PC_CHOOSE_MRV, NULL, &e, &err), PC_OK);
  cr_expect_eq(e, &pc_engine_dlx);
  pc_xc_free(&xc);
}

/* auto hands over the instance its choice judged with: bitdlx's (scott_x23,
   a small tree), bits's (pent6x10_xq, by the trial); none where it judged
   nothing (the leftmost rule: bitdlx at once) or on an error. Searched,
   it counts as a fresh one (Knuth's figures: 19 and 2,339 solutions). */
Test(engines, auto_made_instance)
{
  struct { const char *file; const pc_engine *engine; uint64_t solutions; } cases[] = {
      {"scott_x23.dlx", &pc_engine_bitdlx, 19}, {"pent6x10_xq.dlx", &pc_engine_bitsweep, 2339}};
  pc_error err = {0};
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    pc_xc xc;
    pc_load_dlx1(cases[i].file, &xc);
    pc_engine_made made;
    cr_assert_eq(pc_engine_select_made("auto", &xc, PC_CHOOSE_MRV, NULL, &made, &err), PC_OK);
    cr_expect_eq(made.engine, cases[i].engine, "%s", cases[i].file);
    cr_assert(made.instance, "%s", cases[i].file);
    pc_dlx_stats st;
    made.engine->search(made.instance, &(pc_dlx_config){.choose = PC_CHOOSE_MRV}, &st);
    cr_expect_eq(st.solutions, cases[i].solutions, "%s", cases[i].file);
    pc_engine_made_free(&made);
    cr_expect_null(made.instance);
    cr_assert_eq(pc_engine_select_made("auto", &xc, PC_CHOOSE_LEFTMOST, NULL, &made, &err), PC_OK);
    cr_expect(made.engine == &pc_engine_bitdlx && !made.instance, "%s", cases[i].file);
    cr_expect_eq(pc_engine_select_made("bits", &xc, PC_CHOOSE_LEFTMOST, NULL, &made, &err),
                 PC_ERR_INPUT);
    cr_expect_null(made.instance);
    pc_xc_free(&xc);
  }
}

/* A named engine is judged small by auto's estimate too (the runner
   splits it into few parts): DLX and bitdlx on scott_x23.dlx (bitdlx's
   tables then kept), not on pent6x10.dlx, whose tree is 3.6 million
   nodes (bench/README.md); bits, whose tree the estimate does not walk,
   and another rule than Knuth's never. */
Test(engines, named_small_search)
{
  struct { const char *file, *engine; pc_choose choose; bool small; } cases[] = {
      {"scott_x23.dlx", "dlx", PC_CHOOSE_MRV, true},
      {"scott_x23.dlx", "bitdlx", PC_CHOOSE_MRV, true},
      {"scott_x23.dlx", "bits", PC_CHOOSE_MRV, false},
      {"scott_x23.dlx", "dlx", PC_CHOOSE_LEFTMOST, false},
      {"pent6x10.dlx", "dlx", PC_CHOOSE_MRV, false},
      {"pent6x10.dlx", "bitdlx", PC_CHOOSE_MRV, false}};
  pc_error err = {0};
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    pc_xc xc;
    pc_load_dlx1(cases[i].file, &xc);
    pc_engine_made made;
    cr_assert_eq(
        pc_engine_select_made(cases[i].engine, &xc, cases[i].choose, NULL, &made, &err), PC_OK);
    cr_expect_eq(made.small, cases[i].small, "%s %s", cases[i].file, cases[i].engine);
    bool kept = made.engine == &pc_engine_bitdlx && cases[i].choose == PC_CHOOSE_MRV;
    cr_expect_eq(made.instance != NULL, kept, "%s %s", cases[i].file, cases[i].engine);
    pc_engine_made_free(&made);
    pc_xc_free(&xc);
  }
}

/* With a core to spare, bits's instance on pent5x12 is made, and its
   sample drawn, on a thread of the trial's own (as on kanoodle-pyramid,
   above); handed over, it searches as a fresh instance does: the same
   solutions and nodes. */
Test(engines, auto_made_instance_drawn_beside)
{
  pc_puzzle pz;
  pc_solver sv;
  pc_board_solver("pent5x12", &pz, &sv);
  pc_error err = {0};
  pc_engine_made made;
  cr_assert_eq(pc_engine_select_made("auto", &sv.matrix.xc, PC_CHOOSE_MRV,
                                     &(pc_trial_limit){.threads = 2}, &made, &err),
               PC_OK);
  cr_assert_eq(made.engine, &pc_engine_bitsweep);
  cr_assert(made.instance);
  void *fresh = pc_engine_bitsweep.create(&pc_engine_bitsweep, &sv.matrix.xc);
  pc_dlx_config all = {.choose = PC_CHOOSE_MRV};
  pc_dlx_stats handed, own;
  made.engine->search(made.instance, &all, &handed);
  pc_engine_bitsweep.search(fresh, &all, &own);
  cr_expect(handed.complete && handed.solutions > 0);
  cr_expect_eq(handed.solutions, own.solutions);
  cr_expect_eq(handed.nodes, own.nodes);
  pc_engine_bitsweep.destroy(fresh);
  pc_engine_made_free(&made);
  pc_solver_free(&sv);
  pc_puzzle_free(&pz);
}
