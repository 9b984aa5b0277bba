/* clock.h — seconds on a monotonic clock, for timings and progress, and
   as a progress line shows them; the deadlines of timed waits. */
#ifndef PC_CLOCK_H
#define PC_CLOCK_H

#include <stddef.h>
#include <time.h>

double pc_now(void);

/* A duration as a clock shows it, to the second: "4:05", "1:02:03". */
void pc_clock_text(char *buf, size_t size, double seconds);

/* `seconds` from now on CLOCK_REALTIME, as pthread_cond_timedwait takes
   a deadline. */
struct timespec pc_realtime_in(double seconds);

#endif
