/* cmd_render.c — `polycover render`: pictures from a solution file, or of a
   board's pieces before solving. */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "cli/common.h"
#include "cli/file_kind.h"
#include "cli/paths.h"
#include "cli/commands.h"
#include "render/gallery.h"
#include "render/output.h"
#include "render/render.h"
#include "poly/score.h"
#include "poly/solfile.h"

static const char usage[] =
    "Usage: polycover render [OPTIONS] SOLUTIONS -o OUT\n"
    "       polycover render [OPTIONS] SOLUTIONS --gallery OUT\n"
    "       polycover render [OPTIONS] BOARD.yaml --pieces -o OUT\n"
    "Draw a solution read from a solution file (written by 'polycover solve\n"
    "--output'), many of them on one sheet, or a board's pieces and its empty\n"
    "board (with any pre-placed pieces) before solving. The format follows the\n"
    "name of OUT: .svg, .png or .pdf. SOLUTIONS (or BOARD.yaml) may be - to read\n"
    "it from standard input.\n"
    "\n"
    "  -o, --output OUT     the picture\n"
    "  -i, --index N        with -o: draw solution N of the file (from 1;\n"
    "                       default 1)\n"
    "  -g, --gallery OUT    draw many solutions under the puzzle's title, each\n"
    "                       with its number and symmetry scores (as 'score'):\n"
    "                       on one sheet, or, when OUT is a folder (DIR/), as a\n"
    "                       self-contained DIR/index.html with every picture inline\n"
    "  -m, --max N          at most N solutions in the gallery (default: all)\n"
    "  -c, --columns C      pictures per row of the gallery's sheet (default 4)\n"
    "      --pieces         read a board file and draw its pieces and board\n"
    "      --labels         write each piece's name on it\n"
    "      --no-inner       no thin lines between the cells of a piece\n"
    "      --cell SIZE      a cell's side in points, pixels in PNG (default 36,\n"
    "                       14 in galleries, more with --labels if the names\n"
    "                       need it); labels too small to read are left off\n"
    "  -h, --help           show this help\n"
    "\n"
    "Exit status: 0 done, 1 failure (cannot write), 2 bad usage or bad input.\n";

typedef struct render_args {
  const char *output, *gallery;
  uint64_t index, max, columns, cell;
  bool pieces, labels, no_inner;
  bool index_given;
  const char *gallery_option; /* --max or --columns, when given */
} render_args;

static void apply(const render_args *a, pc_render_opts *o)
{
  if (a->cell) o->cell = (double)a->cell;
  o->labels = a->labels;
  if (a->no_inner) o->inner = 0;
}

/* Every solution's symmetry scores (n + 1 entries), or NULL when out of
   memory. */
static pc_score *score_all(const pc_solfile *f)
{
  pc_scorer scorer;
  if (pc_scorer_init(&scorer, f->pz.grid, f->pz.cells, f->pz.n_cells)) return NULL;
  pc_score *scores = pc_alloc_array((size_t)f->n_solutions + 1, sizeof *scores);
  for (int32_t i = 0; scores && i < f->n_solutions; i++)
    scores[i] = pc_score_tiling(&scorer, &f->solutions[i]);
  pc_scorer_free(&scorer);
  return scores;
}

/* The sheet: the puzzle's title, the count, and each picture captioned with
   its number and symmetry scores, as `solve --gallery` captions them; a
   folder's page has the symmetry table of all the file's solutions. */
static int gallery(const pc_solfile *f, const render_args *a)
{
  int32_t n = f->n_solutions;
  if (a->max && a->max < (uint64_t)n) n = (int32_t)a->max;
  pc_error err = {0};
  size_t all = (size_t)f->n_solutions + 1;
  pc_score *scores = score_all(f), *sorted = pc_alloc_array(all, sizeof *sorted);
  pc_sym_count *table = pc_alloc_array(all, sizeof *table);
  if (scores && sorted) memcpy(sorted, scores, all * sizeof *sorted); /* the table sorts its own */
  if (!scores || !sorted || !table) {
    free(scores), free(sorted), free(table);
    return pc_exit_status("render", PC_ERR_NOMEM, &err);
  }
  char summary[96];
  snprintf(summary, sizeof summary, "%d %s", (int)f->n_solutions,
           pc_plural((uint64_t)f->n_solutions, "solution", "solutions"));
  pc_gallery_note_shown(summary, sizeof summary, n, (uint64_t)f->n_solutions, false);
  pc_gallery_page page = {.summary = summary, .scores = scores, .sym = table,
                          .n_sym = pc_gallery_sym_table(sorted, f->n_solutions, table)};
  pc_gallery_opts o = pc_gallery_defaults();
  apply(a, &o.draw);
  if (!a->cell) pc_fit_labels(&o.draw, &f->pz);
  if (a->columns) o.columns = (int32_t)a->columns;
  pc_status s = pc_render_gallery(a->gallery, &f->pz, f->solutions, NULL, n, &page, &o, &err);
  free(scores), free(sorted), free(table);
  return s ? pc_exit_status("render", s, &err) : PC_EXIT_OK;
}

static int pieces(const char *file, const render_args *a)
{
  pc_error err = {0};
  pc_puzzle pz;
  pc_status s = pc_hint_file_kind(pc_puzzle_load(file, &pz, &err), file, PC_KIND_YAML, &err);
  if (s) return pc_exit_status("render", s, &err);
  pc_render_opts o = pc_render_defaults();
  apply(a, &o);
  s = pc_render_pieces(a->output, &pz, &o, &err);
  pc_puzzle_free(&pz);
  return s ? pc_exit_status("render", s, &err) : PC_EXIT_OK;
}

static int solutions(const char *file, const render_args *a)
{
  pc_error err = {0};
  pc_format fmt;
  pc_status s;
  /* A wrong picture name is found before the file is read. */
  if (a->output && (s = pc_format_of(a->output, &fmt, &err)))
    return pc_exit_status("render", s, &err);
  pc_solfile f;
  s = pc_hint_file_kind(pc_solfile_read(file, &f, &err), file, PC_KIND_SOLUTIONS, &err);
  if (s) return pc_exit_status("render", s, &err);
  int status = PC_EXIT_OK;
  if (a->gallery) {
    status = gallery(&f, a);
  } else if (a->index > (uint64_t)f.n_solutions) {
    fprintf(stderr, "polycover render: %s holds %d solution%s, no solution %llu\n", file,
            (int)f.n_solutions, f.n_solutions == 1 ? "" : "s", (unsigned long long)a->index);
    status = PC_EXIT_USAGE;
  } else {
    pc_render_opts o = pc_render_defaults();
    apply(a, &o);
    if (!a->cell) pc_fit_labels(&o, &f.pz);
    s = pc_render_solution(a->output, &f.pz, &f.solutions[a->index - 1], &o, &err);
    if (s) status = pc_exit_status("render", s, &err);
  }
  pc_solfile_free(&f);
  return status;
}

/* One picture or a gallery, and no option that would change nothing
   (as solve refuses them). */
static int check_options(const render_args *a)
{
  if (!a->output == !a->gallery)
    return pc_usage_error("render", "give one of -o OUT and --gallery OUT");
  if (a->pieces && a->gallery)
    return pc_usage_error("render", "--pieces draws one picture: use -o OUT");
  if (a->pieces && (a->index_given || a->gallery_option))
    return pc_usage_error("render", "--pieces draws a board's pieces: --index, --max and "
                                    "--columns are for solutions");
  if (a->gallery_option && !a->gallery)
    return pc_usage_error("render", "%s shapes the gallery: use --gallery OUT",
                          a->gallery_option);
  if (a->index_given && a->gallery)
    return pc_usage_error("render", "--index N picks the solution -o draws; a gallery draws "
                                    "them all (--max N: the first N)");
  return PC_EXIT_OK;
}

/* The picture is not the file read: refused before anything is drawn. */
static int check_files(const char *file, const render_args *a)
{
  pc_named_file files[] = {
      {file, NULL, a->pieces ? "the piece set being read" : "the solution file being read",
       false},
      {a->output, "-o", "the picture", true},
      {a->gallery, "--gallery", "the gallery", true}};
  pc_error err = {0};
  pc_status s = pc_check_named_files(files, 3, &err);
  return s ? pc_exit_status("render", s, &err) : PC_EXIT_OK;
}

int pc_cmd_render(int argc, char **argv)
{
  enum { OPT_PIECES = 256, OPT_LABELS, OPT_NO_INNER, OPT_CELL };
  static const struct option longopts[] = {
      {"output", required_argument, NULL, 'o'},  {"index", required_argument, NULL, 'i'},
      {"gallery", required_argument, NULL, 'g'}, {"max", required_argument, NULL, 'm'},
      {"columns", required_argument, NULL, 'c'}, {"pieces", no_argument, NULL, OPT_PIECES},
      {"labels", no_argument, NULL, OPT_LABELS}, {"no-inner", no_argument, NULL, OPT_NO_INNER},
      {"cell", required_argument, NULL, OPT_CELL}, {"help", no_argument, NULL, 'h'},
      {NULL, 0, NULL, 0}};
  render_args a = {.index = 1};
  pc_error err;
  int c;
  optind = 0;
  while ((c = getopt_long(argc, argv, ":o:i:g:m:c:h", longopts, NULL)) != -1) {
    uint64_t *number = NULL;
    const char *what = NULL;
    switch (c) {
    case 'o':
    case 'g':
      if (pc_take_path_option("render", c == 'o' ? "--output" : "--gallery", PC_PATH_FILE,
                              optarg, c == 'o' ? &a.output : &a.gallery, &err))
        return PC_EXIT_USAGE;
      break;
    case 'i': number = &a.index, what = "--index"; break;
    case 'm': number = &a.max, what = "--max"; break;
    case 'c': number = &a.columns, what = "--columns"; break;
    case OPT_CELL: number = &a.cell, what = "--cell"; break;
    case OPT_PIECES: a.pieces = true; break;
    case OPT_LABELS: a.labels = true; break;
    case OPT_NO_INNER: a.no_inner = true; break;
    case 'h': fputs(usage, stdout); return PC_EXIT_OK;
    default: return pc_option_error("render", c, argv, longopts);
    }
    a.index_given |= c == 'i';
    if (c == 'm' || c == 'c') a.gallery_option = c == 'm' ? "--max" : "--columns";
    if (number && (!pc_parse_u64(optarg, number) || !*number || *number > 100000))
      return pc_usage_error("render", "%s wants a number from 1 to 100000, not '%s'", what,
                            optarg);
  }
  if (optind != argc - 1)
    return pc_usage_error("render", optind == argc ? "no file given" : "more than one file");
  int status = check_options(&a);
  if (!status) status = check_files(argv[optind], &a);
  if (status) return status;
  return a.pieces ? pieces(argv[optind], &a) : solutions(argv[optind], &a);
}
