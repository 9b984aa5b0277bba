/* fuzz_dlx1.c — libFuzzer target for the DLX1 reader, and the engine on
   whatever it accepts (with an update limit, so nothing hangs). */
#include <stdint.h>
#include <stdio.h>

#include "core/dlx.h"
#include "core/dlx1.h"
#include "core/engines.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  FILE *in = fmemopen((void *)data, size, "r");
  if (!in) return 0;
  pc_xc xc;
  pc_error err = {0};
  if (pc_dlx1_read(in, &xc, NULL, &err) == PC_OK) {
    /* The dlx engine: DLX, or DLX3 where there are bounds or colors. */
    void *d = pc_engine_dlx.create(&pc_engine_dlx, &xc);
    if (d) {
      pc_dlx_stats st;
      pc_dlx_config cfg = {.choose = PC_CHOOSE_MRV, .max_updates = 100000};
      pc_engine_dlx.search(d, &cfg, &st);
      pc_engine_dlx.destroy(d);
    }
    pc_xc_free(&xc);
  }
  fclose(in);
  return 0;
}
