/* clock.c — seconds on a monotonic clock; deadlines of timed waits. */
#include "core/clock.h"

#include <stdio.h>
#include <time.h>

double pc_now(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

void pc_clock_text(char *buf, size_t size, double seconds)
{
  long s = (long)(seconds + 0.5);
  if (s >= 3600) snprintf(buf, size, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
  else snprintf(buf, size, "%ld:%02ld", s / 60, s % 60);
}

struct timespec pc_realtime_in(double seconds)
{
  struct timespec at;
  clock_gettime(CLOCK_REALTIME, &at);
  long ns = at.tv_nsec + (long)(seconds * 1e9);
  at.tv_sec += ns / 1000000000;
  at.tv_nsec = ns % 1000000000;
  return at;
}
