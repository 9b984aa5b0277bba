/* test_solve_pictures.c — the pictures `solve` draws: one solution, a
   gallery (sheet or page), the profile chart; bad names fail before the
   search; `render` captions a gallery as `solve` does. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
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

/* A picture that cannot be written (a folder's name, a missing folder)
   is refused before the search, not after it; and nothing else is
   written. */
Test(solve_pictures, unwritable_pictures_fail_before_the_search)
{
  char *dir = pc_scratch_dir("/tmp/polycover-unwritable-XXXXXX");
  char *folder = pc_path_in(dir, "taken.png"), *missing = pc_path_in(dir, "no/such/x.svg"),
       *deep = pc_path_in(dir, "no/such/"), *sol = pc_path_in(dir, "s.sol");
  cr_assert_eq(mkdir(folder, 0700), 0);
  const char *option[] = {"--render", "--gallery", "--profile-plot", "--gallery"};
  const char *target[] = {folder, missing, missing, deep};
  for (int i = 0; i < 4; i++) {
    const char *args[] = {"solve", "boards/scott.yaml", "--count", "--threads", "1",
                          "-o", sol, option[i], target[i], NULL};
    pc_run r = pc_run_program(NULL, args);
    cr_expect_eq(r.status, 1, "%s %s: %s", option[i], target[i], r.err);
    cr_expect(strstr(r.err, target[i]), "%s", r.err);
    cr_expect(!strstr(r.out, "solutions:"), "searched before failing: %s", r.out);
    cr_expect_neq(access(sol, F_OK), 0, "%s %s: the solution file was written", option[i],
                  target[i]);
    pc_run_free(&r);
  }
  free(folder), free(missing), free(deep), free(sol);
  pc_remove_tree(dir);
  free(dir);
}

/* One picture that cannot be made (a gallery too wide for a PNG) costs
   no other: the profile plot after it is drawn all the same, and the
   failure is said and makes the exit status 2 (a PNG that large is not
   to be had). */
Test(solve_pictures, a_failed_picture_costs_no_other)
{
  char *dir = pc_scratch_dir("/tmp/polycover-onefails-XXXXXX");
  char *sheet = pc_path_in(dir, "wide.png"), *plot = pc_path_in(dir, "plot.svg");
  const char *args[] = {"solve", "boards/kanoodle-pyramid.yaml", "--limit", "70", "--count",
                        "--threads", "1", "--gallery", sheet, "--columns", "70",
                        "--profile-plot", plot, NULL};
  pc_run r = pc_run_program(NULL, args);
  cr_expect_eq(r.status, 2, "%s", r.err);
  cr_expect(strstr(r.err, sheet), "%s", r.err);
  cr_expect_neq(access(sheet, F_OK), 0);
  cr_expect(starts_with_file(plot, "<?xml", 5), "the profile plot was not drawn");
  pc_run_free(&r);
  free(sheet), free(plot);
  pc_remove_tree(dir);
  free(dir);
}

/* A job whose gallery cannot be made still writes its result for merge. */
Test(solve_pictures, a_failed_picture_costs_no_job_result)
{
  char *dir = pc_scratch_dir("/tmp/polycover-jobpicture-XXXXXX");
  char *job = pc_path_in(dir, "soma-1.job"), *result = pc_path_in(dir, "soma-1.result"),
       *sheet = pc_path_in(dir, "wide.png");
  const char *split[] = {"solve", "boards/soma.yaml", "--split-only", "1", "--jobs", "1",
                         "--dir", dir, NULL};
  pc_run r = pc_run_program(NULL, split);
  cr_assert_eq(r.status, 0, "%s", r.err);
  pc_run_free(&r);
  const char *run[] = {"solve", "--job", job, "--count", "--threads", "1", "--gallery", sheet,
                       "--max", "240", "--columns", "240", NULL};
  r = pc_run_program(NULL, run);
  cr_expect_eq(r.status, 2, "%s", r.err);
  cr_expect(strstr(r.err, sheet), "%s", r.err);
  cr_expect_eq(access(result, R_OK), 0, "the job's result was not written");
  pc_run_free(&r);
  free(job), free(result), free(sheet);
  pc_remove_tree(dir);
  free(dir);
}

/* The text between each `open` and the next `close`, in order, one a line. */
static char *between(const char *html, const char *open, const char *close)
{
  size_t cap = strlen(html) + 1, at = 0;
  char *out = calloc(cap, 1);
  for (const char *p = html; (p = strstr(p, open)); p++) {
    p += strlen(open);
    const char *end = strstr(p, close);
    cr_assert_not_null(end);
    at += (size_t)snprintf(out + at, cap - at, "%.*s\n", (int)(end - p), p);
  }
  return out;
}

/* `render --gallery` captions the solutions of a file as `solve --gallery`
   captioned them while solving: "#n  h H  v V", and the same title. */
Test(solve_pictures, render_captions_as_solve)
{
  char *dir = pc_scratch_dir("/tmp/polycover-captions-XXXXXX");
  char *sol = pc_path_in(dir, "s.sol"), *solved = pc_path_in(dir, "solved/"),
       *rendered = pc_path_in(dir, "rendered/");
  const char *solve[] = {"solve", "boards/tetrahex4x7.yaml", "--count", "--threads", "1",
                         "--output", sol, "--gallery", solved, NULL};
  pc_run r = pc_run_program(NULL, solve);
  cr_assert_eq(r.status, 0, "%s", r.err);
  pc_run_free(&r);
  const char *render[] = {"render", sol, "--gallery", rendered, NULL};
  r = pc_run_program(NULL, render);
  cr_assert_eq(r.status, 0, "%s", r.err);
  pc_run_free(&r);
  char *a_path = pc_path_in(solved, "index.html"), *b_path = pc_path_in(rendered, "index.html");
  char *a = pc_slurp_file(a_path), *b = pc_slurp_file(b_path);
  char *caps_a = between(a, "<figcaption>", "</figcaption>");
  char *caps_b = between(b, "<figcaption>", "</figcaption>");
  cr_expect(strstr(caps_a, "#1  h "), "%s", caps_a);
  cr_expect_str_eq(caps_b, caps_a);
  char *title_a = between(a, "<h1>", "</h1>"), *title_b = between(b, "<h1>", "</h1>");
  cr_expect_str_eq(title_b, title_a);
  cr_expect_str_eq(title_a, "Tetrahexes in a 4x7 parallelogram\n");
  free(title_a), free(title_b), free(caps_a), free(caps_b), free(a), free(b);
  free(a_path), free(b_path);
  pc_remove_tree(dir);
  free(sol), free(solved), free(rendered), free(dir);
}
