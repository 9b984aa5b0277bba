/* cmd_pieces.c — `polycover pieces`: every polyform of a size, as a YAML
   piece set. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli/common.h"
#include "cli/commands.h"
#include "poly/polyform.h"
#include "poly/shape.h"

static const char usage[] =
    "Usage: polycover pieces [OPTIONS] --size N\n"
    "Enumerate every polyform of N cells on a grid and print them as a YAML\n"
    "piece set, ready for a board's 'pieces:'.\n"
    "\n"
    "  -g, --grid GRID   square (polyominoes, the default), triangle\n"
    "                    (polyiamonds), stick (polysticks), hex (polyhexes),\n"
    "                    cube (polycubes) or sphere (polyspheres)\n"
    "  -s, --size N      cells per piece, 1 to 10\n"
    "  -1, --one-sided   a piece and its mirror image are distinct pieces (as\n"
    "                    solids are: 1, 2, 8, 29, 166 polycubes of 2..6 cubes,\n"
    "                    against 1, 2, 7, 23, 112 without; a one-sided set of\n"
    "                    polycubes says one_sided: true); a flat solid turns\n"
    "                    over, so it has no mirror twin (4, 25, 210 polyspheres\n"
    "                    of 3..5 balls, against 4, 20, 131 without)\n"
    "  -c, --count       print only how many there are\n"
    "      --name NAME   the set's name (default: polyominoes-5 and the like)\n"
    "      --json        print one JSON object: grid, size, one_sided, count,\n"
    "                    seconds, and (without --count) pieces as lists of\n"
    "                    [column, row] cells ([x, y, z] on cubes, spheres)\n"
    "  -h, --help        show this help\n"
    "\n"
    "Names: a letter for the grid (Q square, T triangle, S stick, H hex, C cube,\n"
    "B sphere) and the number of the free form, padded to one width: Q01 .. Q12\n"
    "for the pentominoes. In a one-sided set a chiral piece Q05 is followed by\n"
    "its mirror image Q05m. Pieces are drawn in their canonical orientation (the\n"
    "smallest normalized one) and listed in that order.\n"
    "Exit status: 0 done, 1 failure, 2 bad usage.\n";

static void print_json(const pc_polyforms *p, bool count_only, double seconds)
{
  pc_json j;
  pc_json_begin(&j, stdout);
  pc_json_str(&j, "grid", pc_grid_name(p->grid));
  pc_json_u64(&j, "size", (uint64_t)p->size);
  pc_json_bool(&j, "one_sided", p->one_sided);
  pc_json_u64(&j, "count", (uint64_t)p->count);
  pc_json_double(&j, "seconds", seconds);
  if (!count_only) {
    /* pc_json is flat: the nested object is written here, after the
       fields, so the separators stay right. */
    fputs(", \"pieces\": {", stdout);
    for (int32_t i = 0; i < p->count; i++) {
      char name[32];
      pc_polyform_name(p, i, name, sizeof name);
      printf("%s\"%s\": [", i ? ", " : "", name);
      const pc_cell *c = p->cells + (size_t)i * (size_t)p->size;
      for (int32_t k = 0; k < p->size; k++)
        printf(pc_grid_dimensions(p->grid) == 3 ? "%s[%d, %d, %d]" : "%s[%d, %d]",
               k ? ", " : "", (int)c[k].c, (int)c[k].r, (int)c[k].l);
      putchar(']');
    }
    putchar('}');
  }
  pc_json_end(&j);
}

/* Enumerates the polyforms and prints them (or their count); returns the
   exit status. */
static int make_pieces(const pc_grid *g, int32_t size, bool one_sided, bool count_only,
                       bool json, const char *name)
{
  pc_polyforms p;
  double t0 = pc_now();
  pc_status st = pc_polyforms_make(g, size, one_sided, &p);
  double seconds = pc_now() - t0;
  if (st) {
    fprintf(stderr, "polycover pieces: %s\n", pc_status_text(st));
    return PC_EXIT_FAIL;
  }
  if (json) {
    print_json(&p, count_only, seconds);
  } else if (count_only) {
    printf("%d\n", (int)p.count);
  } else {
    st = pc_polyforms_write_yaml(stdout, &p, name);
  }
  pc_polyforms_free(&p);
  /* Writing can fail only on standard output, which pc_finish_output
     checks and names. */
  return st && st != PC_ERR_IO ? PC_EXIT_FAIL : PC_EXIT_OK;
}

int pc_cmd_pieces(int argc, char **argv)
{
  static const struct option longopts[] = {
      {"grid", required_argument, NULL, 'g'}, {"size", required_argument, NULL, 's'},
      {"one-sided", no_argument, NULL, '1'},  {"count", no_argument, NULL, 'c'},
      {"name", required_argument, NULL, 'N'}, {"json", no_argument, NULL, 'j'},
      {"help", no_argument, NULL, 'h'},       {NULL, 0, NULL, 0}};
  const pc_grid *g = pc_grid_get(PC_GRID_SQUARE);
  uint64_t size = 0;
  bool have_size = false, one_sided = false, count_only = false, json = false;
  const char *name = NULL;
  int c;
  optind = 0;
  while ((c = getopt_long(argc, argv, ":g:s:1ch", longopts, NULL)) != -1) {
    switch (c) {
    case 'g':
      g = pc_grid_by_name(optarg);
      if (!g)
        return pc_usage_error("pieces", "unknown grid '%s' (%s)", optarg, pc_grid_names());
      break;
    case 's':
      if (!pc_parse_u64(optarg, &size) || size < 1 || size > PC_POLYFORM_MAX_SIZE)
        return pc_usage_error("pieces", "--size wants a number from 1 to %d, not '%s'",
                              PC_POLYFORM_MAX_SIZE, optarg);
      have_size = true;
      break;
    case '1': one_sided = true; break;
    case 'c': count_only = true; break;
    case 'N':
      if (!*optarg) return pc_usage_error("pieces", "--name wants a non-empty name");
      name = optarg;
      break;
    case 'j': json = true; break;
    case 'h': fputs(usage, stdout); return PC_EXIT_OK;
    default: return pc_option_error("pieces", c, argv, longopts);
    }
  }
  if (optind != argc) return pc_usage_error("pieces", "unexpected argument '%s'", argv[optind]);
  if (!have_size) return pc_usage_error("pieces", "no --size given");

  return make_pieces(g, (int32_t)size, one_sided, count_only, json, name);
}
