/* queens.c — building the N queens problem and reading its solutions. */
#include "core/queens.h"

#include <stdio.h>

int pc_queens_organ_pipe(int n, int k)
{
  int mid = (n - 1) / 2;
  /* k = 0, 1, 2, 3, 4 ... gives mid, mid+1, mid-1, mid+2, mid-2 ... */
  return k % 2 ? mid + (k + 1) / 2 : mid - k / 2;
}

pc_status pc_queens_build(int n, pc_queens_order order, pc_xc *xc, pc_error *err)
{
  pc_xc_init(xc);
  if (n < 1 || n > PC_QUEENS_MAX)
    return pc_error_set(err, PC_ERR_INPUT, 0, 0,
                        "the board size must be from 1 to %d, not %d", PC_QUEENS_MAX, n);
  int32_t rank[PC_QUEENS_MAX], file[PC_QUEENS_MAX];
  int32_t diag[2 * PC_QUEENS_MAX - 1], anti[2 * PC_QUEENS_MAX - 1];
  char name[PC_XC_NAME_MAX + 1];
  pc_status s = PC_OK;
  for (int k = 0; k < n && !s; k++) {
    int a = order == PC_QUEENS_NATURAL ? k : pc_queens_organ_pipe(n, k);
    snprintf(name, sizeof name, "R%d", a);
    s = pc_xc_add_item(xc, name, false, &rank[a], err);
    if (s || order == PC_QUEENS_NATURAL) continue;
    snprintf(name, sizeof name, "F%d", a);
    s = pc_xc_add_item(xc, name, false, &file[a], err);
  }
  for (int k = 0; k < n && !s && order == PC_QUEENS_NATURAL; k++) {
    snprintf(name, sizeof name, "F%d", k);
    s = pc_xc_add_item(xc, name, false, &file[k], err);
  }
  for (int i = 0; i < 2 * n - 1 && !s; i++) {
    snprintf(name, sizeof name, "A%d", i);
    s = pc_xc_add_item(xc, name, true, &diag[i], err);
  }
  for (int i = 0; i < 2 * n - 1 && !s; i++) {
    snprintf(name, sizeof name, "B%d", i);
    s = pc_xc_add_item(xc, name, true, &anti[i], err);
  }
  for (int r = 0; r < n && !s; r++)
    for (int c = 0; c < n && !s; c++) {
      int32_t opt[4] = {rank[r], file[c], diag[r + c], anti[r - c + n - 1]};
      s = pc_xc_add_option(xc, opt, 4, err);
    }
  if (s) pc_xc_free(xc);
  return s;
}

bool pc_queens_decode(int n, const int32_t *options, int32_t count, int *file_of_rank)
{
  if (n < 1 || count != n) return false;
  for (int r = 0; r < n; r++) file_of_rank[r] = -1;
  for (int32_t i = 0; i < count; i++) {
    int32_t k = options[i];
    if (k < 0 || k >= (int32_t)n * n || file_of_rank[k / n] >= 0) return false;
    file_of_rank[k / n] = k % n;
  }
  return true;
}
