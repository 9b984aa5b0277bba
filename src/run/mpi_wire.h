/* mpi_wire.h — what rank 0 (mpi_engine.c) and the serving ranks
   (mpi_serve.c) share: the tags and layouts of their messages (arrays of
   int64), waiting without spinning, and sends that give up. Internal to
   the MPI build; not installed. */
#ifndef PC_MPI_WIRE_H
#define PC_MPI_WIRE_H

#include <mpi.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "run/mpi_engine.h"

/* Tags: the run's own messages, then three per slot thread t: its jobs
   and cancels (rank 0 to the thread) and its results (back). */
enum { TAG_HELLO = 1, TAG_QUIT, TAG_BYE, TAG_FINAL, TAG_BEAT, TAG_SLOTS = 16 };
#define TAG_JOB(t) (TAG_SLOTS + 3 * (t))
#define TAG_CANCEL(t) (TAG_SLOTS + 3 * (t) + 1)
#define TAG_RESULT(t) (TAG_SLOTS + 3 * (t) + 2)
#define MAX_THREADS 1024 /* --threads' bound; keeps tags within MPI's 32767 */

/* A result message: seq, kind, then solutions (n, n options, ...) or the
   counters (DONE_*, then the profile: levels nodes, levels updates). */
enum { KIND_BATCH, KIND_DONE };
enum { DONE_SOLUTIONS, DONE_NODES, DONE_UPDATES, DONE_COMPLETE, DONE_CUT, DONE_LEVELS, DONE_HEAD };
/* A job: seq, rule, send solutions?, max solutions, max updates, max nodes, n,
   prefix. */
enum {
  JOB_SEQ, JOB_CHOOSE, JOB_VISIT, JOB_MAX_SOLUTIONS, JOB_MAX_UPDATES, JOB_MAX_NODES, JOB_N, JOB_HEAD
};

/* Solutions are sent in batches of about this many int64s (512 KiB). */
#define BATCH 65536
#define BEAT_SECONDS 1.0   /* every rank's heartbeat, rank 0's included */
#define SILENT_SECONDS 5.0 /* a rank silent this long is taken for lost */

struct pc_mpi {
  int rank, size;
  /* MPI_Finalize waits for every rank, a lost one too (forever, at
     times): after a loss, nobody finalizes. */
  bool finalize;
  /* Rank 0: its heartbeat to the others, from a thread of its own, so
     that they can tell a busy leader from a lost one. */
  pthread_t beater;
  bool beating;
  atomic_int stop_beating;
  /* Rank 0: the remote engine. */
  pc_engine remote;
  const pc_engine *local;
  int n_slots;
  atomic_int next_slot;
  int *slot_rank, *slot_thread;
  atomic_llong *heard;     /* per rank: when it was last heard, in ms */
  atomic_int *gone;        /* per rank: taken for lost, or gone with a goodbye */
  atomic_int any_lost;
  int32_t levels;
};

/* A pause between looks at the messages: from 20 us, doubling up to 1 ms,
   so an answer that comes soon is seen soon and a long wait costs no CPU.
   Start *ns at PC_NAP_FIRST. */
#define PC_NAP_FIRST 20000L
void pc_mpi_nap(long *ns);

long long pc_mpi_now_ms(void);

/* Receives a matched message into *buf (grown as needed); its length, or
   -1 on failure. A large message comes in parts, and a sender that dies
   between them would leave a blocking receive waiting forever: this one
   polls, and gives up when `give_up(ctx)` says the sender is gone (*buf is
   then left to the unfinished receive, and NULL here). */
int pc_mpi_recv_matched(MPI_Message *msg, MPI_Status *status, int64_t **buf, int32_t *cap,
                        bool (*give_up)(void *ctx), void *ctx);

/* A send that gives up: it waits for the message to go, polling, until
   `give_up(ctx)` says the other side is gone or no longer wants it (a
   blocking send to a lost rank never returns). False when not sent. */
bool pc_mpi_send(const int64_t *buf, int count, int dest, int tag,
                 bool (*give_up)(void *ctx), void *ctx);

/* A one-number message (0 or 1) sent and forgotten: a heartbeat, or a
   word to a rank that may be lost. */
void pc_mpi_post(int dest, int tag, int64_t value);

#endif
