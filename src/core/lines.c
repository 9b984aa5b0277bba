/* lines.c — reading a text file line by line, with the checks every
   reader of text shares. */
#include "core/lines.h"

#include "core/atomic.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

FILE *pc_open_file(const char *path, pc_error *err)
{
  pc_error_file(err, path);
  FILE *f = fopen(path, "r");
  struct stat st;
  if (!f) {
    pc_error_set(err, PC_ERR_INPUT, 0, 0, "cannot open: %s", strerror(errno));
  } else if (!fstat(fileno(f), &st) && S_ISDIR(st.st_mode)) {
    fclose(f);
    f = NULL;
    pc_error_set(err, PC_ERR_INPUT, 0, 0, "is a folder, not a file");
  }
  return f;
}

pc_status pc_lines_open(pc_lines *r, const char *path, pc_error *err)
{
  pc_lines_init(r, pc_open_file(path, err), 0);
  return r->f ? PC_OK : PC_ERR_INPUT;
}

void pc_lines_init(pc_lines *r, FILE *f, int number)
{
  *r = (pc_lines){.f = f, .number = number, .sum = PC_FNV_START, .sum_before = PC_FNV_START};
}

uint64_t pc_fnv(uint64_t h, const void *data, size_t n)
{
  const unsigned char *p = data;
  for (size_t i = 0; i < n; i++) h = (h ^ p[i]) * 0x100000001b3ull;
  return h;
}

static bool fault(pc_lines *r, pc_status status, size_t at, const char *why)
{
  r->status = status;
  r->column = at + 1 > (size_t)INT32_MAX ? 0 : (int)at + 1;
  r->why = why;
  return false;
}

/* The length of the UTF-8 sequence at s (n bytes left), 0 when invalid. */
static size_t utf8_length(const unsigned char *s, size_t n)
{
  if (s[0] < 0x80) return 1;
  size_t len = s[0] >= 0xf0 ? 4 : s[0] >= 0xe0 ? 3 : 2;
  if (s[0] < 0xc2 || s[0] > 0xf4 || len > n) return 0;
  for (size_t i = 1; i < len; i++)
    if ((s[i] & 0xc0) != 0x80) return 0;
  if (s[0] == 0xe0 && s[1] < 0xa0) return 0; /* overlong */
  if (s[0] == 0xed && s[1] >= 0xa0) return 0; /* surrogates */
  if (s[0] == 0xf0 && s[1] < 0x90) return 0;  /* overlong */
  if (s[0] == 0xf4 && s[1] >= 0x90) return 0; /* beyond U+10FFFF */
  return len;
}

static bool grow(pc_lines *r)
{
  size_t cap = r->cap ? 2 * r->cap : 256;
  char *line = realloc(r->line, cap);
  if (!line) return false;
  r->line = line;
  r->cap = cap;
  return true;
}

/* Reads up to a line break, the end or a fault: false on a fault. The
   reader owns its FILE, so no lock is taken a byte; the checksum is
   taken a line at a time. */
static bool read_raw(pc_lines *r, bool *any)
{
  size_t max = r->max ? r->max : PC_LINES_MAX;
  int ch;
  bool broken = false; /* the line ends with a line break */
  r->len = 0;
  while ((ch = getc_unlocked(r->f)) != EOF) {
    if (ch == '\n') {
      broken = true;
      break;
    }
    if (!ch) return fault(r, PC_ERR_INPUT, r->len, "a NUL byte (text has none)");
    if (r->len >= max) return fault(r, PC_ERR_INPUT, r->len, "a line too long");
    if (r->len + 1 >= r->cap && !grow(r)) return fault(r, PC_ERR_NOMEM, 0, "out of memory");
    r->line[r->len++] = (char)ch;
  }
  *any = r->len > 0 || broken;
  r->bytes += r->len + broken;
  if (!r->unsummed) {
    r->sum = pc_fnv(r->sum, r->line, r->len);
    if (broken) r->sum = pc_fnv(r->sum, "\n", 1);
  }
  if (ferror(r->f)) return fault(r, PC_ERR_IO, r->len, "a read error");
  return true;
}

bool pc_lines_next(pc_lines *r)
{
  if (r->status) return false;
  bool any;
  r->sum_before = r->sum;
  r->number++;
  if (!read_raw(r, &any)) return false;
  if (!any) {
    r->number--;
    return false;
  }
  if (!r->line && !grow(r)) return fault(r, PC_ERR_NOMEM, 0, "out of memory");
  r->line[r->len] = '\0';
  for (size_t i = 0, k; i < r->len; i += k)
    if (!(k = utf8_length((const unsigned char *)r->line + i, r->len - i)))
      return fault(r, PC_ERR_INPUT, i, "invalid UTF-8 (text is read as UTF-8)");
  while (r->len > 0 && r->line[r->len - 1] == '\r') r->line[--r->len] = '\0';
  if (r->skip_bom && r->number == 1 && r->len >= 3 && !memcmp(r->line, "\xEF\xBB\xBF", 3))
    memmove(r->line, r->line + 3, (r->len -= 3) + 1);
  return true;
}

pc_status pc_lines_fault(const pc_lines *r, pc_error *err)
{
  if (!r->status) return PC_OK;
  if (r->status == PC_ERR_NOMEM) return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  if (r->status == PC_ERR_IO)
    return pc_error_set(err, PC_ERR_IO, r->number, 0, "cannot read: %s", strerror(errno));
  size_t max = r->max ? r->max : PC_LINES_MAX;
  if (!strcmp(r->why, "a line too long"))
    return pc_error_set(err, PC_ERR_INPUT, r->number, r->column,
                        "a line longer than %zu bytes", max);
  return pc_error_set(err, PC_ERR_INPUT, r->number, r->column, "%s", r->why);
}

bool pc_lines_bytes(pc_lines *r, char *buf, size_t n)
{
  if (fread(buf, 1, n, r->f) != n) return false;
  r->sum = pc_fnv(r->sum, buf, n);
  r->bytes += n;
  for (size_t i = 0; i < n; i++) r->number += buf[i] == '\n';
  return true;
}

void pc_lines_close(pc_lines *r)
{
  free(r->line);
  if (r->f) fclose(r->f);
  *r = (pc_lines){0};
}

/* ---- strict numbers ---- */

bool pc_scan_u64(const char **p, uint64_t max, uint64_t *v)
{
  const char *s = *p;
  uint64_t x = 0;
  if (*s < '0' || *s > '9' || (s[0] == '0' && s[1] >= '0' && s[1] <= '9')) return false;
  for (; *s >= '0' && *s <= '9'; s++) {
    unsigned d = (unsigned)(*s - '0');
    if (x > max / 10 || (x == max / 10 && d > max % 10)) return false;
    x = x * 10 + d;
  }
  *v = x;
  *p = s;
  return true;
}

/* The key and its space (none for ""): the column of a mismatch, or 0. */
static int scan_key(const char *line, const char *key, const char **p)
{
  size_t n = strlen(key);
  *p = line;
  if (!n) return 0;
  if (strncmp(line, key, n)) return 1;
  if (line[n] != ' ') return (int)n + 1;
  *p = line + n + 1;
  return 0;
}

int pc_scan_u64s(const char *line, const char *key, uint64_t *v, int n, uint64_t max)
{
  const char *p;
  int col = scan_key(line, key, &p);
  if (col) return col;
  for (int i = 0; i < n; i++) {
    if (i && *p != ' ') return (int)(p - line) + 1;
    if (i) p++;
    if (!pc_scan_u64(&p, max, &v[i])) return (int)(p - line) + 1;
  }
  return *p ? (int)(p - line) + 1 : 0;
}

int pc_lines_scan(pc_lines *r, const char *key, uint64_t *v, int n, uint64_t max)
{
  return pc_lines_next(r) ? pc_scan_u64s(r->line, key, v, n, max) : -1;
}

int pc_scan_hex64(const char *line, const char *key, uint64_t *v)
{
  const char *p;
  int col = scan_key(line, key, &p);
  if (col) return col;
  uint64_t x = 0;
  size_t i = 0;
  for (; i < 16 && ((p[i] >= '0' && p[i] <= '9') || (p[i] >= 'a' && p[i] <= 'f')); i++)
    x = x << 4 | (uint64_t)(p[i] <= '9' ? p[i] - '0' : p[i] - 'a' + 10);
  if (!i || p[i]) return (int)(p - line) + (int)i + 1;
  *v = x;
  return 0;
}

static bool scan_name(const char **p, char *out, size_t max)
{
  size_t n = strspn(*p, "abcdefghijklmnopqrstuvwxyz0123456789-");
  if (!n || n > max) return false;
  memcpy(out, *p, n);
  out[n] = '\0';
  *p += n;
  return true;
}

bool pc_scan_names(const char *line, const char *key, char *a, char *b, size_t max)
{
  const char *p;
  return !scan_key(line, key, &p) && scan_name(&p, a, max) && *p++ == ' ' &&
         scan_name(&p, b, max) && !*p;
}

/* ---- checksums ---- */

pc_status pc_lines_checksum(pc_lines *r, pc_error *err)
{
  if (!pc_lines_next(r)) {
    if (r->status) return pc_lines_fault(r, err);
    return pc_error_set(err, PC_ERR_INPUT, r->number ? r->number : 1, 0,
                        "no 'checksum' line at the end (the file is cut short?)");
  }
  return pc_lines_checksum_here(r, err);
}

pc_status pc_lines_checksum_here(pc_lines *r, pc_error *err)
{
  uint64_t want, got = r->sum_before;
  int col = pc_scan_hex64(r->line, "checksum", &want);
  if (col) return pc_error_set(err, PC_ERR_INPUT, r->number, col, "expected 'checksum HEX'");
  if (want != got)
    return pc_error_set(err, PC_ERR_INPUT, r->number, 0,
                        "the checksum does not match the file's contents: "
                        "the file was changed or damaged");
  if (pc_lines_next(r) || r->status)
    return r->status ? pc_lines_fault(r, err)
                     : pc_error_set(err, PC_ERR_INPUT, r->number, 1,
                                    "nothing may follow the checksum");
  return PC_OK;
}

void pc_lines_put_checksum(FILE *f, uint64_t sum)
{
  fprintf(f, "checksum %016" PRIx64 "\n", sum);
}

pc_status pc_lines_save(const char *path, void (*body)(FILE *, const void *), const void *ctx,
                        pc_error *err)
{
  char *text = NULL;
  size_t size = 0;
  FILE *mem = open_memstream(&text, &size);
  if (!mem) return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  body(mem, ctx);
  if (fclose(mem)) {
    free(text);
    return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  }
  FILE *f;
  char *tmp;
  pc_status s = pc_atomic_open(path, &f, &tmp, err);
  if (!s) {
    fwrite(text, 1, size, f);
    pc_lines_put_checksum(f, pc_fnv(PC_FNV_START, text, size));
    s = pc_atomic_commit(f, tmp, path, err);
    free(tmp);
  }
  free(text);
  return s;
}

void pc_lines_escape(const char *s, size_t n, char *out)
{
  for (size_t i = 0; i < n && s[i]; i++) {
    unsigned char ch = (unsigned char)s[i];
    if (ch >= 0x20 && ch < 0x7f && ch != '\\') *out++ = (char)ch;
    else out += sprintf(out, "\\x%02x", ch);
  }
  *out = '\0';
}
