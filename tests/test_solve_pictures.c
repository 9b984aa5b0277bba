/* test_solve_pictures.c — the pictures `solve` draws: one solution, a
   gallery (sheet or page), the profile chart; bad names fail before the
   search. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "support.h"

static bool starts_with_file(const char *path, const char *magic, size_t n)
{
  char buf[16] = {0};
  FILE *f = fopen(path, "rb");
  if (!f) return false;
  size_t got = fread(buf, 1, n, f);
  fclose(f);
  return got == n && !memcmp(buf, magic, n);
}

Test(solve_pictures, render_gallery_and_profile)
{
  char dir[] = "/tmp/polycover-pictures-XXXXXX";
  cr_assert_not_null(mkdtemp(dir));
  char one[128], sheet[128], page[128], index[160], plot[128];
  snprintf(one, sizeof one, "%s/one.png", dir);
  snprintf(sheet, sizeof sheet, "%s/sheet.svg", dir);
  snprintf(page, sizeof page, "%s/site/", dir);
  snprintf(index, sizeof index, "%s/site/index.html", dir);
  snprintf(plot, sizeof plot, "%s/plot.pdf", dir);
  /* Options may follow the board. */
  const char *args[] = {"solve", "boards/scott.yaml", "--count", "--render", one, "--index", "3",
                        "--gallery", sheet, "--max", "5", "--sort", "symmetry",
                        "--profile-plot", plot, NULL};
  pc_run r = pc_run_program(NULL, args);
  cr_assert_eq(r.status, 0, "%s", r.err);
  cr_expect(starts_with_file(one, "\x89PNG", 4));
  cr_expect(starts_with_file(plot, "%PDF", 4));
  cr_expect(starts_with_file(sheet, "<?xml", 5));
  pc_run_free(&r);

  const char *best[] = {"solve", "--best", "--count", "--gallery", page, "boards/scott.yaml", NULL};
  r = pc_run_program(NULL, best);
  cr_assert_eq(r.status, 0, "%s", r.err);
  cr_expect_eq(access(index, R_OK), 0);
  pc_run_free(&r);

  pc_remove_tree(dir);
}

Test(solve_pictures, bad_names_fail_early)
{
  const char *ext[] = {"solve", "--render", "/tmp/x.bmp", "boards/pent6x10.yaml", NULL};
  pc_run r = pc_run_program(NULL, ext);
  cr_expect_eq(r.status, 2);
  cr_expect(strstr(r.err, "x.bmp"), "%s", r.err);
  cr_expect(!strstr(r.out, "solutions:"), "searched before failing: %s", r.out);
  pc_run_free(&r);
  const char *sort[] = {"solve", "--sort", "size", "boards/scott.yaml", NULL};
  r = pc_run_program(NULL, sort);
  cr_expect_eq(r.status, 2);
  pc_run_free(&r);
  const char *index[] = {"solve", "--best", "--index", "2", "boards/scott.yaml", NULL};
  r = pc_run_program(NULL, index);
  cr_expect_eq(r.status, 2);
  pc_run_free(&r);
}
