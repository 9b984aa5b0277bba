/* solfile.c — writing and reading solution files (format in solfile.h). */
#include "poly/solfile.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/atomic.h"
#include "core/lines.h"
#include "poly/shape.h"

#define MAGIC "polycover-solutions"
#define VERSION 3

/* ---- writing ---- */

/* A color as "#rrggbb" ("#rgb" doubled), or "-" for none. */
static void put_color(FILE *f, const char *color)
{
  size_t n = strlen(color);
  if (n == 4)
    fprintf(f, "#%c%c%c%c%c%c", color[1], color[1], color[2], color[2], color[3], color[3]);
  else fputs(n ? color : "-", f);
}

/* Text on one line: line breaks become spaces. */
static void put_line(FILE *f, const char *s)
{
  for (; *s; s++) fputc(*s == '\n' || *s == '\r' ? ' ' : *s, f);
  fputc('\n', f);
}

/* Each line of art behind a prefix. */
static void put_art(FILE *f, const char *prefix, const char *art)
{
  while (*art) {
    const char *nl = strchr(art, '\n');
    size_t len = nl ? (size_t)(nl - art) : strlen(art);
    fprintf(f, "%s%.*s\n", prefix, (int)len, art);
    art += len + (nl != NULL);
  }
}

/* The text printed into mem, added to the file and its checksum. */
static pc_status emit(pc_solwriter *w, FILE *mem, char **text, size_t *size, pc_error *err)
{
  if (fclose(mem)) {
    free(*text);
    return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  }
  w->sum = pc_fnv(w->sum, *text, *size);
  bool ok = fwrite(*text, 1, *size, w->f) == *size;
  free(*text);
  if (ok) return PC_OK;
  pc_error_file(err, w->path);
  return pc_error_set(err, PC_ERR_IO, 0, 0, "cannot write: %s", strerror(errno));
}

static void put_head(FILE *f, const pc_puzzle *pz, const char *art)
{
  fprintf(f, "%s %d\ntitle ", MAGIC, VERSION);
  put_line(f, pz->title);
  fprintf(f, "grid %s\n", pc_grid_name(pz->grid));
  for (int32_t i = 0; i < pz->n_pieces; i++) {
    const pc_piece *p = &pz->pieces[i];
    if (p->hole) {
      fprintf(f, "hole %c\n", p->symbol);
      continue;
    }
    fprintf(f, "piece %c ", p->symbol);
    put_color(f, p->color);
    fprintf(f, " %s\n", p->name);
  }
  fputs("board\n", f);
  put_art(f, "", art);
  fputs("end\n", f);
}

pc_status pc_solwriter_open(pc_solwriter *w, const char *path, const pc_puzzle *pz,
                            pc_error *err)
{
  memset(w, 0, sizeof *w);
  w->pz = pz;
  w->sum = PC_FNV_START;
  w->path = strdup(path);
  if (!w->path) return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  pc_status s = PC_OK;
  if (!strcmp(path, "-")) w->f = stdout;
  else if ((s = pc_atomic_open(path, &w->f, &w->tmp, err))) {
    free(w->path);
    w->path = NULL;
    return s;
  }
  char *art = pc_shape_ascii(pz->grid, pz->cells, pz->n_cells, NULL), *text = NULL;
  size_t size = 0;
  FILE *mem = art ? open_memstream(&text, &size) : NULL;
  if (!mem) s = pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  else put_head(mem, pz, art);
  if (mem) s = emit(w, mem, &text, &size, err);
  free(art);
  if (s) pc_solwriter_abort(w);
  return s;
}

/* A cell as c,r (c,r,l on 3-D grids) after `before`. */
static void put_cell(FILE *f, const pc_puzzle *pz, pc_cell x, const char *before)
{
  fprintf(f, "%s%d,%d", before, (int)x.c, (int)x.r);
  if (pc_grid_dimensions(pz->grid) == 3) fprintf(f, ",%d", (int)x.l);
}

/* One line per placed piece, in the order of their anchors. */
static void put_solution(FILE *f, const pc_solwriter *w, const pc_tiling *t, const char *art)
{
  fprintf(f, "solution %llu\n", (unsigned long long)w->count);
  put_art(f, "# ", art);
  for (int32_t a = 0; a < t->n_cells; a++) {
    if (t->anchor[a] != a) continue;
    fprintf(f, "%d", (int)t->piece[a]);
    for (int32_t i = a; i < t->n_cells; i++)
      if (t->anchor[i] == a) put_cell(f, w->pz, w->pz->cells[i], " ");
    fputc('\n', f);
  }
  fputs("end\n", f);
}

pc_status pc_solwriter_add(pc_solwriter *w, const pc_tiling *t, pc_error *err)
{
  char *art = pc_tiling_ascii(t, w->pz), *text = NULL;
  size_t size = 0;
  FILE *mem = art ? open_memstream(&text, &size) : NULL;
  if (!mem) {
    free(art);
    return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  }
  w->count++;
  put_solution(mem, w, t, art);
  free(art);
  return emit(w, mem, &text, &size, err);
}

static void release(pc_solwriter *w)
{
  free(w->path);
  free(w->tmp);
  w->path = w->tmp = NULL;
  w->f = NULL;
}

/* Copies the first n bytes of the file at `from` to `to`. */
static pc_status copy_prefix(const char *from, FILE *to, int64_t n, pc_error *err)
{
  FILE *f = fopen(from, "rb");
  char buf[1 << 14];
  while (f && n > 0) {
    size_t want = n < (int64_t)sizeof buf ? (size_t)n : sizeof buf;
    size_t got = fread(buf, 1, want, f);
    if (got == 0 || fwrite(buf, 1, got, to) != got) break;
    n -= (int64_t)got;
  }
  bool ok = f && n == 0;
  if (f) fclose(f);
  if (ok) return PC_OK;
  pc_error_file(err, from);
  return pc_error_set(err, PC_ERR_INPUT, 0, 0,
                      "cannot carry on this solution file: it is shorter than the checkpoint says");
}

pc_status pc_solwriter_mark(pc_solwriter *w, int64_t *length, pc_error *err)
{
  if (fflush(w->f) != 0) {
    pc_error_file(err, w->path);
    return pc_error_set(err, PC_ERR_IO, 0, 0, "cannot write: %s", strerror(errno));
  }
  *length = ftello(w->f);
  /* Written straight through (stdout, a device): nothing to snapshot. */
  if (w->f == stdout || !w->tmp) return PC_OK;
  FILE *snap;
  char *tmp;
  pc_status s = pc_atomic_open(w->path, &snap, &tmp, err);
  if (!s && (s = copy_prefix(w->tmp, snap, *length, err))) pc_atomic_abort(snap, tmp);
  else if (!s) {
    pc_lines_put_checksum(snap, w->sum);
    s = pc_atomic_commit(snap, tmp, w->path, err);
  }
  free(tmp);
  return s;
}

/* The checksum of the first `length` bytes of the file at path, which must
   be whole and have a line starting there. */
static pc_status prefix_sum(const char *path, int64_t length, uint64_t *sum, pc_error *err)
{
  pc_lines in;
  pc_status s = pc_lines_open(&in, path, err);
  if (s) return s;
  bool found = length == 0, checked = false;
  *sum = PC_FNV_START;
  while (!s && !checked && pc_lines_next(&in)) {
    if (!strncmp(in.line, "checksum ", 9)) {
      s = pc_lines_checksum_here(&in, err);
      checked = true;
    } else if (in.bytes == (uint64_t)length) {
      *sum = in.sum;
      found = true;
    }
  }
  if (!s && in.status) s = pc_lines_fault(&in, err);
  if (!s && !checked) s = pc_error_set(err, PC_ERR_INPUT, in.number, 0, "no 'checksum' line");
  if (!s && !found)
    s = pc_error_set(err, PC_ERR_INPUT, 0, 0,
                     "cannot carry on this solution file: it does not hold the %lld bytes "
                     "the checkpoint says", (long long)length);
  pc_lines_close(&in);
  return s;
}

pc_status pc_solwriter_resume(pc_solwriter *w, const char *path, const pc_puzzle *pz,
                              int64_t length, uint64_t count, pc_error *err)
{
  memset(w, 0, sizeof *w);
  w->pz = pz;
  w->count = count;
  w->path = strdup(path);
  if (!w->path) return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  pc_status s = prefix_sum(path, length, &w->sum, err);
  if (s) {
    release(w);
    return s;
  }
  s = pc_atomic_open(path, &w->f, &w->tmp, err);
  if (!s) s = copy_prefix(path, w->f, length, err);
  if (s) pc_solwriter_abort(w);
  return s;
}

pc_status pc_solwriter_commit(pc_solwriter *w, pc_error *err)
{
  pc_status s = PC_OK;
  pc_lines_put_checksum(w->f, w->sum);
  if (w->f == stdout) {
    if (fflush(stdout) != 0 || ferror(stdout)) {
      pc_error_file(err, "<stdout>");
      s = pc_error_set(err, PC_ERR_IO, 0, 0, "cannot write: %s", strerror(errno));
    }
  } else {
    s = pc_atomic_commit(w->f, w->tmp, w->path, err);
  }
  release(w);
  return s;
}

void pc_solwriter_abort(pc_solwriter *w)
{
  if (w->f && w->f != stdout) pc_atomic_abort(w->f, w->tmp);
  release(w);
}

/* ---- reading ---- */

typedef struct reader {
  const char *path;
  pc_lines in;
  pc_error *err;
  pc_solfile *out;
  int32_t cap_pieces, cap_solutions, cap_cells;
} reader;

static pc_status fail(reader *rd, const char *at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* An input error at the character `at` of the current line (NULL: the
   line as a whole). */
static pc_status fail(reader *rd, const char *at, const char *fmt, ...)
{
  if (!rd->err) return PC_ERR_INPUT;
  pc_error_file(rd->err, rd->path);
  if (rd->in.status) return pc_lines_fault(&rd->in, rd->err);
  char msg[sizeof rd->err->msg];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  return pc_error_set(rd->err, PC_ERR_INPUT, rd->in.number ? rd->in.number : 1,
                      at ? (int)(at - rd->in.line) + 1 : 0, "%s", msg);
}

static pc_status nomem(reader *rd)
{
  return pc_error_set(rd->err, PC_ERR_NOMEM, 0, 0, "out of memory");
}

/* Whether the line is `word` alone or `word` and a space; *rest is what
   follows the space. */
static bool keyword(const char *line, const char *word, const char **rest)
{
  size_t n = strlen(word);
  if (strncmp(line, word, n) || (line[n] && line[n] != ' ')) return false;
  *rest = line[n] ? line + n + 1 : line + n;
  return true;
}

/* A plain decimal number from s up to a character of `stop` or the end;
   *end is where it stopped. */
static bool number(const char *s, const char *stop, int32_t *v, const char **end)
{
  uint64_t x;
  const char *p = s;
  if (!pc_scan_u64(&p, INT32_MAX, &x) || (*p && !strchr(stop, *p))) return false;
  *v = (int32_t)x;
  *end = p;
  return true;
}

static bool is_color(const char *s)
{
  if (s[0] != '#' || strlen(s) != 7) return false;
  for (int i = 1; i < 7; i++)
    if (!isxdigit((unsigned char)s[i])) return false;
  return true;
}

/* A new piece, with one copy and in no group; NULL when out of memory. */
static pc_piece *new_piece(reader *rd)
{
  pc_puzzle *pz = &rd->out->pz;
  if (!pc_grow((void **)&pz->pieces, &rd->cap_pieces, pz->n_pieces + 1, sizeof *pz->pieces))
    return NULL;
  pc_piece *p = &pz->pieces[pz->n_pieces++];
  memset(p, 0, sizeof *p);
  p->copies = p->copies_min = 1;
  p->group = -1;
  return p;
}

/* hole SYMBOL (version 3): the cells a board's `holes:` leaves empty. */
static pc_status read_hole(reader *rd, const char *rest)
{
  if (!isgraph((unsigned char)rest[0]) || rest[1])
    return fail(rd, rest, "expected the holes' symbol, one character");
  pc_piece *p = new_piece(rd);
  if (!p) return nomem(rd);
  strcpy(p->name, "hole");
  p->symbol = rest[0];
  p->hole = true;
  return PC_OK;
}

/* piece SYMBOL COLOR NAME */
static pc_status read_piece(reader *rd, const char *rest)
{
  const char *sym = rest, *color = rest + 2, *sp = strchr(color, ' ');
  if (!isgraph((unsigned char)sym[0]) || sym[1] != ' ')
    return fail(rd, sym, "expected a piece's symbol, one character");
  if (!sp) return fail(rd, color, "expected a color and a name");
  const char *name = sp + 1;
  char col[16] = "";
  size_t clen = (size_t)(sp - color);
  if (clen >= sizeof col) return fail(rd, color, "a color is \"#rrggbb\" or \"-\"");
  memcpy(col, color, clen);
  col[clen] = '\0';
  if (strcmp(col, "-") && !is_color(col))
    return fail(rd, color, "a color is \"#rrggbb\" or \"-\"");
  if (!*name || strlen(name) > PC_NAME_MAX || strchr(name, ' '))
    return fail(rd, name, "expected a piece name of 1 to %d characters, no spaces",
                PC_NAME_MAX);
  pc_piece *p = new_piece(rd);
  if (!p) return nomem(rd);
  strcpy(p->name, name);
  if (strcmp(col, "-")) strcpy(p->color, col);
  p->symbol = sym[0];
  return PC_OK;
}

/* One line of board art, row `row` of layer `layer`. */
static pc_status read_board_line(reader *rd, int32_t row, int32_t layer)
{
  pc_puzzle *pz = &rd->out->pz;
  for (const char *p = rd->in.line; *p; p++) {
    int32_t col = (int32_t)(p - rd->in.line);
    pc_cell x = pc_grid_from_art(pz->grid, col, row, layer);
    int k = pc_grid_ascii_cell(pz->grid, col, row, *p);
    char shown[5];
    pc_lines_escape(p, 1, shown);
    if (k < 0 || (k > 0 && *p != pc_grid_ascii_char(pz->grid, x)))
      return fail(rd, p, "'%s' cannot stand here in %s board art", shown,
                  pc_grid_name(pz->grid));
    if (!k) continue;
    if (pz->n_cells && !pc_grid_compatible(pz->grid, pz->cells[0], x))
      return fail(rd, p, "'%s' is half a cell off the first cell in %s board art", shown,
                  pc_grid_name(pz->grid));
    if (!pc_grow((void **)&pz->cells, &rd->cap_cells, pz->n_cells + 1, sizeof *pz->cells))
      return nomem(rd);
    pz->cells[pz->n_cells++] = x;
  }
  return PC_OK;
}

/* The board's art, up to `end`; on 3-D grids each layer follows a line
   "layer K" (K from 1, in order). */
static pc_status read_board(reader *rd)
{
  pc_puzzle *pz = &rd->out->pz;
  bool solid = pc_grid_dimensions(pz->grid) == 3;
  int32_t row = 0, layer = -1;
  const char *rest, *end;
  pc_status s;
  for (;; row++) {
    if (!pc_lines_next(&rd->in)) return fail(rd, NULL, "the board has no 'end'");
    if (!strcmp(rd->in.line, "end")) break;
    if (solid && keyword(rd->in.line, "layer", &rest)) {
      int32_t k;
      if (!number(rest, "", &k, &end) || k != layer + 2)
        return fail(rd, rest, "expected layer %d", (int)layer + 2);
      layer++, row = -1;
      continue;
    }
    if (solid && layer < 0) return fail(rd, rd->in.line, "expected 'layer 1'");
    if ((s = read_board_line(rd, row, layer < 0 ? 0 : layer))) return s;
  }
  if (!pz->n_cells) return fail(rd, NULL, "the board has no cells");
  /* Art is read in order, but a lattice may map art places (grid.h). */
  qsort(pz->cells, (size_t)pz->n_cells, sizeof *pz->cells, pc_cell_cmp);
  pz->fixed = pc_alloc_array((size_t)pz->n_cells, sizeof *pz->fixed);
  if (!pz->fixed) return nomem(rd);
  for (int32_t i = 0; i < pz->n_cells; i++) pz->fixed[i] = -1;
  return PC_OK;
}

/* A coordinate: a number, with a sign where it is negative (the
   sphere lattice's rows). */
static bool coordinate(const char *s, const char *stop, int32_t *v, const char **end)
{
  if (*s != '-') return number(s, stop, v, end);
  if (!number(s + 1, stop, v, end)) return false;
  *v = -*v;
  return true;
}

/* A cell c,r (c,r,l on 3-D grids) at p; *end is past it. */
static bool read_cell(const pc_puzzle *pz, const char *p, pc_cell *x, const char **end)
{
  *x = (pc_cell){0, 0, 0};
  bool solid = pc_grid_dimensions(pz->grid) == 3;
  if (!coordinate(p, ",", &x->c, end) || !**end) return false;
  if (!coordinate(*end + 1, solid ? "," : " ", &x->r, end)) return false;
  return !solid || (**end && coordinate(*end + 1, " ", &x->l, end));
}

/* One placed piece: INDEX c,r c,r ... */
static pc_status read_placement(reader *rd, pc_tiling *t)
{
  const pc_puzzle *pz = &rd->out->pz;
  const char *p = rd->in.line, *end;
  int32_t piece, first = -1;
  if (!number(p, " ", &piece, &end) || piece < 0 || piece >= pz->n_pieces)
    return fail(rd, p, "expected a piece index from 0 to %d", (int)pz->n_pieces - 1);
  for (p = end; *p; p = end) {
    p++;
    pc_cell x;
    if (!read_cell(pz, p, &x, &end))
      return fail(rd, p, "expected a cell as %s",
                  pc_grid_dimensions(pz->grid) == 3 ? "c,r,l" : "c,r");
    int32_t i = pc_puzzle_cell_index(pz, x);
    if (i < 0) return fail(rd, p, "cell %.*s is not on the board", (int)(end - p), p);
    if (t->piece[i] >= 0) return fail(rd, p, "cell %.*s is covered twice", (int)(end - p), p);
    t->piece[i] = piece;
    /* Cells may come in any order: -2 marks this line's cells until the
       anchor, their lowest index, is known. */
    t->anchor[i] = -2;
    if (first < 0 || i < first) first = i;
  }
  if (first < 0) return fail(rd, end, "a placed piece needs at least one cell");
  for (int32_t i = 0; i < t->n_cells; i++)
    if (t->anchor[i] == -2) t->anchor[i] = first;
  return PC_OK;
}

/* `solution N` has been read: placements up to `end`. */
static pc_status read_solution(reader *rd)
{
  pc_solfile *out = rd->out;
  if (!pc_grow((void **)&out->solutions, &rd->cap_solutions, out->n_solutions + 1,
               sizeof *out->solutions))
    return nomem(rd);
  pc_tiling *t = &out->solutions[out->n_solutions];
  if (pc_tiling_init(t, out->pz.n_cells)) return nomem(rd);
  out->n_solutions++;
  pc_status s;
  while (pc_lines_next(&rd->in)) {
    if (rd->in.line[0] == '#' || !rd->in.line[0]) continue;
    if (!strcmp(rd->in.line, "end")) {
      for (int32_t i = 0; i < t->n_cells; i++)
        if (t->piece[i] < 0)
          return fail(rd, NULL, "solution %d leaves cell %d,%d uncovered",
                      (int)out->n_solutions, (int)out->pz.cells[i].c, (int)out->pz.cells[i].r);
      return PC_OK;
    }
    if ((s = read_placement(rd, t))) return s;
  }
  return fail(rd, NULL, "solution %d has no 'end'", (int)out->n_solutions);
}

static pc_status read_all(reader *rd)
{
  pc_puzzle *pz = &rd->out->pz;
  pc_status s;
  const char *rest;
  if (!pc_lines_next(&rd->in) || !keyword(rd->in.line, MAGIC, &rest))
    return fail(rd, rd->in.line, "not a polycover solution file (it starts with '%s %d')",
                MAGIC, VERSION);
  if (strcmp(rest, "2") && strcmp(rest, "3"))
    return fail(rd, rest, "unknown format version '%.20s' (this polycover reads 2 and 3)", rest);
  bool title = false, board = false;
  while (pc_lines_next(&rd->in)) {
    const char *line = rd->in.line;
    if (line[0] == '#' || !line[0]) continue;
    if (keyword(line, "checksum", &rest)) {
      if (!board) return fail(rd, line, "a checksum before the board");
      pc_error_file(rd->err, rd->path);
      if ((s = pc_lines_checksum_here(&rd->in, rd->err))) return s;
      /* Untitled: the file's name without its folder, as for a board. */
      const char *slash = strrchr(rd->path, '/');
      if (!title) snprintf(pz->title, sizeof pz->title, "%s", slash ? slash + 1 : rd->path);
      return PC_OK;
    }
    if (keyword(line, "solution", &rest)) {
      int32_t n;
      const char *end;
      if (!board) return fail(rd, line, "a solution before the board");
      if (!number(rest, "", &n, &end) || n != rd->out->n_solutions + 1)
        return fail(rd, rest, "expected solution number %d", (int)rd->out->n_solutions + 1);
      if ((s = read_solution(rd))) return s;
    } else if (rd->out->n_solutions) {
      return fail(rd, line, "expected 'solution %d'", (int)rd->out->n_solutions + 1);
    } else if (keyword(line, "title", &rest)) {
      if (title) return fail(rd, line, "a second title");
      snprintf(pz->title, sizeof pz->title, "%s", rest);
      title = true;
    } else if (keyword(line, "grid", &rest)) {
      if (pz->grid) return fail(rd, line, "a second grid");
      if (!(pz->grid = pc_grid_by_name(rest)))
        return fail(rd, rest, "unknown grid '%s' (%s)", rest, pc_grid_names());
    } else if (keyword(line, "piece", &rest) || keyword(line, "hole", &rest)) {
      if (board) return fail(rd, line, "pieces come before the board");
      if ((s = line[0] == 'h' ? read_hole(rd, rest) : read_piece(rd, rest))) return s;
    } else if (!strcmp(line, "board")) {
      if (board) return fail(rd, line, "a second board");
      if (!pz->grid) return fail(rd, line, "the grid must come before the board");
      if (!pz->n_pieces) return fail(rd, line, "the pieces must come before the board");
      if ((s = read_board(rd))) return s;
      board = true;
    } else {
      char shown[4 * 40 + 1];
      pc_lines_escape(line, strcspn(line, " ") < 40 ? strcspn(line, " ") : 40, shown);
      return fail(rd, line, "unknown line '%s'", shown);
    }
  }
  return fail(rd, NULL, board ? "no 'checksum' line at the end (the file is cut short?)"
                              : "no board");
}

pc_status pc_solfile_read(const char *path, pc_solfile *f, pc_error *err)
{
  memset(f, 0, sizeof *f);
  /* "-" is standard input, left open. */
  bool piped = !strcmp(path, "-");
  if (piped) path = "<stdin>";
  snprintf(f->pz.path, sizeof f->pz.path, "%s", path);
  reader rd = {.path = path, .err = err, .out = f};
  pc_status s = PC_OK;
  if (piped) pc_lines_init(&rd.in, stdin, 0), pc_error_file(err, path);
  else s = pc_lines_open(&rd.in, path, err);
  if (s) return s;
  s = read_all(&rd);
  if (!s && ferror(rd.in.f))
    s = pc_error_set(err, PC_ERR_IO, 0, 0, "cannot read: %s", strerror(errno));
  if (piped) rd.in.f = NULL;
  pc_lines_close(&rd.in);
  if (s) pc_solfile_free(f);
  return s;
}

void pc_solfile_free(pc_solfile *f)
{
  for (int32_t i = 0; i < f->n_solutions; i++) pc_tiling_free(&f->solutions[i]);
  free(f->solutions);
  pc_puzzle_free(&f->pz);
  memset(f, 0, sizeof *f);
}
