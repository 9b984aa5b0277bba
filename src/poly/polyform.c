/* polyform.c — enumerating the polyforms of a size by growth, naming them
   and writing them as a YAML piece set. */
#include "poly/polyform.h"

#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "poly/shape.h"

/* A polyform during enumeration: a fixed-size record, cells past the size
   left at zero, so records compare and sort without knowing the size. */
typedef struct form {
  pc_cell c[PC_POLYFORM_MAX_SIZE];
} form;

static int cells_cmp(const pc_cell *a, const pc_cell *b, int32_t n)
{
  for (int32_t i = 0; i < n; i++) {
    int d = pc_cell_cmp(&a[i], &b[i]);
    if (d) return d;
  }
  return 0;
}

static int form_cmp(const void *a, const void *b)
{
  return cells_cmp(((const form *)a)->c, ((const form *)b)->c, PC_POLYFORM_MAX_SIZE);
}

/* The smallest normalized image of cells under transforms [0, ts); tmp
   holds n cells. On the plane lattices each rotation turns the previous
   image once more (images differ from the transforms' only by
   translations, which normalizing removes), so no cell is turned more
   than once per transform; the 3-D lattices' transforms are not powers of
   one turn (grid_lattice.h), so each is applied to the cells. */
static void canon(const pc_grid *g, pc_cell *cells, int32_t n, int ts, pc_cell *best,
                  pc_cell *tmp)
{
  int rot = pc_grid_rotations(g);
  bool chained = pc_grid_dimensions(g) == 2;
  for (int t = 0; t < ts; t++) {
    int step = !chained ? t : t == 0 ? 0 : t == rot ? rot : 1;
    const pc_cell *from = !chained || t == 0 || t == rot ? cells : tmp;
    for (int32_t i = 0; i < n; i++) tmp[i] = pc_grid_transform(g, step, from[i]);
    pc_shape_normalize(g, tmp, n);
    if (t == 0 || cells_cmp(tmp, best, n) < 0) memcpy(best, tmp, (size_t)n * sizeof *tmp);
  }
  memcpy(cells, best, (size_t)n * sizeof *best);
}

pc_status pc_polyform_canonical(const pc_grid *g, pc_cell *cells, int32_t n, bool one_sided)
{
  if (n <= 0) return PC_OK;
  pc_cell *tmp = pc_alloc_array(2 * (size_t)n, sizeof *tmp);
  if (!tmp) return PC_ERR_NOMEM;
  canon(g, cells, n, pc_shape_turns(g, cells, n, one_sided), tmp, tmp + n);
  free(tmp);
  return PC_OK;
}

/* A hash set of forms: open addressing over indices into a growing array. */
typedef struct formset {
  int32_t size; /* cells per form */
  int32_t count, cap;
  form *forms;
  int32_t *slots; /* -1 when empty */
  uint32_t nslots; /* a power of two, more than twice count */
} formset;

static uint32_t form_hash(const form *f, int32_t n)
{
  uint32_t h = 2166136261u;
  for (int32_t i = 0; i < n; i++) {
    h = (h ^ (uint32_t)f->c[i].c) * 16777619u;
    h = (h ^ (uint32_t)f->c[i].r) * 16777619u;
    h = (h ^ (uint32_t)f->c[i].l) * 16777619u;
  }
  return h;
}

static void formset_free(formset *s)
{
  free(s->forms);
  free(s->slots);
  memset(s, 0, sizeof *s);
}

static bool formset_rehash(formset *s, uint32_t nslots)
{
  int32_t *slots = pc_alloc_array(nslots, sizeof *slots);
  if (!slots) return false;
  memset(slots, 0xff, (size_t)nslots * sizeof *slots);
  for (int32_t i = 0; i < s->count; i++) {
    uint32_t h = form_hash(&s->forms[i], s->size) & (nslots - 1);
    while (slots[h] >= 0) h = (h + 1) & (nslots - 1);
    slots[h] = i;
  }
  free(s->slots);
  s->slots = slots;
  s->nslots = nslots;
  return true;
}

static bool formset_init(formset *s, int32_t size)
{
  memset(s, 0, sizeof *s);
  s->size = size;
  return formset_rehash(s, 64);
}

/* Adds f unless it is there already. */
static bool formset_add(formset *s, const form *f)
{
  uint32_t h = form_hash(f, s->size) & (s->nslots - 1);
  for (; s->slots[h] >= 0; h = (h + 1) & (s->nslots - 1))
    if (!cells_cmp(s->forms[s->slots[h]].c, f->c, s->size)) return true;
  if (!pc_grow((void **)&s->forms, &s->cap, (int64_t)s->count + 1, sizeof *s->forms))
    return false;
  s->forms[s->count] = *f;
  s->slots[h] = s->count++;
  if ((uint64_t)s->count * 2 >= s->nslots) {
    if (s->nslots > UINT32_MAX / 2) return false;
    return formset_rehash(s, s->nslots * 2);
  }
  return true;
}

static bool contains(const form *f, int32_t n, pc_cell x)
{
  for (int32_t i = 0; i < n; i++)
    if (f->c[i].c == x.c && f->c[i].r == x.r && f->c[i].l == x.l) return true;
  return false;
}

/* Every canonical form of `size` cells, sorted. */
static pc_status grow(const pc_grid *g, int32_t size, int ts, formset *out)
{
  pc_cell best[PC_POLYFORM_MAX_SIZE], tmp[PC_POLYFORM_MAX_SIZE];
  formset cur;
  if (!formset_init(&cur, 1)) return PC_ERR_NOMEM;
  form seed = {{{pc_grid_is_cell(g, (pc_cell){0, 0}) ? 0 : 1, 0}}}; /* sticks: (1, 0) */
  canon(g, seed.c, 1, ts, best, tmp);
  if (!formset_add(&cur, &seed)) {
    formset_free(&cur);
    return PC_ERR_NOMEM;
  }
  for (int32_t n = 2; n <= size; n++) {
    formset next;
    if (!formset_init(&next, n)) {
      formset_free(&cur);
      return PC_ERR_NOMEM;
    }
    for (int32_t k = 0; k < cur.count; k++) {
      const form *f = &cur.forms[k];
      for (int32_t i = 0; i < n - 1; i++) {
        pc_cell nb[PC_GRID_MAX_NEIGHBOURS];
        int m = pc_grid_neighbours(g, f->c[i], nb);
        for (int j = 0; j < m; j++) {
          if (contains(f, n - 1, nb[j])) continue;
          form grown = *f;
          grown.c[n - 1] = nb[j];
          canon(g, grown.c, n, ts, best, tmp);
          if (!formset_add(&next, &grown)) {
            formset_free(&cur);
            formset_free(&next);
            return PC_ERR_NOMEM;
          }
        }
      }
    }
    formset_free(&cur);
    cur = next;
  }
  qsort(cur.forms, (size_t)cur.count, sizeof *cur.forms, form_cmp);
  *out = cur;
  return PC_OK;
}

/* One-sided forms grown by rotations, each flat solid's class merged with
   its mirror image's (pc_shape_turns). The growth itself keeps to the
   rotations: a flat form's class under every transform, grown by a ball,
   could miss a chiral solid, reaching its mirror image only. */
static void merge_flat_solids(const pc_grid *g, formset *set)
{
  pc_cell best[PC_POLYFORM_MAX_SIZE], tmp[PC_POLYFORM_MAX_SIZE];
  int32_t n = set->size, kept = 0;
  for (int32_t i = 0; i < set->count; i++)
    canon(g, set->forms[i].c, n, pc_shape_turns(g, set->forms[i].c, n, true), best, tmp);
  qsort(set->forms, (size_t)set->count, sizeof *set->forms, form_cmp);
  for (int32_t i = 0; i < set->count; i++)
    if (!kept || form_cmp(&set->forms[i], &set->forms[kept - 1]))
      set->forms[kept++] = set->forms[i];
  set->count = kept; /* the hash slots are stale now: only forms are read */
}

/* A one-sided form with its free canonical form, for ordering. */
typedef struct sided {
  form free;   /* the canonical form under all transforms */
  bool mirror; /* not in the rotation class of `free` */
} sided;

static int sided_cmp(const void *a, const void *b)
{
  const sided *x = a, *y = b;
  int d = form_cmp(&x->free, &y->free);
  return d ? d : (int)x->mirror - (int)y->mirror;
}

pc_status pc_polyforms_make(const pc_grid *g, int32_t size, bool one_sided, pc_polyforms *out)
{
  memset(out, 0, sizeof *out);
  if (size < 1 || size > PC_POLYFORM_MAX_SIZE) return PC_ERR_INPUT;
  int ts = one_sided ? pc_grid_rotations(g) : pc_grid_transforms(g);
  formset set;
  pc_status st = grow(g, size, ts, &set);
  if (st) return st;
  if (one_sided) merge_flat_solids(g, &set);
  out->grid = g;
  out->size = size;
  out->count = set.count;
  out->one_sided = one_sided;
  out->cells = pc_alloc_array((size_t)set.count * (size_t)size, sizeof *out->cells);
  out->free_index = pc_alloc_array((size_t)set.count, sizeof *out->free_index);
  out->mirror = pc_calloc_array((size_t)set.count, sizeof *out->mirror);
  sided *order = one_sided ? pc_alloc_array((size_t)set.count, sizeof *order) : NULL;
  if (!out->cells || !out->free_index || !out->mirror || (one_sided && !order)) {
    free(order);
    formset_free(&set);
    pc_polyforms_free(out);
    return PC_ERR_NOMEM;
  }
  if (!one_sided) {
    for (int32_t i = 0; i < set.count; i++) {
      memcpy(out->cells + (size_t)i * (size_t)size, set.forms[i].c, (size_t)size * sizeof(pc_cell));
      out->free_index[i] = i;
    }
    out->free_count = set.count;
  } else {
    /* Pair each chiral form with its mirror image: the class holding the
       free canonical form comes first, its mirror (drawn as the
       reflection of that form, so the two read as a pair) after it. */
    pc_cell best[PC_POLYFORM_MAX_SIZE], tmp[PC_POLYFORM_MAX_SIZE];
    for (int32_t i = 0; i < set.count; i++) {
      order[i].free = set.forms[i];
      canon(g, order[i].free.c, size, pc_grid_transforms(g), best, tmp);
      order[i].mirror = cells_cmp(order[i].free.c, set.forms[i].c, size) != 0;
    }
    qsort(order, (size_t)set.count, sizeof *order, sided_cmp);
    int32_t k = -1;
    for (int32_t i = 0; i < set.count; i++) {
      if (i == 0 || form_cmp(&order[i].free, &order[i - 1].free)) k++;
      pc_cell *o = out->cells + (size_t)i * (size_t)size;
      for (int32_t j = 0; j < size; j++)
        o[j] = order[i].mirror ? pc_grid_transform(g, pc_grid_rotations(g), order[i].free.c[j])
                               : order[i].free.c[j];
      pc_shape_normalize(g, o, size);
      out->free_index[i] = k;
      out->mirror[i] = order[i].mirror;
    }
    out->free_count = k + 1;
  }
  free(order);
  formset_free(&set);
  return PC_OK;
}

void pc_polyforms_free(pc_polyforms *p)
{
  free(p->cells);
  free(p->free_index);
  free(p->mirror);
  memset(p, 0, sizeof *p);
}

void pc_polyform_name(const pc_polyforms *p, int32_t i, char *buf, size_t size)
{
  char digits[16], widest[16];
  snprintf(digits, sizeof digits, "%d", (int)p->free_index[i] + 1);
  int pad = snprintf(widest, sizeof widest, "%d", (int)p->free_count) - (int)strlen(digits);
  snprintf(buf, size, "%c%.*s%s%s", pc_grid_letter(p->grid), pad > 0 ? pad : 0,
           "000000000", digits, p->mirror[i] ? "m" : "");
}

/* A YAML scalar: plain when it is safe, else double-quoted. */
static void write_scalar(FILE *out, const char *s)
{
  bool plain = *s && !strchr("-.", *s);
  for (const char *p = s; *p && plain; p++)
    plain = (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
            *p == '-' || *p == '_' || *p == '.';
  if (plain) {
    fputs(s, out);
    return;
  }
  fputc('"', out);
  for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
    if (*p == '"' || *p == '\\') fprintf(out, "\\%c", *p);
    else if (*p < 0x20 || *p == 0x7f) fprintf(out, "\\x%02x", *p);
    else fputc(*p, out);
  }
  fputc('"', out);
}

/* Art as a literal block after a key (or a list's "-"), its lines indented
   by `indent` and 2 more: the whole plane shape, or one layer of a solid
   (layer >= 0). */
static pc_status write_art(FILE *out, const pc_grid *g, const pc_cell *cells, int32_t n,
                           int32_t layer, const char *indent)
{
  char *art = layer < 0 ? pc_shape_ascii(g, cells, n, NULL)
                        : pc_shape_layer_ascii(g, cells, n, NULL, layer);
  if (!art) return PC_ERR_NOMEM;
  /* Stick art may start with a blank: then the block needs an explicit
     indentation (2 more than the key's). */
  fprintf(out, " |%s\n", art[0] == ' ' ? "2" : "");
  for (const char *line = art; *line;) {
    const char *end = strchr(line, '\n');
    fprintf(out, "%s  %.*s\n", indent, (int)(end - line), line);
    line = end + 1;
  }
  free(art);
  return PC_OK;
}

/* A solid as a list of layers, bottom first. */
static pc_status write_layers(FILE *out, const pc_polyforms *p, const pc_cell *cells)
{
  int32_t layers = 0;
  for (int32_t j = 0; j < p->size; j++)
    if (cells[j].l + 1 > layers) layers = cells[j].l + 1;
  fputc('\n', out);
  for (int32_t k = 0; k < layers; k++) {
    fputs("    -", out);
    pc_status s = write_art(out, p->grid, cells, p->size, k, "    ");
    if (s) return s;
  }
  return PC_OK;
}

pc_status pc_polyforms_write_yaml(FILE *out, const pc_polyforms *p, const char *name)
{
  char fallback[64];
  if (!name) {
    snprintf(fallback, sizeof fallback, "%s%s-%d", p->one_sided ? "one-sided-" : "",
             pc_grid_family(p->grid), (int)p->size);
    name = fallback;
  }
  fprintf(out, "# %s %s of %d cell%s: %d, written by polycover pieces.\n",
          p->one_sided ? "one-sided" : "free", pc_grid_family(p->grid), (int)p->size,
          p->size == 1 ? "" : "s", (int)p->count);
  fputs("name: ", out);
  write_scalar(out, name);
  fprintf(out, "\ngrid: %s\n", pc_grid_name(p->grid));
  /* Solids cannot be turned into their mirror images: a set of them says
     that it lists both (pieceset.h). Plane sets leave it to the board. */
  if (p->one_sided && pc_grid_dimensions(p->grid) == 3) fputs("one_sided: true\n", out);
  fputs("pieces:\n", out);
  for (int32_t i = 0; i < p->count; i++) {
    char label[32];
    pc_polyform_name(p, i, label, sizeof label);
    fprintf(out, "  %s:", label);
    pc_status s = pc_grid_dimensions(p->grid) == 3
                      ? write_layers(out, p, p->cells + (size_t)i * (size_t)p->size)
                      : write_art(out, p->grid, p->cells + (size_t)i * (size_t)p->size, p->size,
                                  -1, "  ");
    if (s) return s;
  }
  fflush(out);
  return ferror(out) ? PC_ERR_IO : PC_OK;
}
