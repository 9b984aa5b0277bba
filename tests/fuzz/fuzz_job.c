/* fuzz_job.c — libFuzzer target for the job file reader. */
#include <unistd.h>

#include "run/jobfile.h"
#include "tests/fuzz/fuzz_file.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  char path[32];
  if (!pc_fuzz_file(data, size, path)) return 0;
  pc_job j;
  pc_error err = {0};
  if (pc_job_read(path, &j, &err) == PC_OK) pc_job_free(&j);
  unlink(path);
  return 0;
}
