/* lines.h — reading a text file line by line, counting the lines so that
   errors can name FILE:LINE:COLUMN. What the readers of our own formats
   (solution, checkpoint, job and result files, census sections) and of
   DLX1 and sudoku files share: a line-length cap, NUL bytes and invalid
   UTF-8 refused where they stand, strict decimal numbers, and an FNV-1a
   checksum of the bytes read, for a last line `checksum HEX`. */
#ifndef PC_LINES_H
#define PC_LINES_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "core/error.h"

/* The longest line read unless the reader sets r->max. */
#define PC_LINES_MAX ((size_t)64 << 20)
/* FNV-1a's 64-bit offset basis: the checksum of no bytes. */
#define PC_FNV_START 0xcbf29ce484222325ull

typedef struct pc_lines {
  FILE *f;
  char *line;        /* the line read last, without its line break */
  size_t len, cap;   /* its length (it has no NUL inside), its buffer's size */
  uint64_t bytes;    /* bytes read so far */
  int number;        /* its number, from 1; 0 before the first */
  size_t max;        /* the longest line accepted (0: PC_LINES_MAX) */
  bool unsummed;     /* set by readers of formats without a checksum */
  bool skip_bom;     /* set by readers of text people write (DLX1, sudoku):
                        a UTF-8 byte order mark that starts line 1 is
                        dropped, as YAML drops it */
  uint64_t sum;      /* FNV-1a of every byte read so far (unless unsummed) */
  uint64_t sum_before; /* ... of the bytes before the line read last */
  pc_status status;  /* why pc_lines_next returned false: PC_OK at the end */
  int column;        /* where the fault is (status != PC_OK) */
  const char *why;   /* what it is */
} pc_lines;

/* Opens the file at path for reading and names it in err; NULL with
   PC_ERR_INPUT in err when it cannot, or when path is a folder (which
   fopen opens, and whose reading then fails as if the disk had). */
FILE *pc_open_file(const char *path, pc_error *err);
/* pc_open_file, for reading line by line. */
pc_status pc_lines_open(pc_lines *r, const char *path, pc_error *err);
/* Reads from f (not closed by pc_lines_close), after `number` lines. */
void pc_lines_init(pc_lines *r, FILE *f, int number);

/* The next line into r->line; false at the end of the file, or on a
   fault (r->status: a NUL byte, invalid UTF-8, a line over r->max, a read
   error), which pc_lines_fault reports. */
bool pc_lines_next(pc_lines *r);
/* The fault that stopped pc_lines_next, into err at line:column; PC_OK at
   a plain end of file. */
pc_status pc_lines_fault(const pc_lines *r, pc_error *err);

/* Reads exactly n raw bytes (lines counted, checksummed, not checked);
   false when the file is shorter. */
bool pc_lines_bytes(pc_lines *r, char *buf, size_t n);

void pc_lines_close(pc_lines *r);

/* FNV-1a over n bytes, from h. */
uint64_t pc_fnv(uint64_t h, const void *data, size_t n);

/* Strict parsing of the lines we write: "KEY N N ..." with single spaces,
   numbers in plain decimal (no sign, no leading zero, no overflow). Each
   returns 0 when the line is exactly that, else the column (from 1) where
   it goes wrong (a number above max included). KEY may be "" for lines
   of numbers alone. */
int pc_scan_u64s(const char *line, const char *key, uint64_t *v, int n, uint64_t max);
/* The next line, scanned so: -1 when there is none (the end, or a fault
   in r->status). */
int pc_lines_scan(pc_lines *r, const char *key, uint64_t *v, int n, uint64_t max);
/* "KEY HEX": 1 to 16 lowercase hex digits. */
int pc_scan_hex64(const char *line, const char *key, uint64_t *v);
/* One number at *p (moved past it), at most max; false when none is there
   or it is too big. */
bool pc_scan_u64(const char **p, uint64_t max, uint64_t *v);

/* "KEY A B": two names of 1 to max letters, digits or '-' into a and b
   (max + 1 bytes each). */
bool pc_scan_names(const char *line, const char *key, char *a, char *b, size_t max);

/* The last line of a checksummed file: "checksum HEX" of every byte before
   it; an error at its line when it does not match or is missing, or when
   anything follows it. */
pc_status pc_lines_checksum(pc_lines *r, pc_error *err);
/* The same of the line read last. */
pc_status pc_lines_checksum_here(pc_lines *r, pc_error *err);
/* Writes that line for the checksum `sum`. */
void pc_lines_put_checksum(FILE *f, uint64_t sum);
/* Saves a checksummed file atomically (atomic.h): what body writes for
   ctx, then its checksum line. */
pc_status pc_lines_save(const char *path, void (*body)(FILE *, const void *), const void *ctx,
                        pc_error *err);

/* Up to n bytes of s for a message, other bytes than printable ASCII as
   \xNN; out holds at least 4 * n + 1 bytes. */
void pc_lines_escape(const char *s, size_t n, char *out);

#endif
