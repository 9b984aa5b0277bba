/* grid.c — the lattices behind one interface: a dispatcher over the table
   each grid_<name>.c fills in (grid_lattice.h). Nothing here is mutable. */
#include "poly/grid.h"

#include <string.h>

#include "poly/grid_lattice.h"

static const pc_grid *const grids[PC_GRID_KINDS] = {
    [PC_GRID_SQUARE] = &pc_grid_square_lattice,
    [PC_GRID_TRIANGLE] = &pc_grid_triangle_lattice,
    [PC_GRID_STICK] = &pc_grid_stick_lattice,
    [PC_GRID_HEX] = &pc_grid_hex_lattice,
    [PC_GRID_CUBE] = &pc_grid_cube_lattice,
    [PC_GRID_SPHERE] = &pc_grid_sphere_lattice,
};

const pc_grid *pc_grid_by_name(const char *name)
{
  if (!name) return NULL;
  for (int i = 0; i < PC_GRID_KINDS; i++)
    if (!strcmp(name, grids[i]->name)) return grids[i];
  return NULL;
}

const char *pc_grid_names(void) { return "square, triangle, stick, hex, cube or sphere"; }

const pc_grid *pc_grid_get(pc_grid_kind kind)
{
  if ((unsigned)kind >= PC_GRID_KINDS) return NULL;
  return grids[kind];
}

pc_grid_kind pc_grid_kind_of(const pc_grid *g) { return g->kind; }
const char *pc_grid_name(const pc_grid *g) { return g->name; }
const char *pc_grid_family(const pc_grid *g) { return g->family; }
char pc_grid_letter(const pc_grid *g) { return g->letter; }
int pc_grid_transforms(const pc_grid *g) { return g->transforms; }
int pc_grid_rotations(const pc_grid *g) { return g->rotations; }
int pc_grid_mirror_h(const pc_grid *g) { return g->mirror_h; }
int pc_grid_mirror_v(const pc_grid *g) { return g->mirror_v; }
int pc_grid_dimensions(const pc_grid *g) { return g->dimensions; }
bool pc_grid_layers_aligned(const pc_grid *g) { return g->aligned_layers; }
bool pc_grid_segments(const pc_grid *g) { return g->segments; }
char pc_grid_ascii_blank(const pc_grid *g) { return g->blank; }

pc_cell pc_grid_transform(const pc_grid *g, int t, pc_cell x)
{
  if (t < 0 || t >= g->transforms) return x;
  return g->transform(t, x);
}

bool pc_grid_is_translation(const pc_grid *g, int32_t dc, int32_t dr)
{
  return g->is_translation((pc_cell){dc, dr, 0});
}

bool pc_grid_is_translation_by(const pc_grid *g, pc_cell by)
{
  if (by.l && g->dimensions < 3) return false;
  return g->is_translation(by);
}

pc_cell pc_grid_from_art(const pc_grid *g, int32_t c, int32_t r, int32_t l)
{
  return g->from_art ? g->from_art(c, r, l) : (pc_cell){c, r, l};
}

pc_cell pc_grid_to_art(const pc_grid *g, pc_cell x) { return g->to_art ? g->to_art(x) : x; }

bool pc_grid_is_cell(const pc_grid *g, pc_cell x) { return g->is_cell(x); }

bool pc_grid_compatible(const pc_grid *g, pc_cell a, pc_cell b)
{
  return !g->compatible || g->compatible(a, b);
}

int pc_grid_neighbours(const pc_grid *g, pc_cell x, pc_cell out[PC_GRID_MAX_NEIGHBOURS])
{
  return g->neighbours(x, out);
}

int pc_grid_ascii_cell(const pc_grid *g, int32_t c, int32_t r, char ch)
{
  if (ch == '.' || ch == ' ') return 0;
  return g->ascii_cell(c, r, ch);
}

char pc_grid_ascii_char(const pc_grid *g, pc_cell x)
{
  return g->ascii_char ? g->ascii_char(x) : '#';
}

const pc_grid_coloring *pc_grid_colorings(const pc_grid *g, int *n)
{
  *n = g->n_colorings;
  return g->colorings;
}
