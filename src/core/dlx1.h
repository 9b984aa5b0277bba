/* dlx1.h — Knuth's DLX1 text format for exact-cover problems.

   Lines that begin with '|' are comments; blank lines are skipped. The first
   other line names the primary items, then optionally '|' and the secondary
   items. Every later line is an option naming its items. Item names are 1
   to 8 bytes: printable ASCII characters other than '|' and ':', or UTF-8
   ones, as Knuth's programs read any bytes but spaces.

   With Knuth's extensions (DLX2, DLX3): a primary item may be written
   `a:b|name` (covered between a and b times) or `b|name` (exactly b
   times); an option may name a secondary item `name:c`, giving it color c
   (Knuth's colors are one character; here 1 to 8). An option without a
   primary item is skipped, as Knuth's programs do, and counted in the
   notes. */
#ifndef PC_DLX1_H
#define PC_DLX1_H

#include <stdio.h>

#include "core/xc.h"

#define PC_DLX1_NAME_MAX 8

/* What the reader passed over: options without a primary item. */
typedef struct pc_dlx1_notes {
  int32_t skipped;
  int first_skipped;  /* the line of the first one */
} pc_dlx1_notes;

/* Reads a whole problem. On error fills err (line, column, message) and
   leaves xc empty. `err->file` is not touched: the caller names the file.
   `notes` may be NULL. */
pc_status pc_dlx1_read(FILE *in, pc_xc *xc, pc_dlx1_notes *notes, pc_error *err);

/* Writes xc in DLX1 format, with DLX3 bounds and DLX2 colors where it has
   them (every name must be a valid DLX1 name). */
pc_status pc_dlx1_write(FILE *out, const pc_xc *xc, pc_error *err);

/* Writes option k as one line of item names (with their colors). */
void pc_dlx1_write_option(FILE *out, const pc_xc *xc, int32_t k);

#endif
