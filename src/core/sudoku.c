/* sudoku.c — reading sudoku puzzles, their exact cover, their solutions. */
#include "core/sudoku.h"

#include <stdio.h>

#include "core/dlx.h"

/* Items 0..80 are the cells, then rows, columns and boxes by digit, so an
   option's first two items tell its cell and digit. */
enum { CELL = 0, ROW = 81, COL = 162, BOX = 243, N_ITEMS = 324 };

static int box_of(int r, int c)
{
  return r / 3 * 3 + c / 3;
}

/* Where two givens share a unit, the unit's name for the message. */
static const char *shared_unit(int i, int j)
{
  if (i / 9 == j / 9) return "row";
  if (i % 9 == j % 9) return "column";
  return "box";
}

pc_status pc_sudoku_parse(const char *text, size_t len, int line, pc_sudoku *out,
                          pc_error *err)
{
  size_t n = len < PC_SUDOKU_CELLS ? len : PC_SUDOKU_CELLS;
  for (size_t i = 0; i < n; i++) {
    unsigned char ch = (unsigned char)text[i];
    if (ch >= '1' && ch <= '9') out->cell[i] = (uint8_t)(ch - '0');
    else if (ch == '.' || ch == '0') out->cell[i] = 0;
    else if (ch > ' ' && ch < 0x7f)
      return pc_error_set(err, PC_ERR_INPUT, line, (int)i + 1,
                          "bad character '%c' (a cell is a digit 1-9, or '.' or '0' "
                          "for a blank)", ch);
    else
      return pc_error_set(err, PC_ERR_INPUT, line, (int)i + 1,
                          "bad character (byte 0x%02x; a cell is a digit 1-9, or '.' "
                          "or '0' for a blank)", ch);
  }
  if (len < PC_SUDOKU_CELLS)
    return pc_error_set(err, PC_ERR_INPUT, line, (int)len + 1,
                        "puzzle too short: %zu characters, expected %d", len,
                        PC_SUDOKU_CELLS);
  if (len > PC_SUDOKU_CELLS)
    return pc_error_set(err, PC_ERR_INPUT, line, PC_SUDOKU_CELLS + 1,
                        "puzzle too long: %zu characters, expected %d", len,
                        PC_SUDOKU_CELLS);
  /* seen[unit][d]: 1 + the cell where digit d was first given in the unit. */
  int seen[27][10] = {{0}};
  for (int i = 0; i < PC_SUDOKU_CELLS; i++) {
    int d = out->cell[i];
    if (!d) continue;
    int units[3] = {i / 9, 9 + i % 9, 18 + box_of(i / 9, i % 9)};
    for (int u = 0; u < 3; u++) {
      int j = seen[units[u]][d] - 1;
      if (j >= 0)
        return pc_error_set(err, PC_ERR_INPUT, line, i + 1,
                            "given %d at r%dc%d contradicts the %d at r%dc%d "
                            "(same %s)", d, i / 9 + 1, i % 9 + 1, d, j / 9 + 1,
                            j % 9 + 1, shared_unit(i, j));
      seen[units[u]][d] = i + 1;
    }
  }
  return PC_OK;
}

pc_status pc_sudoku_build(const pc_sudoku *puzzle, pc_xc *xc, pc_error *err)
{
  static const char kind[4] = {'p', 'r', 'c', 'b'};
  pc_xc_init(xc);
  pc_status s = PC_OK;
  char name[PC_XC_NAME_MAX + 1];
  for (int i = 0; i < N_ITEMS && !s; i++) {
    snprintf(name, sizeof name, "%c%d%d", kind[i / 81], i % 81 / 9 + 1, i % 9 + 1);
    s = pc_xc_add_item(xc, name, false, NULL, err);
  }
  /* given[unit][d]: digit d is given somewhere in the unit. */
  bool given[27][10] = {{false}};
  for (int i = 0; i < PC_SUDOKU_CELLS; i++) {
    int d = puzzle->cell[i];
    given[i / 9][d] = given[9 + i % 9][d] = given[18 + box_of(i / 9, i % 9)][d] = true;
  }
  for (int i = 0; i < PC_SUDOKU_CELLS && !s; i++) {
    int r = i / 9, c = i % 9, b = box_of(r, c);
    for (int d = 1; d <= 9 && !s; d++) {
      if (puzzle->cell[i] ? puzzle->cell[i] != d
                          : given[r][d] || given[9 + c][d] || given[18 + b][d])
        continue;
      int32_t opt[4] = {CELL + i, ROW + 9 * r + d - 1, COL + 9 * c + d - 1,
                        BOX + 9 * b + d - 1};
      s = pc_xc_add_option(xc, opt, 4, err);
    }
  }
  if (s) pc_xc_free(xc);
  return s;
}

bool pc_sudoku_decode(const pc_xc *xc, const int32_t *options, int32_t n,
                      pc_sudoku *out)
{
  if (n != PC_SUDOKU_CELLS || xc->n_items != N_ITEMS) return false;
  for (int i = 0; i < PC_SUDOKU_CELLS; i++) out->cell[i] = 0;
  for (int32_t k = 0; k < n; k++) {
    if (options[k] < 0 || options[k] >= xc->n_options ||
        pc_xc_option_size(xc, options[k]) != 4)
      return false;
    const int32_t *it = pc_xc_option(xc, options[k]);
    int32_t cell = it[0] - CELL, digit = (it[1] - ROW) % 9 + 1;
    if (cell < 0 || cell >= PC_SUDOKU_CELLS || out->cell[cell]) return false;
    out->cell[cell] = (uint8_t)digit;
  }
  return true;
}

typedef struct first_solution {
  const pc_xc *xc;
  pc_sudoku *grid;
  bool ok;
} first_solution;

static bool keep_first(void *ctx, const int32_t *options, int32_t n)
{
  first_solution *f = ctx;
  if (!f->ok) f->ok = pc_sudoku_decode(f->xc, options, n, f->grid);
  return false;
}

pc_status pc_sudoku_solve(const pc_sudoku *puzzle, pc_sudoku_result *res, pc_error *err)
{
  *res = (pc_sudoku_result){0};
  pc_xc xc;
  pc_status s = pc_sudoku_build(puzzle, &xc, err);
  if (s) return s;
  pc_dlx *d = pc_dlx_new(&xc);
  if (!d) {
    pc_xc_free(&xc);
    return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  }
  first_solution f = {&xc, &res->solution, false};
  pc_dlx_config cfg = {.choose = PC_CHOOSE_MRV, .max_solutions = 2,
                       .visit = keep_first, .ctx = &f};
  pc_dlx_stats st;
  pc_dlx_search(d, &cfg, &st);
  pc_dlx_free(d);
  pc_xc_free(&xc);
  res->solutions = st.solutions > 2 ? 2 : (int)st.solutions;
  res->nodes = st.nodes;
  res->updates = st.updates;
  if (res->solutions && !f.ok)
    return pc_error_set(err, PC_ERR_INPUT, 0, 0, "a solution does not fill the grid");
  return PC_OK;
}

void pc_sudoku_format(const pc_sudoku *grid, char out[PC_SUDOKU_CELLS + 1])
{
  for (int i = 0; i < PC_SUDOKU_CELLS; i++)
    out[i] = grid->cell[i] ? (char)('0' + grid->cell[i]) : '.';
  out[PC_SUDOKU_CELLS] = '\0';
}
