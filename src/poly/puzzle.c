/* puzzle.c — loading a board file into a pc_puzzle. */
#include "poly/puzzle.h"

#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/alloc.h"
#include "core/repeats.h"
#include "poly/area.h"
#include "poly/datapath.h"
#include "poly/shape.h"

static pc_status add_piece(pc_puzzle *pz, int32_t *cap, const pc_piece *p, pc_error *err)
{
  if (!pc_grow((void **)&pz->pieces, cap, pz->n_pieces + 1, sizeof *pz->pieces) ||
      pc_piece_copy(&pz->pieces[pz->n_pieces], p))
    return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  pz->n_pieces++;
  return PC_OK;
}

/* Whether `names` (a scalar or a list of scalars) mentions `name`; checks
   that every name it holds is a piece of the set, named once. */
static pc_status name_list(pc_ydoc *y, const yaml_node_t *names, const pc_pieceset *set,
                           const char *name, bool *found, pc_error *err)
{
  *found = false;
  int n = names->type == YAML_SEQUENCE_NODE ? pc_ydoc_count(names) : 1;
  for (int i = 0; i < n; i++) {
    const yaml_node_t *item = names->type == YAML_SEQUENCE_NODE ? pc_ydoc_item(y, names, i)
                                                                : names;
    const char *s = pc_ydoc_scalar(item);
    if (!s) return pc_ydoc_fail(y, item, err, "expected a piece name");
    bool known = false;
    for (int32_t k = 0; k < set->n_pieces && !known; k++)
      known = !strcmp(set->pieces[k].name, s);
    if (!known)
      return pc_ydoc_fail(y, item, err, "set '%s' has no piece '%s'", set->name, s);
    for (int j = 0; j < i; j++) /* twice is no second copy: copies says how many */
      if (!strcmp(pc_ydoc_scalar(pc_ydoc_item(y, names, j)), s))
        return pc_ydoc_fail(y, item, err,
                            "piece '%s' is listed twice (copies: 2 takes it twice)", s);
    if (!strcmp(s, name)) *found = true;
  }
  return PC_OK;
}

#define PC_COPIES_MAX 10000

/* A count from 0 to PC_COPIES_MAX spelled s[0 .. len); false if it is not. */
static bool parse_count(const char *s, size_t len, int *out)
{
  if (!len || len > 5) return false;
  int v = 0;
  for (size_t i = 0; i < len; i++) {
    if (s[i] < '0' || s[i] > '9') return false;
    v = 10 * v + (s[i] - '0');
  }
  *out = v;
  return v <= PC_COPIES_MAX;
}

/* `N`, `A..B` or (when `any` is allowed) `any`, into [*lo, *hi]; `what`
   names the key in the message. */
static pc_status parse_range(pc_ydoc *y, const yaml_node_t *n, bool any, const char *what,
                             int *lo, int *hi, pc_error *err)
{
  const char *s = pc_ydoc_scalar(n), *dots = s ? strstr(s, "..") : NULL;
  bool ok = false;
  if (s && any && !strcmp(s, "any")) {
    *lo = 0, *hi = PC_COPIES_ANY;
    return PC_OK;
  }
  if (s && dots)
    ok = parse_count(s, (size_t)(dots - s), lo) && parse_count(dots + 2, strlen(dots + 2), hi);
  else if (s) ok = parse_count(s, strlen(s), lo) && (*hi = *lo) >= 0;
  if (ok && *lo <= *hi && *hi >= 1) return PC_OK;
  return pc_ydoc_fail(y, n, err, "%s is a number N or a range A..B (0 <= A <= B, 1 <= B <= %d)%s",
                      what, PC_COPIES_MAX, any ? ", or any" : "");
}

/* `min:` (from 0) or `max:` (from 1, or any): one number, not a range. */
static pc_status parse_limit(pc_ydoc *y, const yaml_node_t *n, bool is_max, int *out,
                             pc_error *err)
{
  const char *s = pc_ydoc_scalar(n);
  if (s && is_max && !strcmp(s, "any")) {
    *out = PC_COPIES_ANY;
    return PC_OK;
  }
  if (s && parse_count(s, strlen(s), out) && *out >= (int)is_max) return PC_OK;
  return pc_ydoc_fail(y, n, err, "%s is one number from %d to %d%s (a range is copies: A..B)",
                      is_max ? "max" : "min", (int)is_max, PC_COPIES_MAX, is_max ? ", or any" : "");
}

/* copies: (a range or any), or min: and max: (min 0 and max any when
   left out); copies_default when none is given. */
static pc_status parse_copies(pc_ydoc *y, const yaml_node_t *entry, int copies_default,
                              int *lo, int *hi, pc_error *err)
{
  const yaml_node_t *n = pc_ydoc_get(y, entry, "copies"), *min = pc_ydoc_get(y, entry, "min"),
                    *max = pc_ydoc_get(y, entry, "max");
  pc_status s = PC_OK;
  *lo = copies_default, *hi = 1;
  if (n && (min || max)) return pc_ydoc_fail(y, n, err, "give copies or min/max, not both");
  if (n) return parse_range(y, n, true, "copies", lo, hi, err);
  if (min || max) *lo = 0, *hi = PC_COPIES_ANY;
  if (min && (s = parse_limit(y, min, false, lo, err))) return s;
  if (max && (s = parse_limit(y, max, true, hi, err))) return s;
  if (*hi != PC_COPIES_ANY && *lo > *hi)
    return pc_ydoc_fail(y, min, err, "min %d is more than max %d", *lo, *hi);
  return PC_OK;
}

/* The mirror image of a piece: the first reflection, normalized. */
static void mirror(const pc_grid *g, pc_piece *p)
{
  int t = pc_grid_rotations(g);
  for (int32_t i = 0; i < p->size; i++) p->cells[i] = pc_grid_transform(g, t, p->cells[i]);
  pc_shape_normalize(g, p->cells, p->size);
}

/* What an entry of `pieces:` asks for: a set by name, or the board's own
   pieces (a mapping like a set file's `pieces:`). */
typedef struct entry_opts {
  const yaml_node_t *set, *only, *except; /* only and except may be NULL */
  bool own;                               /* set is the pieces mapping */
  bool one_sided;
  int copies_min, copies;                 /* copies: PC_COPIES_ANY when any */
  int32_t group;                          /* its `choose` group, or -1 */
  const yaml_node_t *choose;              /* the group's `choose:`, or NULL */
} entry_opts;

/* A `choose:` group: its pieces together are placed A..B times. */
static pc_status add_group(pc_ydoc *y, const yaml_node_t *choose, pc_puzzle *pz, int32_t *group,
                           pc_error *err)
{
  int lo, hi;
  pc_status s = parse_range(y, choose, false, "choose", &lo, &hi, err);
  if (s) return s;
  if (!pc_grow((void **)&pz->groups, &pz->cap_groups, pz->n_groups + 1, sizeof *pz->groups))
    return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  pz->groups[pz->n_groups] = (pc_piece_group){lo, hi};
  *group = pz->n_groups++;
  return PC_OK;
}

/* An entry: a set name, or a mapping with the set (or the pieces) and
   what to take of it. */
static pc_status parse_entry(pc_ydoc *y, const yaml_node_t *entry, pc_puzzle *pz,
                             entry_opts *o, pc_error *err)
{
  static const char *const keys[] = {"set",    "pieces", "only", "except", "one_sided",
                                     "copies", "min",    "max",  "choose", NULL};
  *o = (entry_opts){.set = entry, .copies_min = 1, .copies = 1, .group = -1};
  if (entry->type != YAML_MAPPING_NODE) return PC_OK;
  pc_status s = pc_ydoc_check_keys(y, entry, keys, "a pieces entry", err);
  if (s) return s;
  const yaml_node_t *own = pc_ydoc_get(y, entry, "pieces");
  o->set = pc_ydoc_get(y, entry, "set");
  if (!o->set == !own)
    return pc_ydoc_fail(y, entry, err, "a pieces entry needs set or pieces (not both)");
  if (own) {
    o->set = own;
    o->own = true;
  }
  o->only = pc_ydoc_get(y, entry, "only");
  o->except = pc_ydoc_get(y, entry, "except");
  if ((s = pc_ydoc_flag(y, entry, "one_sided", &o->one_sided, err))) return s;
  const yaml_node_t *choose = o->choose = pc_ydoc_get(y, entry, "choose");
  /* In a group each piece is taken at most once unless it says more. */
  if ((s = parse_copies(y, entry, choose ? 0 : 1, &o->copies_min, &o->copies, err))) return s;
  return choose ? add_group(y, choose, pz, &o->group, err) : PC_OK;
}

/* The board's own pieces, for its grid. */
static pc_status own_set(pc_ydoc *y, const yaml_node_t *pieces, const pc_puzzle *pz,
                         pc_pieceset *set, pc_error *err)
{
  memset(set, 0, sizeof *set);
  snprintf(set->name, sizeof set->name, "own pieces");
  set->grid = pz->grid;
  if (pieces->type != YAML_MAPPING_NODE)
    return pc_ydoc_fail(y, pieces, err, "pieces: expected a mapping of piece names to art");
  pc_status s = pc_pieceset_parse(y, pieces, set, err);
  if (s) pc_pieceset_free(set);
  return s;
}

/* Finds a set named in the board file (datapath.h); not found, the error
   lists every place looked at. */
static pc_status find_set(pc_ydoc *y, const yaml_node_t *set_node, const pc_puzzle *pz,
                          char *path, size_t size, pc_error *err)
{
  const char *name = pc_ydoc_scalar(set_node);
  if (!name || !*name)
    return pc_ydoc_fail(y, set_node, err, "expected the name of a piece set");
  char dir[sizeof pz->path], looked[sizeof err->msg];
  snprintf(dir, sizeof dir, "%s", pz->path);
  char *slash = strrchr(dir, '/');
  if (slash) *slash = '\0';
  else strcpy(dir, ".");
  if (!pc_datapath_find(PC_DATA_PIECES, name, dir, path, size, looked, sizeof looked))
    return pc_ydoc_fail(y, set_node, err, "no piece set '%s' (looked at %s)", name, looked);
  struct stat info;
  if (stat(path, &info) == 0 && S_ISDIR(info.st_mode))
    return pc_ydoc_fail(y, set_node, err, "piece set '%s' is a folder (%s), not a file",
                        name, path);
  return PC_OK;
}

/* Finds and loads the entry's set, which must be for the board's grid
   (or a square set, lifted onto a solid board). */
static pc_status load_set(pc_ydoc *y, const entry_opts *o, const pc_puzzle *pz,
                          pc_pieceset *set, pc_error *err)
{
  if (o->own) return own_set(y, o->set, pz, set, err);
  char path[PATH_MAX];
  pc_status s = find_set(y, o->set, pz, path, sizeof path, err);
  if (s) return s;
  pc_error set_err = {0};
  if ((s = pc_pieceset_load(path, set, &set_err))) {
    *err = set_err;
    return s;
  }
  if (set->grid == pz->grid || pc_pieceset_lift(set, pz->grid)) return PC_OK;
  s = pc_ydoc_fail(y, o->set, err, "set '%s' is for the %s grid, the board is %s",
                   pc_ydoc_scalar(o->set), pc_grid_name(set->grid), pc_grid_name(pz->grid));
  pc_pieceset_free(set);
  return s;
}

/* Where a piece came from: its entry's set, and the piece it is the
   mirror image of (-1 when none), for the names' check once all are in. */
typedef struct origin {
  const yaml_node_t *set;
  int32_t mirror_of;
} origin;

/* The pieces being added: the array's capacity, and each one's origin. */
typedef struct adding {
  int32_t cap, cap_origins;
  origin *origins;
} adding;

/* Adds piece p and notes its origin. */
static pc_status add_noted(pc_puzzle *pz, adding *a, const pc_piece *p, origin from,
                           pc_error *err)
{
  if (!pc_grow((void **)&a->origins, &a->cap_origins, pz->n_pieces + 1, sizeof *a->origins))
    return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  a->origins[pz->n_pieces] = from;
  return add_piece(pz, &a->cap, p, err);
}

/* Adds piece p as the entry asks, and its mirror image when the entry
   makes it one-sided and the mirror image differs. */
static pc_status take_piece(pc_ydoc *y, const entry_opts *o, pc_puzzle *pz, adding *a,
                            pc_piece *p, pc_error *err)
{
  p->copies = o->copies;
  p->copies_min = o->copies_min;
  p->group = o->group;
  /* A one-sided set's pieces are one-sided already, their mirror images
     listed: the entry's one_sided adds none. */
  bool listed = p->one_sided;
  p->one_sided = o->one_sided || listed;
  pc_status s = add_noted(pz, a, p, (origin){o->set, -1}, err);
  if (s || !o->one_sided || listed || pc_shape_mirror_symmetric(pz->grid, p->cells, p->size))
    return s;
  if (strlen(p->name) >= PC_NAME_MAX)
    return pc_ydoc_fail(y, o->set, err, "piece name '%s' is too long for a mirror image",
                        p->name);
  char name[sizeof p->name + 1];
  snprintf(name, sizeof name, "%s'", p->name);
  if ((s = add_noted(pz, a, p, (origin){o->set, pz->n_pieces - 1}, err))) return s;
  pc_piece *m = &pz->pieces[pz->n_pieces - 1];
  strcpy(m->name, name);
  mirror(pz->grid, m);
  return PC_OK;
}

/* A `choose: A..B` group whose pieces and copies add up to fewer than A,
   or whose pieces' min add up to more than B, would leave the puzzle
   without a solution, silently. */
static pc_status check_group(pc_ydoc *y, const entry_opts *o, const pc_puzzle *pz,
                             pc_error *err)
{
  int64_t most = 0, fewest = 0;
  for (int32_t k = 0; k < pz->n_pieces; k++)
    if (pz->pieces[k].group == o->group) {
      most += pz->pieces[k].copies == PC_COPIES_ANY ? PC_COPIES_MAX : pz->pieces[k].copies;
      fewest += pz->pieces[k].copies_min;
    }
  const pc_piece_group *g = &pz->groups[o->group];
  if (most < g->lower)
    return pc_ydoc_fail(y, o->choose, err,
                        "choose asks for %d pieces but the entry's pieces and copies give at "
                        "most %lld", g->lower, (long long)most);
  if (fewest > g->upper)
    return pc_ydoc_fail(y, o->choose, err,
                        "choose allows at most %d piece%s but the entry's pieces need at "
                        "least %lld (their min)", g->upper, g->upper == 1 ? "" : "s",
                        (long long)fewest);
  return PC_OK;
}

/* A group of one piece only bounds that piece's copies: the piece is
   then in no group, with those bounds, so that {L} with `choose: 1` is
   the piece L placed once, for symmetry (a mirror may carry it onto a J
   in no group), the reduction and challenges alike. The entry's group is
   the last one made. */
static void fold_lone_group(pc_puzzle *pz, int32_t group)
{
  int32_t members = 0, last = -1;
  for (int32_t k = 0; k < pz->n_pieces; k++)
    if (pz->pieces[k].group == group) members++, last = k;
  if (members != 1 || group != pz->n_groups - 1) return;
  pc_piece *p = &pz->pieces[last];
  const pc_piece_group *g = &pz->groups[group];
  if (g->lower > p->copies_min) p->copies_min = g->lower;
  if (p->copies == PC_COPIES_ANY || g->upper < p->copies) p->copies = g->upper;
  p->group = -1;
  pz->n_groups--;
}

/* One entry of `pieces:`, a set name or a mapping. */
static pc_status load_entry(pc_ydoc *y, const yaml_node_t *entry, pc_puzzle *pz,
                            adding *a, pc_error *err)
{
  entry_opts o;
  pc_pieceset set;
  pc_status s = parse_entry(y, entry, pz, &o, err);
  if (s) return s;
  s = load_set(y, &o, pz, &set, err);
  if (s) return s;
  if (!pz->warning[0]) memcpy(pz->warning, set.warning, sizeof pz->warning);
  for (int32_t i = 0; i < set.n_pieces && !s; i++) {
    pc_piece *p = &set.pieces[i];
    bool in_only = true, in_except = false;
    if (o.only && (s = name_list(y, o.only, &set, p->name, &in_only, err))) break;
    if (o.except && (s = name_list(y, o.except, &set, p->name, &in_except, err))) break;
    if (in_only && !in_except) s = take_piece(y, &o, pz, a, p, err);
  }
  pc_pieceset_free(&set);
  if (s || o.group < 0 || (s = check_group(y, &o, pz, err))) return s;
  fold_lone_group(pz, o.group);
  return PC_OK;
}

/* Gives each piece one character for ASCII output: its one-letter name,
   a mirror image's lower-case letter, else the first free character. */
static void assign_symbols(pc_puzzle *pz)
{
  static const char pool[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                             "0123456789@$%&*+=?!<>~^";
  bool used[256] = {false};
  used['#'] = used['.'] = used[' '] = true;
  for (int32_t i = 0; i < pz->n_pieces; i++) {
    pc_piece *p = &pz->pieces[i];
    char c = 0;
    if (strlen(p->name) == 1) c = p->name[0];
    else if (strlen(p->name) == 2 && p->name[1] == '\'' && isupper((unsigned char)p->name[0]))
      c = (char)tolower((unsigned char)p->name[0]);
    p->symbol = c && !used[(unsigned char)c] ? c : 0;
    if (p->symbol) used[(unsigned char)p->symbol] = true;
  }
  for (int32_t i = 0; i < pz->n_pieces; i++) {
    pc_piece *p = &pz->pieces[i];
    for (const char *c = pool; !p->symbol && *c; c++)
      if (!used[(unsigned char)*c]) {
        p->symbol = *c;
        used[(unsigned char)*c] = true;
      }
    if (!p->symbol) p->symbol = '?';
  }
}

/* Fails at board cell i, inside the art. */
static pc_status fail_at_cell(pc_ydoc *y, const yaml_node_t *art, const pc_puzzle *pz,
                              int32_t i, pc_error *err, const char *fmt, const char *what)
{
  int line, column;
  pc_art_pos(y, art, pz->grid, pz->cells[i], &line, &column);
  return pc_error_set(err, PC_ERR_INPUT, line, column, fmt, what);
}

/* pz->fixed from the art's labels: the piece a cell's label names, or -1
   for the grid's own character ('#'; on sticks '-' and '|'). */
static pc_status label_cells(pc_ydoc *y, const yaml_node_t *art, pc_puzzle *pz,
                             const char *labels, pc_error *err)
{
  for (int32_t i = 0; i < pz->n_cells; i++) {
    pz->fixed[i] = -1;
    char c = labels[i];
    if (c == pc_grid_ascii_char(pz->grid, pz->cells[i])) continue;
    for (int32_t k = 0; k < pz->n_pieces && pz->fixed[i] < 0; k++)
      if (pz->pieces[k].name[0] == c && !pz->pieces[k].name[1]) pz->fixed[i] = k;
    if (pz->fixed[i] < 0) {
      char name[2] = {c, 0};
      return fail_at_cell(y, art, pz, i, err,
                          "'%s' is not a piece of this puzzle (draw cells to fill with '#')",
                          name);
    }
  }
  return PC_OK;
}

/* Each pre-placed piece: one copy, on cells that form the piece. */
static pc_status check_fixed(pc_ydoc *y, const yaml_node_t *art, const pc_puzzle *pz,
                             pc_cell *mine, pc_error *err)
{
  for (int32_t k = 0; k < pz->n_pieces; k++) {
    int32_t n = 0, first = -1;
    for (int32_t i = 0; i < pz->n_cells; i++)
      if (pz->fixed[i] == k) {
        if (first < 0) first = i;
        mine[n++] = pz->cells[i];
      }
    if (!n) continue;
    const pc_piece *p = &pz->pieces[k];
    bool fits = false;
    if (p->group >= 0)
      return fail_at_cell(y, art, pz, first, err,
                          "piece '%s' is pre-placed but its entry has choose: (a pre-placed "
                          "piece is placed once, in no group)",
                          p->name);
    if (!pc_piece_exactly_once(p))
      return fail_at_cell(y, art, pz, first, err,
                          "piece '%s' is pre-placed but has copies (a pre-placed piece is "
                          "placed once)",
                          p->name);
    if (pc_piece_orientation_of(pz->grid, p, mine, n, &fits))
      return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
    if (!fits)
      return fail_at_cell(y, art, pz, first, err, "the cells marked '%s' do not form that piece",
                          p->name);
  }
  return PC_OK;
}

/* Board art: '#' is a cell to fill; a piece's one-character name pre-places
   that piece on the cells it marks, which must form one of its orientations. */
static pc_status load_board(pc_ydoc *y, const yaml_node_t *art, pc_puzzle *pz, pc_error *err)
{
  char *labels = NULL;
  pc_status s = pc_art_parse(y, art, pz->grid, &pz->cells, &labels, &pz->n_cells, err);
  if (s) return s;
  if (!pz->n_cells) {
    free(labels);
    return pc_ydoc_fail(y, art, err, "the board has no cells");
  }
  /* Art is read row by row, so cells are already in row-major order. */
  pz->fixed = pc_alloc_array((size_t)pz->n_cells, sizeof *pz->fixed);
  pc_cell *mine = pc_alloc_array((size_t)pz->n_cells, sizeof *mine);
  if (!pz->fixed || !mine) {
    s = pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
    goto done;
  }
  s = label_cells(y, art, pz, labels, err);
  if (s) goto done;
  s = check_fixed(y, art, pz, mine, err);
done:
  free(labels);
  free(mine);
  return s;
}

/* The board file a command line names (datapath.h) into pz->path: a path
   as given (its error comes from reading it), or a shipped board by name. */
static pc_status find_board(const char *name, pc_puzzle *pz, pc_error *err)
{
  char looked[sizeof err->msg];
  if (!strcmp(name, "-")) {
    /* Standard input: a board in the current folder, for finding sets. */
    strcpy(pz->path, "-");
    return PC_OK;
  }
  pc_error_file(err, name);
  /* Cut short, it would name another file. */
  if (strlen(name) >= sizeof pz->path)
    return pc_error_set(err, PC_ERR_INPUT, 0, 0,
                        "a path of %zu bytes, where a board's may have %zu at most",
                        strlen(name), sizeof pz->path - 1);
  if (pc_datapath_find(PC_DATA_BOARDS, name, NULL, pz->path, sizeof pz->path, looked,
                       sizeof looked) ||
      strchr(name, '/')) {
    if (!pz->path[0]) snprintf(pz->path, sizeof pz->path, "%s", name);
    return PC_OK;
  }
  return pc_error_set(err, PC_ERR_INPUT, 0, 0, "no board file '%s' (looked at %s)", name,
                      looked);
}

/* `holes: N` (or A..B, or any): that many board cells may stay empty,
   each a one-cell "piece" of that many copies, drawn as an empty cell. */
static pc_status add_holes(pc_ydoc *y, const yaml_node_t *holes, pc_puzzle *pz, int32_t *cap,
                           pc_error *err)
{
  /* One cell of the grid (on sticks, a segment). */
  pc_cell cell = pc_grid_is_cell(pz->grid, (pc_cell){0, 0}) ? (pc_cell){0, 0} : (pc_cell){1, 0};
  pc_piece hole = {.name = "hole", .cells = &cell, .size = 1, .group = -1, .hole = true};
  pc_status s = parse_range(y, holes, true, "holes", &hole.copies_min, &hole.copies, err);
  if (s) return s;
  for (int32_t k = 0; k < pz->n_pieces; k++)
    if (!strcmp(pz->pieces[k].name, hole.name))
      return pc_ydoc_fail(y, holes, err, "a piece is named 'hole', which holes: needs");
  return add_piece(pz, cap, &hole, err);
}

typedef struct name_key {
  const char *name;
  int32_t index;
} name_key;

static int name_key_cmp(const void *a, const void *b)
{
  return strcmp(((const name_key *)a)->name, ((const name_key *)b)->name);
}

static int32_t name_key_index(const void *a) { return ((const name_key *)a)->index; }

/* No two pieces of one name (the matrix names an item by each): the first
   piece whose name an earlier one has is refused at its entry. Sorted,
   not pair by pair, for sets of thousands of pieces. */
static pc_status check_names(pc_ydoc *y, const pc_puzzle *pz, const origin *origins,
                             pc_error *err)
{
  name_key *keys = pc_alloc_array((size_t)pz->n_pieces, sizeof *keys);
  if (!keys) return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  for (int32_t i = 0; i < pz->n_pieces; i++) keys[i] = (name_key){pz->pieces[i].name, i};
  int32_t first, second;
  pc_first_repeat(keys, (size_t)pz->n_pieces, sizeof *keys, name_key_cmp, name_key_index,
                  &first, &second);
  free(keys);
  if (second < 0) return PC_OK;
  const origin *o = &origins[second];
  if (o->mirror_of < 0)
    return pc_ydoc_fail(y, o->set, err, "piece '%s' is taken twice", pz->pieces[second].name);
  return pc_ydoc_fail(y, o->set, err,
                      "the mirror image of piece '%s' would be named '%s', which a piece of "
                      "the puzzle is named already",
                      pz->pieces[o->mirror_of].name, pz->pieces[second].name);
}

/* Every entry of `pieces:`, a list or one entry. */
static pc_status load_pieces(pc_ydoc *y, const yaml_node_t *pieces, const yaml_node_t *holes,
                             pc_puzzle *pz, pc_error *err)
{
  adding a = {0};
  int n = pieces->type == YAML_SEQUENCE_NODE ? pc_ydoc_count(pieces) : 1;
  if (!n) return pc_ydoc_fail(y, pieces, err, "no pieces");
  pc_status s = PC_OK;
  for (int i = 0; i < n && !s; i++)
    s = load_entry(y, pieces->type == YAML_SEQUENCE_NODE ? pc_ydoc_item(y, pieces, i) : pieces,
                   pz, &a, err);
  if (!s && !pz->n_pieces) s = pc_ydoc_fail(y, pieces, err, "the entries leave no pieces");
  if (!s) s = check_names(y, pz, a.origins, err);
  free(a.origins);
  if (!s && holes) s = add_holes(y, holes, pz, &a.cap, err);
  return s;
}

/* The pieces can cover the board's cells, as far as their sizes, copies
   and groups tell. */
static pc_status check_area(pc_ydoc *y, const yaml_node_t *board, const pc_puzzle *pz,
                            pc_error *err)
{
  bool reachable;
  pc_status s = pc_area_reachable(pz, &reachable, err);
  if (s || reachable) return s;
  int64_t least, most;
  pc_puzzle_piece_area(pz, &least, &most);
  if (least == most && least != pz->n_cells)
    return pc_ydoc_fail(y, board, err,
                        "the pieces cover %lld cell%s but the board has %d: no solution can "
                        "exist",
                        (long long)least, least == 1 ? "" : "s", (int)pz->n_cells);
  if (least > pz->n_cells && most < 0) /* no most: copies any */
    return pc_ydoc_fail(y, board, err,
                        "the pieces cover at least %lld cells but the board has %d: no "
                        "solution can exist",
                        (long long)least, (int)pz->n_cells);
  if (least > pz->n_cells || (most >= 0 && most < pz->n_cells))
    return pc_ydoc_fail(y, board, err,
                        "the pieces cover %lld to %lld cells but the board has %d: no "
                        "solution can exist",
                        (long long)least, (long long)most, (int)pz->n_cells);
  return pc_ydoc_fail(y, board, err,
                      "no choice of pieces that copies and choose allow covers exactly the "
                      "board's %d cells: no solution can exist",
                      (int)pz->n_cells);
}

pc_status pc_puzzle_load(const char *path, pc_puzzle *pz, pc_error *err)
{
  static const char *const keys[] = {"title", "description", "grid", "pieces",
                                     "holes", "board",       NULL};
  memset(pz, 0, sizeof *pz);
  pc_status s = find_board(path, pz, err);
  if (s) return s;
  pc_ydoc y;
  if ((s = pc_ydoc_load(&y, pz->path, err))) return s;
  yaml_node_t *root = pc_ydoc_root(&y);
  if ((s = pc_ydoc_check_keys(&y, root, keys, "a board file", err))) goto done;
  const yaml_node_t *grid = pc_ydoc_get(&y, root, "grid"),
                    *pieces = pc_ydoc_get(&y, root, "pieces"),
                    *board = pc_ydoc_get(&y, root, "board");
  const char *missing = !grid ? "grid" : !pieces ? "pieces" : !board ? "board" : NULL;
  if (missing) {
    s = pc_ydoc_fail(&y, root, err, "a board file needs %s", missing);
    goto done;
  }
  const char *title, *description;
  if ((s = pc_ydoc_string(&y, root, "title", &title, err))) goto done;
  if ((s = pc_ydoc_string(&y, root, "description", &description, err))) goto done;
  /* Untitled: the file's name, without its folder (pictures show it). */
  const char *slash = strrchr(path, '/');
  snprintf(pz->title, sizeof pz->title, "%s", title ? title : slash ? slash + 1 : path);
  pz->grid = pc_grid_by_name(pc_ydoc_scalar(grid) ? pc_ydoc_scalar(grid) : "");
  if (!pz->grid) {
    s = pc_ydoc_fail(&y, grid, err, "unknown grid (%s)", pc_grid_names());
    goto done;
  }
  if ((s = load_pieces(&y, pieces, pc_ydoc_get(&y, root, "holes"), pz, err))) goto done;
  assign_symbols(pz);
  if ((s = load_board(&y, board, pz, err))) goto done;
  s = check_area(&y, board, pz, err);
done:
  if (s && err && !err->file[0]) pc_error_file(err, y.path);
  pc_ydoc_free(&y);
  if (s) pc_puzzle_free(pz);
  return s;
}

void pc_puzzle_free(pc_puzzle *pz)
{
  for (int32_t i = 0; i < pz->n_pieces; i++) pc_piece_free(&pz->pieces[i]);
  free(pz->pieces);
  free(pz->cells);
  free(pz->fixed);
  free(pz->groups);
  memset(pz, 0, sizeof *pz);
}

int32_t pc_puzzle_cell_index(const pc_puzzle *pz, pc_cell x)
{
  return pc_cells_index(pz->cells, pz->n_cells, x);
}

void pc_puzzle_piece_area(const pc_puzzle *pz, int64_t *least, int64_t *most)
{
  *least = *most = 0;
  for (int32_t i = 0; i < pz->n_pieces; i++) {
    const pc_piece *p = &pz->pieces[i];
    *least += (int64_t)p->size * p->copies_min;
    if (p->copies == PC_COPIES_ANY) *most = -1;
    else if (*most >= 0) *most += (int64_t)p->size * p->copies;
  }
}

bool pc_puzzle_has_multiplicities(const pc_puzzle *pz)
{
  for (int32_t i = 0; i < pz->n_pieces; i++)
    if (!pc_piece_exactly_once(&pz->pieces[i])) return true;
  return false;
}

void pc_puzzle_holes_text(const pc_puzzle *pz, char *out, size_t size)
{
  snprintf(out, size, "%s", "");
  for (int32_t k = 0; k < pz->n_pieces; k++)
    if (pz->pieces[k].hole) {
      char copies[32];
      pc_piece_copies_text(&pz->pieces[k], copies, sizeof copies);
      snprintf(out, size, "%s cell%s", *copies ? copies : "1", *copies ? "s" : "");
    }
}
