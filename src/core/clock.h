/* clock.h — seconds on a monotonic clock, for timings and progress; the
   deadlines of timed waits. */
#ifndef PC_CLOCK_H
#define PC_CLOCK_H

#include <time.h>

double pc_now(void);

/* `seconds` from now on CLOCK_REALTIME, as pthread_cond_timedwait takes
   a deadline. */
struct timespec pc_realtime_in(double seconds);

#endif
