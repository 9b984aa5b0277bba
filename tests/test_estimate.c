/* test_estimate.c — Knuth's Monte Carlo estimate of the search tree: exact
   where it enumerates everything, reproducible from its seed, and within a
   factor of 2 of the true figures on Scott's problem and the 6x10 rectangle
   with the default number of paths, both for the whole search (--all) and
   for the reduced one that `solve` makes by default. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/dlx.h"
#include "support.h"

/* The estimate of the problem in `file` (nodes only: pc_dlx_estimate_nodes). */
static pc_estimate estimate_as(const char *file, uint64_t paths, uint64_t seed, bool nodes_only)
{
  pc_xc xc;
  pc_load_dlx1(file, &xc);
  pc_dlx *d = pc_dlx_new(&xc);
  cr_assert_not_null(d);
  pc_estimate est;
  cr_assert(nodes_only ? pc_dlx_estimate_nodes(d, PC_CHOOSE_MRV, paths, seed, &est)
                       : pc_dlx_estimate(d, PC_CHOOSE_MRV, paths, seed, &est));
  /* The structure is intact: the search still gives its figures. */
  pc_dlx_stats st;
  pc_dlx_config cfg = {.choose = PC_CHOOSE_MRV, .max_updates = 10000000};
  pc_dlx_search(d, &cfg, &st);
  pc_dlx_stats again;
  pc_dlx_search(d, &cfg, &again);
  cr_expect_eq(st.nodes, again.nodes);
  pc_dlx_free(d);
  pc_xc_free(&xc);
  return est;
}

static pc_estimate estimate(const char *file, uint64_t paths, uint64_t seed)
{
  return estimate_as(file, paths, seed, false);
}

/* With paths enough for four per leaf, knuth3's whole tree (6 nodes) is
   enumerated, and the estimate is the count itself. */
Test(estimate, exact_when_enumerated)
{
  pc_xc xc;
  pc_load_dlx1("knuth3.dlx", &xc);
  pc_dlx *d = pc_dlx_new(&xc);
  pc_dlx_stats st;
  pc_dlx_config cfg = {.choose = PC_CHOOSE_MRV};
  pc_dlx_search(d, &cfg, &st);
  pc_dlx_free(d);
  pc_xc_free(&xc);
  pc_estimate est = estimate("knuth3.dlx", 100, 1);
  cr_expect_eq(est.nodes, (double)st.nodes);
  cr_expect_eq(est.updates, (double)st.updates);
  cr_expect_eq(est.solutions, (double)st.solutions);
  cr_expect_eq(est.nodes_se, 0.0);
}

/* Too few paths for even the first level (4 per leaf): the root is the
   one stratum, and the estimate still comes (it once failed as if out of
   memory). */
Test(estimate, fewer_paths_than_the_first_level)
{
  pc_estimate est = estimate("scott.dlx", 10, 1);
  cr_expect_eq(est.depth, 0);
  cr_expect_gt(est.nodes, 0);
}

Test(estimate, reproducible_from_seed)
{
  pc_estimate a = estimate("scott_x23.dlx", 400, 7), b = estimate("scott_x23.dlx", 400, 7),
              c = estimate("scott_x23.dlx", 400, 8);
  cr_expect_eq(a.nodes, b.nodes);
  cr_expect_eq(a.updates, b.updates);
  cr_expect_eq(a.solutions, b.solutions);
  cr_expect_neq(a.nodes, c.nodes);
  cr_expect(a.nodes_se > 0);
}

/* The nodes-only estimate walks the same paths: the same nodes and
   solutions to the last bit, without the updates. */
Test(estimate, nodes_only_the_same)
{
  const char *files[] = {"scott.dlx", "pent6x10.dlx", "hexi_rhombus.dlx"};
  for (int i = 0; i < 3; i++) {
    pc_estimate all = estimate(files[i], 2000, 3), nodes = estimate_as(files[i], 2000, 3, true);
    cr_expect(all.nodes == nodes.nodes && all.nodes_se == nodes.nodes_se, "%s", files[i]);
    cr_expect(all.solutions == nodes.solutions && all.depth == nodes.depth, "%s", files[i]);
    cr_expect(all.updates > 0 && nodes.updates == 0 && nodes.updates_se == 0, "%s", files[i]);
  }
}

static void within_factor_2(const char *board, const char *all, double nodes, double updates)
{
  const char *args[] = {"estimate", board, "--json", all, NULL};
  pc_run r = pc_run_program(NULL, args);
  cr_assert_eq(r.status, 0, "%s", r.err);
  cr_expect(strstr(r.out, all ? "\"reduced\": false" : "\"reduced\": true") != NULL, "%s", r.out);
  double n = pc_json_get_double(r.out, "nodes"), u = pc_json_get_double(r.out, "updates");
  cr_expect(n >= nodes / 2 && n <= nodes * 2, "%s: %g nodes estimated, %g true", board, n,
            nodes);
  cr_expect(u >= updates / 2 && u <= updates * 2, "%s: %g updates estimated, %g true", board,
            u, updates);
  cr_expect(pc_json_get_double(r.out, "seconds") > 0);
  cr_expect(pc_json_get_double(r.out, "nodes_se") > 0);
  pc_run_free(&r);
}

/* The true figures of the whole search are the paper's, which test_dlx
   (Scott) and the long suite (6x10) reproduce. */
Test(estimate, scott_within_factor_2)
{
  within_factor_2("boards/scott.yaml", "--all", 289327, 101013837);
}

Test(estimate, pent6x10_within_factor_2)
{
  within_factor_2("boards/pent6x10.yaml", "--all", 3620988, 1235724537);
}

/* The reduced search's true figures: what solve's DLX engine counts. */
static void reduced_within_factor_2(const char *board)
{
  const char *args[] = {"solve", board, "--engine", "dlx", "-j2", "--quiet", "--json", NULL};
  pc_run r = pc_run_program(NULL, args);
  cr_assert_eq(r.status, 0, "%s", r.err);
  cr_assert(strstr(r.out, "\"reduced\": true") != NULL);
  double nodes = (double)pc_json_get_u64(r.out, "nodes");
  double updates = (double)pc_json_get_u64(r.out, "updates");
  pc_run_free(&r);
  within_factor_2(board, NULL, nodes, updates);
}

Test(estimate, scott_reduced_within_factor_2) { reduced_within_factor_2("boards/scott.yaml"); }

Test(estimate, pent6x10_reduced_within_factor_2)
{
  reduced_within_factor_2("boards/pent6x10.yaml");
}

Test(estimate, usage_errors)
{
  const char *args[] = {"estimate", "--paths", "0", "boards/scott.yaml", NULL};
  pc_run r = pc_run_program(NULL, args);
  cr_expect_eq(r.status, 2);
  cr_expect(strstr(r.err, "--paths") != NULL);
  pc_run_free(&r);
  const char *missing[] = {"estimate", "tests/data/no-such.dlx", NULL};
  r = pc_run_program(NULL, missing);
  cr_expect_eq(r.status, 2);
  cr_expect(strstr(r.err, "no-such.dlx") != NULL);
  pc_run_free(&r);
}
