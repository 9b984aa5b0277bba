/* json_check.c — a strict JSON reader for the tests (RFC 8259): the
   program's JSON output must parse, whole, as one value. */
#include "json_check.h"

#include <stdbool.h>
#include <string.h>

typedef struct reader {
  const char *p;
  int depth;
} reader;

static bool value(reader *r);

static void blanks(reader *r)
{
  while (*r->p == ' ' || *r->p == '\t' || *r->p == '\n' || *r->p == '\r') r->p++;
}

static bool literal(reader *r, const char *word)
{
  size_t n = strlen(word);
  if (strncmp(r->p, word, n)) return false;
  r->p += n;
  return true;
}

static bool digits(reader *r)
{
  if (*r->p < '0' || *r->p > '9') return false;
  while (*r->p >= '0' && *r->p <= '9') r->p++;
  return true;
}

static bool number(reader *r)
{
  if (*r->p == '-') r->p++;
  if (*r->p == '0') r->p++;
  else if (!digits(r)) return false;
  if (*r->p == '.' && (r->p++, !digits(r))) return false;
  if (*r->p == 'e' || *r->p == 'E') {
    r->p++;
    if (*r->p == '+' || *r->p == '-') r->p++;
    if (!digits(r)) return false;
  }
  return true;
}

/* A string: escapes as JSON has them, no control characters, and UTF-8
   (the output is meant to be read as UTF-8 text). */
static bool string(reader *r)
{
  if (*r->p != '"') return false;
  r->p++;
  while (*r->p != '"') {
    unsigned char c = (unsigned char)*r->p;
    if (c < 0x20) return false;
    if (c == '\\') {
      r->p++;
      if (*r->p == 'u') {
        for (int i = 1; i <= 4; i++)
          if (!r->p[i] || !strchr("0123456789abcdefABCDEF", r->p[i])) return false;
        r->p += 5;
      } else if (*r->p && strchr("\"\\/bfnrt", *r->p)) {
        r->p++;
      } else {
        return false;
      }
      continue;
    }
    int n = c < 0x80 ? 1 : (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3
          : (c & 0xF8) == 0xF0 ? 4 : 0;
    if (!n) return false;
    for (int i = 1; i < n; i++)
      if (((unsigned char)r->p[i] & 0xC0) != 0x80) return false;
    r->p += n;
  }
  r->p++;
  return true;
}

/* The members of an object or the items of an array, up to `close`. */
static bool members(reader *r, char close, bool keyed)
{
  r->p++;
  blanks(r);
  if (*r->p == close) return r->p++, true;
  for (;;) {
    blanks(r);
    if (keyed) {
      if (!string(r)) return false;
      blanks(r);
      if (*r->p != ':') return false;
      r->p++;
    }
    if (!value(r)) return false;
    blanks(r);
    if (*r->p == close) return r->p++, true;
    if (*r->p != ',') return false; /* never past the end */
    r->p++;
  }
}

static bool value(reader *r)
{
  blanks(r);
  if (++r->depth > 64) return false;
  bool ok;
  switch (*r->p) {
  case '{': ok = members(r, '}', true); break;
  case '[': ok = members(r, ']', false); break;
  case '"': ok = string(r); break;
  case 't': ok = literal(r, "true"); break;
  case 'f': ok = literal(r, "false"); break;
  case 'n': ok = literal(r, "null"); break;
  default: ok = number(r);
  }
  r->depth--;
  return ok;
}

bool pc_json_valid(const char *text, const char **fault)
{
  reader r = {.p = text};
  bool ok = value(&r);
  blanks(&r);
  ok = ok && !*r.p;
  if (fault) *fault = r.p;
  return ok;
}
