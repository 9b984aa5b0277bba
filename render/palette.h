/* palette.h — piece colors: a default palette indexed by a piece's place in
   its puzzle (so a piece keeps its color in every picture of the puzzle),
   overridden by `color:` in the YAML. */
#ifndef PC_PALETTE_H
#define PC_PALETTE_H

#include <stdbool.h>
#include <stdint.h>

#include "poly/puzzle.h"

typedef struct pc_rgb {
  double r, g, b; /* 0..1 */
} pc_rgb;

/* Parses "#rrggbb" or "#rgb". */
bool pc_color_parse(const char *s, pc_rgb *out);

/* The default color of the piece at `index`. The first 24 are all clearly
   different (so pieces that meet differ); later ones repeat them lighter. */
pc_rgb pc_palette_color(int32_t index);

/* One color per piece of the puzzle: its YAML color, else the default. */
void pc_palette_puzzle(const pc_puzzle *pz, pc_rgb *out);

/* The color of the copy-th copy of a piece of color c (0: the first,
   which keeps c): lighter and darker by turns, so that copies side by
   side stand apart. */
pc_rgb pc_palette_copy(pc_rgb c, int32_t copy);

/* a + (b - a) * t, channel by channel. */
pc_rgb pc_rgb_mix(pc_rgb a, pc_rgb b, double t);

/* Relative luminance, 0 (black) to 1 (white): picks dark or light text. */
double pc_rgb_luminance(pc_rgb c);

#endif
