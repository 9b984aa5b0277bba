/* common.c — helpers shared by the subcommands. */
#include "cli/common.h"

#include "core/lines.h"

#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

bool pc_parse_u64(const char *s, uint64_t *out)
{
  uint64_t v = 0;
  if (!s || !*s) return false;
  for (; *s; s++) {
    if (*s < '0' || *s > '9') return false;
    unsigned d = (unsigned)(*s - '0');
    if (v > (UINT64_MAX - d) / 10) return false;
    v = 10 * v + d;
  }
  *out = v;
  return true;
}

const char *pc_plural(uint64_t n, const char *one, const char *many)
{
  return n == 1 ? one : many;
}

static void print_usage_error(const char *cmd, const char *fmt, va_list ap)
{
  fprintf(stderr, "polycover %s: ", cmd);
  vfprintf(stderr, fmt, ap);
  fprintf(stderr, "\nTry 'polycover %s --help'.\n", cmd);
}

int pc_usage_error(const char *cmd, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  print_usage_error(cmd, fmt, ap);
  va_end(ap);
  return PC_EXIT_USAGE;
}

pc_status pc_usage_fail(const char *cmd, pc_error *err, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  print_usage_error(cmd, fmt, ap);
  va_end(ap);
  return pc_error_reported(err, PC_ERR_INPUT);
}

pc_status pc_error_reported(pc_error *err, pc_status s)
{
  memset(err, 0, sizeof *err);
  err->line = PC_ERROR_REPORTED;
  return s;
}

/* The long options that `name` (len characters) abbreviates, listed into
   `list`; how many. */
static int long_matches(const struct option *longopts, const char *name, size_t len,
                        char *list, size_t size)
{
  int n = 0;
  list[0] = '\0';
  for (const struct option *o = longopts; o->name; o++)
    if (!strncmp(o->name, name, len)) {
      size_t at = strlen(list);
      snprintf(list + at, size - at, "%s--%s", n++ ? ", " : "", o->name);
      if (strlen(o->name) == len) return 1; /* an exact match wins */
    }
  return n;
}

/* Whether `arg` is "--NAME=..." for a long option of value `val` that
   takes no argument. */
static bool given_needless_argument(const struct option *longopts, const char *arg, int val)
{
  const char *eq = strchr(arg, '=');
  if (strncmp(arg, "--", 2) || !eq) return false;
  size_t len = (size_t)(eq - arg - 2);
  for (const struct option *o = longopts; o->name; o++)
    if (o->val == val && o->has_arg == no_argument && !strncmp(o->name, arg + 2, len))
      return true;
  return false;
}

pc_status pc_option_fail(const char *cmd, int c, char **argv, const struct option *longopts,
                         pc_error *err)
{
  const char *arg = optind > 0 ? argv[optind - 1] : "";
  char shortopt[3] = {'-', (char)optopt, '\0'};
  bool is_long = !strncmp(arg, "--", 2);
  if (c == ':')
    return pc_usage_fail(cmd, err, "option '%s' needs an argument", is_long ? arg : shortopt);
  if (optopt && given_needless_argument(longopts, arg, optopt))
    return pc_usage_fail(cmd, err, "option '%.*s' takes no argument",
                         (int)strcspn(arg, "="), arg);
  if (optopt) return pc_usage_fail(cmd, err, "unknown option '%s'", shortopt);
  char list[512];
  const char *name = is_long ? arg + 2 : "";
  size_t len = strcspn(name, "=");
  if (is_long && long_matches(longopts, name, len, list, sizeof list) > 1)
    return pc_usage_fail(cmd, err, "option '--%.*s' is ambiguous: %s", (int)len, name, list);
  return pc_usage_fail(cmd, err, "unknown option '%.*s'", (int)strcspn(arg, "="), arg);
}

int pc_option_error(const char *cmd, int c, char **argv, const struct option *longopts)
{
  pc_error err;
  pc_option_fail(cmd, c, argv, longopts, &err);
  return PC_EXIT_USAGE;
}

pc_status pc_parse_help_only(int argc, char **argv, const char *cmd, const char *usage,
                             pc_error *err)
{
  static const struct option longopts[] = {{"help", no_argument, NULL, 'h'},
                                           {NULL, 0, NULL, 0}};
  int c;
  optind = 0;
  while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
    if (c != 'h') return pc_option_fail(cmd, c, argv, longopts, err);
    fputs(usage, stdout);
    return PC_DONE;
  }
  return PC_OK;
}

int pc_exit_status(const char *cmd, pc_status status, const pc_error *err)
{
  if (status == PC_OK || status == PC_DONE) return PC_EXIT_OK;
  if (err->line != PC_ERROR_REPORTED) {
    char buf[1200];
    pc_error_format(err, buf, sizeof buf);
    fprintf(stderr, "polycover %s: %s\n", cmd, buf[0] ? buf : pc_status_text(status));
  }
  return status == PC_ERR_INPUT ? PC_EXIT_USAGE : PC_EXIT_FAIL;
}

pc_status pc_first_failure(const char *cmd, pc_status s, pc_status next,
                           const pc_error *next_err, pc_error *err)
{
  if (!next) return s;
  if (s) {
    pc_exit_status(cmd, next, next_err);
    return s;
  }
  *err = *next_err;
  return next;
}

int pc_finish_output(const char *cmd, int status)
{
  /* Buffered output fails only when it is flushed: check both. */
  bool failed = fflush(stdout) != 0 || ferror(stdout);
  int saved = errno;
  if (fclose(stdout) && !failed) failed = true, saved = errno;
  /* A command that failed has said why (often this very error). */
  if (!failed || status) return status;
  fprintf(stderr, "polycover %s: cannot write to standard output: %s\n", cmd, strerror(saved));
  return PC_EXIT_FAIL;
}

static atomic_int stop_signal;

/* The first signal asks for a clean stop; a second one, while the first
   is being served, ends the program as the signal does by default. */
static void on_stop_signal(int sig)
{
  if (atomic_exchange(&stop_signal, 1)) {
    signal(sig, SIG_DFL);
    raise(sig);
  }
}

const atomic_int *pc_stop_on_signals(void)
{
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_stop_signal;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, NULL);
  sigaction(SIGTERM, &sa, NULL);
  return &stop_signal;
}

double pc_timed_search(pc_dlx *d, const pc_dlx_config *cfg, pc_dlx_stats *st)
{
  double t0 = pc_now();
  pc_dlx_search(d, cfg, st);
  return pc_now() - t0;
}


FILE *pc_open_input(const char *path, pc_error *err)
{
  if (strcmp(path, "-")) return pc_open_file(path, err);
  pc_error_file(err, "<stdin>");
  return stdin;
}

void pc_close_input(FILE *f)
{
  if (f && f != stdin) fclose(f);
}

void pc_print_summary(FILE *out, const pc_dlx_stats *st, double seconds)
{
  fprintf(out, "solutions: %llu%s\n", (unsigned long long)st->solutions,
          st->complete ? "" : " (search stopped early)");
  if (!st->no_nodes) fprintf(out, "nodes: %llu\n", (unsigned long long)st->nodes);
  if (!st->no_updates) fprintf(out, "updates: %llu\n", (unsigned long long)st->updates);
  fprintf(out, "seconds: %.3f\n", seconds);
}

static double percent(uint64_t part, uint64_t whole)
{
  return whole ? 100.0 * (double)part / (double)whole : 0.0;
}

/* One line of the profile: nodes, and updates where the engine counts
   them (the bitset engines do not). */
static void profile_line(FILE *out, const char *label, uint64_t n, uint64_t u,
                         const pc_dlx_stats *st)
{
  fprintf(out, "%5s %15llu (%3.0f%%)", label, (unsigned long long)n, percent(n, st->nodes));
  if (!st->no_updates)
    fprintf(out, " %17llu (%3.0f%%) %12.1f", (unsigned long long)u, percent(u, st->updates),
            n ? (double)u / (double)n : 0.0);
  fputc('\n', out);
}

void pc_print_profile(FILE *out, const pc_dlx_stats *st)
{
  fprintf(out, "%5s %15s", "level", "nodes");
  if (!st->no_updates) fprintf(out, " %7s %17s %7s %12s", "", "updates", "", "upd/node");
  fputc('\n', out);
  for (int32_t l = 0; l < st->levels; l++) {
    char label[16];
    snprintf(label, sizeof label, "%d", (int)l);
    profile_line(out, label, st->level_nodes[l], st->level_updates[l], st);
  }
  profile_line(out, "total", st->nodes, st->updates, st);
}

void pc_json_begin(pc_json *j, FILE *out)
{
  j->out = out;
  j->depth = 0;
  pc_json_object(j, NULL);
}

/* The separator, and the key inside an object. */
static void json_key(pc_json *j, const char *key)
{
  if (j->depth > 0 && !j->first[j->depth - 1]) fputs(", ", j->out);
  if (j->depth > 0) j->first[j->depth - 1] = false;
  if (key) {
    pc_json_str_text(j->out, key);
    fputs(": ", j->out);
  }
}

static void json_open(pc_json *j, const char *key, char open, char close)
{
  json_key(j, key);
  fputc(open, j->out);
  if (j->depth == PC_JSON_DEPTH) abort(); /* a nesting no caller makes */
  j->first[j->depth] = true;
  j->close[j->depth++] = close;
}

void pc_json_object(pc_json *j, const char *key) { json_open(j, key, '{', '}'); }

void pc_json_array(pc_json *j, const char *key) { json_open(j, key, '[', ']'); }

void pc_json_close(pc_json *j)
{
  if (j->depth > 0) fputc(j->close[--j->depth], j->out);
}

void pc_json_u64(pc_json *j, const char *key, uint64_t v)
{
  json_key(j, key);
  fprintf(j->out, "%llu", (unsigned long long)v);
}

void pc_json_i64(pc_json *j, const char *key, int64_t v)
{
  json_key(j, key);
  fprintf(j->out, "%lld", (long long)v);
}

void pc_json_double(pc_json *j, const char *key, double v)
{
  json_key(j, key);
  fprintf(j->out, "%.6f", isfinite(v) ? v : 0.0);
}

void pc_json_bool(pc_json *j, const char *key, bool v)
{
  json_key(j, key);
  fputs(v ? "true" : "false", j->out);
}

/* How many bytes of a well-formed UTF-8 character start at s: 0 if none. */
static int utf8_length(const unsigned char *s)
{
  int n = s[0] < 0x80 ? 1 : (s[0] & 0xE0) == 0xC0 ? 2 : (s[0] & 0xF0) == 0xE0 ? 3
        : (s[0] & 0xF8) == 0xF0 ? 4 : 0;
  for (int i = 1; i < n; i++)
    if ((s[i] & 0xC0) != 0x80) return 0;
  /* Overlong forms and surrogates are not UTF-8 either. */
  if ((n == 2 && s[0] < 0xC2) || (n == 3 && s[0] == 0xE0 && s[1] < 0xA0) ||
      (n == 3 && s[0] == 0xED && s[1] >= 0xA0) || (n == 4 && s[0] == 0xF0 && s[1] < 0x90) ||
      (n == 4 && (s[0] > 0xF4 || (s[0] == 0xF4 && s[1] >= 0x90))))
    return 0;
  return n;
}

/* JSON's two-character escape of c, or NULL. */
static const char *short_escape(unsigned char c)
{
  switch (c) {
  case '"': return "\\\"";
  case '\\': return "\\\\";
  case '\b': return "\\b";
  case '\f': return "\\f";
  case '\n': return "\\n";
  case '\r': return "\\r";
  case '\t': return "\\t";
  default: return NULL;
  }
}

void pc_json_str_text(FILE *out, const char *v)
{
  fputc('"', out);
  for (const unsigned char *s = (const unsigned char *)v; *s;) {
    int n = utf8_length(s);
    if (short_escape(*s)) fputs(short_escape(*s), out);
    else if (*s < 0x20) fprintf(out, "\\u%04x", *s);
    else if (n) fwrite(s, 1, (size_t)n, out);
    else fputs("\\ufffd", out);
    s += n ? n : 1;
  }
  fputc('"', out);
}

void pc_json_str(pc_json *j, const char *key, const char *v)
{
  json_key(j, key);
  pc_json_str_text(j->out, v);
}

void pc_json_end(pc_json *j)
{
  while (j->depth > 0) pc_json_close(j);
  fputc('\n', j->out);
}

void pc_json_profile(pc_json *j, const pc_dlx_stats *st)
{
  pc_json_array(j, "profile");
  for (int32_t l = 0; l < st->levels; l++) {
    pc_json_object(j, NULL);
    pc_json_u64(j, "level", (uint64_t)l);
    pc_json_u64(j, "nodes", st->level_nodes[l]);
    if (!st->no_updates) pc_json_u64(j, "updates", st->level_updates[l]);
    pc_json_close(j);
  }
  pc_json_close(j);
}

void pc_json_stats(pc_json *j, const pc_dlx_stats *st, double seconds)
{
  pc_json_u64(j, "solutions", st->solutions);
  if (!st->no_nodes) pc_json_u64(j, "nodes", st->nodes);
  if (!st->no_updates) pc_json_u64(j, "updates", st->updates);
  pc_json_double(j, "seconds", seconds);
  pc_json_bool(j, "complete", st->complete);
}
