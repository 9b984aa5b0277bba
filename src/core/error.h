/* error.h — the status codes and the one error record every loader fills. */
#ifndef PC_ERROR_H
#define PC_ERROR_H

#include <stdarg.h>

typedef enum pc_status {
  PC_OK = 0,
  PC_ERR_INPUT,  /* the user's input is wrong: exit status 2 */
  PC_ERR_NOMEM,  /* out of memory: exit status 1 */
  PC_ERR_IO,     /* a file could not be read or written: exit status 1 */
  PC_DONE,       /* nothing more to do, successfully (a help text was
                    printed, an MPI rank served): stop here, exit status 0 */
} pc_status;

/* Where and what: `file` may be empty, `line` and `column` 0 when unknown. */
typedef struct pc_error {
  char file[512];
  int line, column;
  char msg[512];
} pc_error;

/* Fills `err` (if not NULL) and returns `status`, so callers can write
   `return pc_error_set(err, PC_ERR_INPUT, line, col, "...", ...)`. */
pc_status pc_error_set(pc_error *err, pc_status status, int line, int column,
                       const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

/* Names the file that later messages refer to. */
void pc_error_file(pc_error *err, const char *file);

/* "file:line:column: message" (parts that are unknown are left out). */
void pc_error_format(const pc_error *err, char *buf, unsigned size);

/* A short text for a status, for messages without more detail. */
const char *pc_status_text(pc_status status);

#endif
