/* fuzz_file.h — the fuzz targets of readers that take a path: the input
   written to a temporary file. */
#ifndef PC_FUZZ_FILE_H
#define PC_FUZZ_FILE_H

#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

/* Writes data to a fresh file named in path (removed by the caller with
   unlink); false when it cannot. */
static inline int pc_fuzz_file(const uint8_t *data, size_t size, char path[32])
{
  static const char name[] = "/tmp/pc-fuzz-XXXXXX";
  for (size_t i = 0; i < sizeof name; i++) path[i] = name[i];
  int fd = mkstemp(path);
  if (fd < 0) return 0;
  int ok = write(fd, data, size) == (ssize_t)size;
  close(fd);
  if (!ok) unlink(path);
  return ok;
}

#endif
