/* fuzz_result.c — libFuzzer target for the result file reader (its census
   section is fuzz_census's). */
#include <unistd.h>

#include "run/jobfile.h"
#include "tests/fuzz/fuzz_file.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  char path[32];
  if (!pc_fuzz_file(data, size, path)) return 0;
  pc_result r;
  pc_error err = {0};
  if (pc_result_read(path, &r, &err) == PC_OK) pc_result_free(&r);
  unlink(path);
  return 0;
}
