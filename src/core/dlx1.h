/* dlx1.h — Knuth's DLX1 text format for exact-cover problems.

   Lines that begin with '|' are comments; blank lines are skipped. The first
   other line names the primary items, then optionally '|' and the secondary
   items. Every later line is an option naming its items. Item names are 1
   to 8 printable characters other than '|' and ':'.

   Where we differ from Knuth's DLX1: an option with no primary item is an
   error here (his program ignores it with a warning). */
#ifndef PC_DLX1_H
#define PC_DLX1_H

#include <stdio.h>

#include "core/xc.h"

#define PC_DLX1_NAME_MAX 8

/* Reads a whole problem. On error fills err (line, column, message) and
   leaves xc empty. `err->file` is not touched: the caller names the file. */
pc_status pc_dlx1_read(FILE *in, pc_xc *xc, pc_error *err);

/* Writes xc in DLX1 format (every name must be a valid DLX1 name). */
pc_status pc_dlx1_write(FILE *out, const pc_xc *xc, pc_error *err);

/* Writes option k as one line of item names. */
void pc_dlx1_write_option(FILE *out, const pc_xc *xc, int32_t k);

#endif
