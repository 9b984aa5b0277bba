/* fuzz_yaml.c — libFuzzer target for the YAML loaders: any bytes, as a
   board file and as a piece set, must load or fail with a message, never
   crash, leak or hang. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "poly/pieceset.h"
#include "poly/puzzle.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  char path[] = "/tmp/pc-fuzz-XXXXXX";
  int fd = mkstemp(path);
  if (fd < 0) return 0;
  if (write(fd, data, size) != (ssize_t)size) size = 0;
  close(fd);
  pc_error err = {0};
  pc_puzzle pz;
  if (pc_puzzle_load(path, &pz, &err) == PC_OK) pc_puzzle_free(&pz);
  pc_pieceset set;
  if (pc_pieceset_load(path, &set, &err) == PC_OK) pc_pieceset_free(&set);
  unlink(path);
  return 0;
}
