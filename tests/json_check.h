/* json_check.h — checking that the program's JSON output is JSON. */
#ifndef PC_TEST_JSON_CHECK_H
#define PC_TEST_JSON_CHECK_H

#include <stdbool.h>

/* Whether text is exactly one JSON value (RFC 8259, strings in UTF-8),
   with nothing but white space around it; *fault (may be NULL) is where
   reading stopped. */
bool pc_json_valid(const char *text, const char **fault);

#endif
