/* clock.h — seconds on a monotonic clock, for timings and progress. */
#ifndef PC_CLOCK_H
#define PC_CLOCK_H

double pc_now(void);

#endif
