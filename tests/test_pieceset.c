/* test_pieceset.c — piece set files: what `polycover pieces` writes reads
   back as the same number of connected pieces of the right size. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "poly/pieceset.h"
#include "support.h"

static void round_trip(const char *grid, const char *size, bool one_sided, int32_t expect)
{
  const char *args[] = {"pieces", "--grid", grid, "--size", size,
                        one_sided ? "--one-sided" : NULL, NULL};
  pc_run r = pc_run_program(NULL, args);
  cr_assert_eq(r.status, 0, "%s", r.err);
  char path[] = "/tmp/pc-set-XXXXXX";
  int fd = mkstemp(path);
  cr_assert(fd >= 0);
  cr_assert(write(fd, r.out, strlen(r.out)) == (ssize_t)strlen(r.out));
  close(fd);
  pc_pieceset set;
  pc_error err = {0};
  pc_status s = pc_pieceset_load(path, &set, &err);
  unlink(path);
  cr_assert_eq(s, PC_OK, "%s %s: %d:%d: %s", grid, size, err.line, err.column, err.msg);
  cr_expect_eq(set.n_pieces, expect, "%s %s: %d pieces", grid, size, (int)set.n_pieces);
  for (int32_t i = 0; i < set.n_pieces; i++)
    cr_expect_eq(set.pieces[i].size, atoi(size), "%s", set.pieces[i].name);
  pc_pieceset_free(&set);
  pc_run_free(&r);
}

/* The 4655 decominoes that `polycover pieces --size 10` writes load in
   well under a second: keys and shapes were once compared pair by pair
   (some ten million orientation checks, 20 s), now sorted. A shape twice
   is still said, at the second piece. */
Test(pieceset, thousands_of_pieces, .timeout = 15)
{
  const char *args[] = {"pieces", "--size", "10", NULL};
  pc_run r = pc_run_program(NULL, args);
  cr_assert_eq(r.status, 0, "%s", r.err);
  char *dir = pc_scratch_dir("/tmp/pc-set-XXXXXX"), *path = pc_path_in(dir, "ten.yaml");
  /* The first decomino, the straight one, once more at the end. */
  cr_assert(strstr(r.out, "  Q0001: |\n    ##########\n"));
  char *text = NULL;
  cr_assert(asprintf(&text, "%s  Z0001: |\n    ##########\n", r.out) > 0);
  pc_write_file(path, text, strlen(text));
  pc_pieceset set;
  pc_error err = {0};
  cr_assert_eq(pc_pieceset_load(path, &set, &err), PC_OK, "%d: %s", err.line, err.msg);
  cr_expect_eq(set.n_pieces, 4656);
  cr_expect(strstr(set.warning, "piece 'Z0001' has the shape of piece 'Q0001' (line 5)"), "%s",
            set.warning);
  pc_pieceset_free(&set);
  free(text);
  free(path);
  pc_remove_tree(dir);
  free(dir);
  pc_run_free(&r);
}

Test(pieceset, pieces_output_reads_back)
{
  round_trip("square", "5", false, 12);
  round_trip("square", "6", true, 60);
  round_trip("triangle", "6", false, 12);
  round_trip("triangle", "7", true, 43);
  round_trip("stick", "4", false, 16);
  round_trip("stick", "5", true, 99);
}

Test(pieceset, shipped_sets)
{
  static const struct {
    const char *file;
    int32_t pieces, cells;
  } sets[] = {{"pentominoes", 12, 60}, {"hexominoes", 35, 210}, {"hexiamonds", 12, 72},
              {"tetrasticks", 16, 64}, {"kanoodle", 12, 55}};
  for (size_t i = 0; i < sizeof sets / sizeof *sets; i++) {
    char path[128];
    snprintf(path, sizeof path, "pieces/%s.yaml", sets[i].file);
    pc_pieceset set;
    pc_error err = {0};
    cr_assert_eq(pc_pieceset_load(path, &set, &err), PC_OK, "%s: %s", path, err.msg);
    int32_t cells = 0;
    for (int32_t k = 0; k < set.n_pieces; k++) cells += set.pieces[k].size;
    cr_expect_eq(set.n_pieces, sets[i].pieces, "%s", path);
    cr_expect_eq(cells, sets[i].cells, "%s", path);
    pc_pieceset_free(&set);
  }
}
