/* fuzz_checkpoint.c — libFuzzer target for the checkpoint reader: any
   bytes are read or refused with a message, never a crash, leak or hang. */
#include <unistd.h>

#include "run/checkpoint.h"
#include "tests/fuzz/fuzz_file.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  char path[32];
  if (!pc_fuzz_file(data, size, path)) return 0;
  pc_checkpoint c;
  pc_error err = {0};
  if (pc_checkpoint_read(path, &c, &err) == PC_OK) pc_checkpoint_free(&c);
  unlink(path);
  return 0;
}
