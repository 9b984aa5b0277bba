/* palette.c — the default piece colors and "#rrggbb" parsing. */
#include "render/palette.h"

#include <ctype.h>
#include <string.h>

/* Hand-picked, mid-light so that dark outlines and labels stand out, and
   ordered so that a puzzle's first pieces get the most distinct hues. */
static const char *const palette[] = {
    "#e8575a", "#4e9fd6", "#f2c14e", "#5bb56a", "#9b6fc7", "#f08a3c",
    "#4fc4c0", "#e57ab5", "#a3c94a", "#a27b5c", "#7f8fd9", "#d4b483",
    "#3f8f7a", "#d64f8c", "#b8d4f0", "#f5b7a0", "#6d6da8", "#d9d26a",
    "#b05050", "#7ec8e3", "#c6a3e0", "#9fd8a4", "#e0a040", "#8a9ba8",
};
#define PALETTE_SIZE ((int32_t)(sizeof palette / sizeof *palette))

static int hex(char c)
{
  return isdigit((unsigned char)c) ? c - '0' : tolower((unsigned char)c) - 'a' + 10;
}

bool pc_color_parse(const char *s, pc_rgb *out)
{
  size_t n = strlen(s);
  if (s[0] != '#' || (n != 4 && n != 7)) return false;
  for (size_t i = 1; i < n; i++)
    if (!isxdigit((unsigned char)s[i])) return false;
  double v[3];
  for (int k = 0; k < 3; k++)
    v[k] = (n == 7 ? hex(s[1 + 2 * k]) * 16 + hex(s[2 + 2 * k]) : hex(s[1 + k]) * 17) / 255.0;
  *out = (pc_rgb){v[0], v[1], v[2]};
  return true;
}

pc_rgb pc_rgb_mix(pc_rgb a, pc_rgb b, double t)
{
  return (pc_rgb){a.r + (b.r - a.r) * t, a.g + (b.g - a.g) * t, a.b + (b.b - a.b) * t};
}

double pc_rgb_luminance(pc_rgb c)
{
  return 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b;
}

pc_rgb pc_palette_color(int32_t index)
{
  if (index < 0) index = 0;
  pc_rgb c;
  pc_color_parse(palette[index % PALETTE_SIZE], &c);
  /* Each further round of the palette is lighter, alternately less so. */
  int32_t round = index / PALETTE_SIZE;
  if (round) c = pc_rgb_mix(c, (pc_rgb){1, 1, 1}, round % 2 ? 0.45 : 0.25);
  return c;
}

pc_rgb pc_palette_copy(pc_rgb c, int32_t copy)
{
  static const double shade[] = {0, 0.35, -0.3, 0.6, -0.5};
  const pc_rgb white = {1, 1, 1}, black = {0, 0, 0};
  double t = shade[(copy < 0 ? 0 : copy) % (int32_t)(sizeof shade / sizeof *shade)];
  return t >= 0 ? pc_rgb_mix(c, white, t) : pc_rgb_mix(c, black, -t);
}

void pc_palette_puzzle(const pc_puzzle *pz, pc_rgb *out)
{
  for (int32_t i = 0; i < pz->n_pieces; i++)
    if (!pc_color_parse(pz->pieces[i].color, &out[i])) out[i] = pc_palette_color(i);
}
