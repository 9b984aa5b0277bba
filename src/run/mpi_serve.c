/* mpi_serve.c — the ranks other than 0: each thread ("slot") searches the
   subproblems rank 0 sends it and sends back the solutions and counters
   (mpi_engine.h). Rank 0's heartbeat tells a busy leader from a lost one:
   when it falls silent, or it ends the run, every wait and send here gives
   up, so the rank exits whatever state the leader left it in. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/alloc.h"
#include "core/clock.h"
#include "core/engines.h"
#include "run/checkpoint.h"
#include "run/mpi_wire.h"

typedef struct server server;

typedef struct slot {
  server *sv;
  int t;
  pthread_t thread;
  void *engine;
  /* Under the server's lock: the job to do, and the one under way. */
  int64_t *job;
  bool has_job;
  int64_t seq;
  atomic_int stop;
  /* The results being gathered; sized at the start for the largest
     message, as a solution or a prefix has at most pc_xc_depth entries. */
  int64_t *out;
  int64_t used;
  int32_t *prefix;
} slot;

struct server {
  const pc_engine *engine;
  int32_t levels;
  pthread_mutex_t lock;
  pthread_cond_t wake;
  bool quit;
  atomic_int finished;     /* a thread has sent a job's counters */
  atomic_int abandon;      /* the run is over: sends need not go */
  atomic_llong leader_heard; /* when rank 0 was last heard, in ms */
  slot *slots;
  int n, started;
};

static bool leader_silent(server *sv)
{
  return pc_mpi_now_ms() - atomic_load(&sv->leader_heard) > (long long)(SILENT_SECONDS * 1000);
}

static bool give_up(void *ctx)
{
  server *sv = ctx;
  return atomic_load(&sv->abandon) || leader_silent(sv);
}

static void send_results(slot *w, int64_t kind)
{
  w->out[0] = w->seq;
  w->out[1] = kind;
  pc_mpi_send(w->out, (int)w->used, 0, TAG_RESULT(w->t), give_up, w->sv);
  w->used = 2;
}

static bool batch_solution(void *ctx, const int32_t *options, int32_t n)
{
  slot *w = ctx;
  w->out[w->used++] = n;
  for (int32_t i = 0; i < n; i++) w->out[w->used++] = options[i];
  if (w->used >= BATCH) send_results(w, KIND_BATCH);
  return false;
}

static void send_counters(slot *w, const pc_dlx_stats *st)
{
  int32_t levels = st->levels;
  int64_t *v = w->out + 2;
  v[DONE_SOLUTIONS] = (int64_t)st->solutions;
  v[DONE_NODES] = (int64_t)st->nodes;
  v[DONE_UPDATES] = (int64_t)st->updates;
  v[DONE_COMPLETE] = st->complete;
  v[DONE_CUT] = atomic_load(&w->stop);
  v[DONE_LEVELS] = levels;
  for (int32_t l = 0; l < levels; l++) {
    v[DONE_HEAD + l] = (int64_t)st->level_nodes[l];
    v[DONE_HEAD + levels + l] = (int64_t)st->level_updates[l];
  }
  w->used = 2 + DONE_HEAD + 2 * (int64_t)levels;
  send_results(w, KIND_DONE);
}

/* Searches the slot's job and sends its results: the solutions left,
   then the counters. */
static void run_job(slot *w)
{
  const int64_t *job = w->job;
  int32_t n = (int32_t)job[JOB_N];
  pc_dlx_config dc = {.choose = (pc_choose)job[JOB_CHOOSE],
                      .max_solutions = (uint64_t)job[JOB_MAX_SOLUTIONS],
                      .max_updates = (uint64_t)job[JOB_MAX_UPDATES],
                      .max_nodes = (uint64_t)job[JOB_MAX_NODES],
                      .stop = &w->stop, .n_prefix = n};
  if (job[JOB_VISIT]) {
    dc.visit = batch_solution;
    dc.ctx = w;
  }
  w->used = 2;
  for (int32_t i = 0; i < n; i++) w->prefix[i] = (int32_t)job[JOB_HEAD + i];
  dc.prefix = w->prefix;
  pc_dlx_stats st;
  w->sv->engine->search(w->engine, &dc, &st);
  if (w->used > 2) send_results(w, KIND_BATCH);
  send_counters(w, &st);
  atomic_store(&w->sv->finished, 1);
}

static void *serve_slot(void *arg)
{
  slot *w = arg;
  server *sv = w->sv;
  pthread_mutex_lock(&sv->lock);
  for (;;) {
    while (!w->has_job && !sv->quit) pthread_cond_wait(&sv->wake, &sv->lock);
    if (sv->quit) break;
    w->has_job = false;
    pthread_mutex_unlock(&sv->lock);
    run_job(w);
    pthread_mutex_lock(&sv->lock);
  }
  pthread_mutex_unlock(&sv->lock);
  return NULL;
}

/* The main thread's part, under the lock: a message from rank 0 (any
   other is not of this program, or a heartbeat, and ignored). */
static void take_message(server *sv, int tag, const int64_t *buf, int count)
{
  int t = (tag - TAG_SLOTS) / 3;
  if (tag == TAG_QUIT) {
    sv->quit = true;
  } else if (tag >= TAG_SLOTS && t < sv->n && tag == TAG_JOB(t) && count >= JOB_HEAD &&
             buf[JOB_N] >= 0 && buf[JOB_N] < sv->levels && count == JOB_HEAD + buf[JOB_N]) {
    slot *w = &sv->slots[t];
    memcpy(w->job, buf, (size_t)count * sizeof *buf);
    w->seq = buf[JOB_SEQ];
    atomic_store(&w->stop, 0);
    w->has_job = true;
  } else if (tag >= TAG_SLOTS && t < sv->n && count >= 1 && tag == TAG_CANCEL(t)) {
    if (sv->slots[t].seq == buf[0]) atomic_store(&sv->slots[t].stop, 1);
  }
}

/* After the goodbye: rank 0's word on finalizing (other messages, late
   cancels, are dropped); false too when rank 0 falls silent. */
static bool final_word(server *sv, int64_t **buf, int32_t *cap)
{
  long ns = PC_NAP_FIRST;
  while (!leader_silent(sv)) {
    int flag;
    MPI_Message msg;
    MPI_Status status;
    if (MPI_Improbe(0, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &msg, &status) != MPI_SUCCESS)
      return false;
    if (!flag) {
      pc_mpi_nap(&ns);
      continue;
    }
    int count = pc_mpi_recv_matched(&msg, &status, buf, cap, give_up, sv);
    if (count < 0) return false;
    atomic_store(&sv->leader_heard, pc_mpi_now_ms());
    if (status.MPI_TAG == TAG_FINAL) return count >= 1 && (*buf)[0];
  }
  return false;
}

/* The slots, their buffers and engines, and their threads. */
static pc_status start_slots(server *sv, const pc_xc *xc, int threads, pc_error *err)
{
  size_t levels = (size_t)sv->levels, out = BATCH + 2 * levels + 2 + DONE_HEAD;
  sv->slots = pc_calloc_array((size_t)threads, sizeof *sv->slots);
  for (; sv->slots && sv->n < threads; sv->n++) {
    slot *w = &sv->slots[sv->n];
    *w = (slot){.sv = sv, .t = sv->n};
    w->job = pc_alloc_array(JOB_HEAD + levels, sizeof *w->job);
    w->out = pc_alloc_array(out, sizeof *w->out);
    w->prefix = pc_alloc_array(levels, sizeof *w->prefix);
    const void *first = sv->n ? sv->slots[0].engine : NULL;
    if (!w->job || !w->out || !w->prefix ||
        !(w->engine = pc_engine_instance(sv->engine, first, xc))) {
      sv->n++; /* freed by stop_slots */
      break;
    }
  }
  pthread_mutex_init(&sv->lock, NULL);
  pthread_cond_init(&sv->wake, NULL);
  while (sv->started < sv->n && sv->slots[sv->started].engine &&
         !pthread_create(&sv->slots[sv->started].thread, NULL, serve_slot,
                         &sv->slots[sv->started]))
    sv->started++;
  return sv->started < threads ? pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory") : PC_OK;
}

static void stop_slots(server *sv)
{
  pthread_mutex_lock(&sv->lock);
  sv->quit = true;
  atomic_store(&sv->abandon, 1);
  for (int i = 0; i < sv->n; i++) atomic_store(&sv->slots[i].stop, 1);
  pthread_cond_broadcast(&sv->wake);
  pthread_mutex_unlock(&sv->lock);
  for (int i = 0; i < sv->started; i++) pthread_join(sv->slots[i].thread, NULL);
  pthread_cond_destroy(&sv->wake);
  pthread_mutex_destroy(&sv->lock);
  for (int i = sv->n - 1; i >= 0; i--) { /* the first last: the others share it */
    slot *w = &sv->slots[i];
    if (w->engine) sv->engine->destroy(w->engine);
    free(w->job);
    free(w->out);
    free(w->prefix);
  }
  free(sv->slots);
}

/* How serving ended. */
typedef enum { ENDED_QUIT, ENDED_STOPPED, ENDED_LEADER_LOST, ENDED_MPI } ended;

/* Takes rank 0's messages and sends the heartbeat until rank 0 says quit,
   `stop` is set (mpirun ends the job), or rank 0 falls silent. */
static ended serve_messages(server *sv, const atomic_int *stop, int64_t **buf, int32_t *cap)
{
  double last_beat = pc_now();
  long ns = PC_NAP_FIRST;
  while (!sv->quit) {
    int flag;
    MPI_Message msg;
    MPI_Status status;
    if (MPI_Improbe(0, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &msg, &status) != MPI_SUCCESS)
      return ENDED_MPI;
    if (flag) {
      int count = pc_mpi_recv_matched(&msg, &status, buf, cap, give_up, sv);
      if (count < 0) return ENDED_MPI;
      atomic_store(&sv->leader_heard, pc_mpi_now_ms());
      pthread_mutex_lock(&sv->lock);
      take_message(sv, status.MPI_TAG, *buf, count);
      pthread_cond_broadcast(&sv->wake);
      pthread_mutex_unlock(&sv->lock);
      ns = PC_NAP_FIRST;
      continue;
    }
    if (stop && atomic_load(stop)) return ENDED_STOPPED;
    if (leader_silent(sv)) return ENDED_LEADER_LOST;
    /* A thread done is soon sent its next job. */
    if (atomic_exchange(&sv->finished, 0)) ns = PC_NAP_FIRST;
    if (pc_now() - last_beat >= BEAT_SECONDS) {
      pc_mpi_post(0, TAG_BEAT, 0);
      last_beat = pc_now();
    }
    pc_mpi_nap(&ns);
  }
  return ENDED_QUIT;
}

pc_status pc_mpi_serve(pc_mpi *m, const pc_xc *xc, const pc_engine *engine, int threads,
                       const atomic_int *stop, pc_error *err)
{
  if (threads <= 0) threads = (int)sysconf(_SC_NPROCESSORS_ONLN);
  if (threads < 1) threads = 1;
  if (threads > MAX_THREADS) threads = MAX_THREADS;
  server sv = {.engine = engine, .levels = pc_xc_depth(xc) + 1};
  atomic_store(&sv.leader_heard, pc_mpi_now_ms());
  pc_status s = start_slots(&sv, xc, threads, err);
  int64_t hello[2] = {sv.started, (int64_t)pc_xc_hash(xc)}, *buf = NULL, bye = 0;
  int32_t cap = 0;
  /* Rank 0 waits for every rank's hello, so it is sent whatever happened. */
  ended how = pc_mpi_send(hello, 2, 0, TAG_HELLO, give_up, &sv)
                  ? serve_messages(&sv, stop, &buf, &cap)
                  : ENDED_LEADER_LOST;
  stop_slots(&sv);
  /* Stopped by mpirun, or rank 0 gone: no goodbyes. */
  m->finalize = false;
  if (how == ENDED_QUIT) {
    atomic_store(&sv.abandon, 0);
    if (pc_mpi_send(&bye, 1, 0, TAG_BYE, give_up, &sv)) m->finalize = final_word(&sv, &buf, &cap);
  }
  free(buf);
  if (!s && how == ENDED_LEADER_LOST)
    s = pc_error_set(err, PC_ERR_IO, 0, 0, "rank 0 fell silent: rank %d stops", m->rank);
  return s;
}
