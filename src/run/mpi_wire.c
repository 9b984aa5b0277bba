/* mpi_wire.c — waiting, receiving and sending for both sides of an MPI
   run (mpi_wire.h). */
#include "run/mpi_wire.h"

#include <time.h>

#include "core/alloc.h"
#include "core/clock.h"

#define NAP_MAX_NS 1000000L

void pc_mpi_nap(long *ns)
{
  struct timespec ts = {0, *ns};
  nanosleep(&ts, NULL);
  if (*ns < NAP_MAX_NS) *ns = *ns * 2 < NAP_MAX_NS ? *ns * 2 : NAP_MAX_NS;
}

long long pc_mpi_now_ms(void) { return (long long)(pc_now() * 1000); }

int pc_mpi_recv_matched(MPI_Message *msg, MPI_Status *status, int64_t **buf, int32_t *cap,
                        bool (*give_up)(void *ctx), void *ctx)
{
  int count, done = 0;
  MPI_Request req;
  if (MPI_Get_count(status, MPI_INT64_T, &count) != MPI_SUCCESS ||
      !pc_grow((void **)buf, cap, count > 0 ? count : 1, sizeof **buf) ||
      MPI_Imrecv(*buf, count, MPI_INT64_T, msg, &req) != MPI_SUCCESS)
    return -1;
  long ns = PC_NAP_FIRST;
  while (!done) {
    if (MPI_Test(&req, &done, MPI_STATUS_IGNORE) != MPI_SUCCESS) return -1;
    if (done) break;
    if (give_up(ctx)) {
      /* A matched receive cannot be cancelled: the buffer stays the
         request's, in case the sender wakes up and finishes it. */
      MPI_Request_free(&req);
      *buf = NULL;
      *cap = 0;
      return -1;
    }
    pc_mpi_nap(&ns);
  }
  return count;
}

bool pc_mpi_send(const int64_t *buf, int count, int dest, int tag,
                 bool (*give_up)(void *ctx), void *ctx)
{
  MPI_Request req;
  if (MPI_Isend(buf, count, MPI_INT64_T, dest, tag, MPI_COMM_WORLD, &req) != MPI_SUCCESS)
    return false;
  long ns = PC_NAP_FIRST;
  for (;;) {
    int done = 0;
    if (MPI_Test(&req, &done, MPI_STATUS_IGNORE) != MPI_SUCCESS) return false;
    if (done) return true;
    if (give_up(ctx)) {
      MPI_Cancel(&req);
      MPI_Request_free(&req);
      return false;
    }
    pc_mpi_nap(&ns);
  }
}

void pc_mpi_post(int dest, int tag, int64_t value)
{
  static const int64_t values[2] = {0, 1};
  MPI_Request req;
  if (MPI_Isend(&values[value != 0], 1, MPI_INT64_T, dest, tag, MPI_COMM_WORLD, &req) ==
      MPI_SUCCESS)
    MPI_Request_free(&req);
}
