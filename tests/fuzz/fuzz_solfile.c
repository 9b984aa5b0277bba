/* fuzz_solfile.c — libFuzzer target for the solution file reader. */
#include <unistd.h>

#include "poly/solfile.h"
#include "tests/fuzz/fuzz_file.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  char path[32];
  if (!pc_fuzz_file(data, size, path)) return 0;
  pc_solfile f;
  pc_error err = {0};
  if (pc_solfile_read(path, &f, &err) == PC_OK) pc_solfile_free(&f);
  unlink(path);
  return 0;
}
