/* mpi_engine.c — starting and ending an MPI run, and rank 0's side: the
   remote engine, the other ranks' liveness, rank 0's heartbeat
   (mpi_engine.h; the serving ranks are in mpi_serve.c). */
#include "run/mpi_engine.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/alloc.h"
#include "core/clock.h"
#include "run/checkpoint.h"
#include "run/mpi_wire.h"

static long long now_ms(void) { return pc_mpi_now_ms(); }

/* ---- rank 0: liveness of the other ranks ---- */

static void heard(pc_mpi *m, int rank) { atomic_store(&m->heard[rank], now_ms()); }

/* Takes `rank`'s heartbeats; true when it is lost. */
static bool lost_rank(pc_mpi *m, int rank)
{
  for (;;) {
    int flag;
    MPI_Message msg;
    if (MPI_Improbe(rank, TAG_BEAT, MPI_COMM_WORLD, &flag, &msg, MPI_STATUS_IGNORE) !=
        MPI_SUCCESS)
      break;
    if (!flag) break;
    int64_t beat;
    MPI_Mrecv(&beat, 1, MPI_INT64_T, &msg, MPI_STATUS_IGNORE);
    heard(m, rank);
  }
  if (now_ms() - atomic_load(&m->heard[rank]) > (long long)(SILENT_SECONDS * 1000)) {
    atomic_store(&m->gone[rank], 1);
    atomic_store(&m->any_lost, 1);
  }
  return atomic_load(&m->gone[rank]);
}

/* ---- rank 0: the remote engine ---- */

typedef struct remote {
  pc_mpi *m;
  const pc_xc *xc;
  void *local;             /* for the split, made when first asked */
  int rank, thread;
  int64_t seq;             /* of the search under way: older results are stale */
  bool lost;
  uint64_t *level_nodes, *level_updates;
  int64_t *buf;
  int32_t cap, sol_cap;
  int32_t *sol;
} remote;

static void remote_destroy(void *e)
{
  remote *x = e;
  if (!x) return;
  if (x->local) x->m->local->destroy(x->local);
  free(x->level_nodes);
  free(x->level_updates);
  free(x->buf);
  free(x->sol);
  free(x);
}

static void *remote_create(const pc_engine *self, const pc_xc *xc)
{
  pc_mpi *m = self->ctx;
  int slot = atomic_fetch_add(&m->next_slot, 1);
  if (slot >= m->n_slots) return NULL; /* the runner makes one per slot */
  remote *x = calloc(1, sizeof *x);
  if (!x) return NULL;
  *x = (remote){.m = m, .xc = xc, .rank = m->slot_rank[slot], .thread = m->slot_thread[slot]};
  x->level_nodes = pc_calloc_array((size_t)m->levels, sizeof *x->level_nodes);
  x->level_updates = pc_calloc_array((size_t)m->levels, sizeof *x->level_updates);
  if (!x->level_nodes || !x->level_updates) {
    remote_destroy(x);
    return NULL;
  }
  return x;
}

static double remote_probability(const void *e, int32_t n)
{
  const remote *x = e;
  return x->local ? x->m->local->path_probability(x->local, n) : 0.0;
}

static bool remote_lost(const void *e) { return ((const remote *)e)->lost; }

/* Sends to a rank give up when it is lost. */
static bool remote_gone(void *ctx)
{
  remote *x = ctx;
  return lost_rank(x->m, x->rank);
}

static void cancel(remote *x)
{
  int64_t seq = x->seq;
  pc_mpi_send(&seq, 1, x->rank, TAG_CANCEL(x->thread), remote_gone, x);
}

/* Hands a batch's solutions to the visitor; false when it says stop. */
static bool deliver(remote *x, const pc_dlx_config *cfg, int count)
{
  for (int at = 2; at < count;) {
    int64_t n = x->buf[at];
    if (n < 0 || n > count - at - 1 ||
        !pc_grow((void **)&x->sol, &x->sol_cap, n + 1, sizeof *x->sol))
      return false;
    for (int64_t i = 0; i < n; i++) x->sol[i] = (int32_t)x->buf[at + 1 + i];
    if (cfg->visit(cfg->ctx, x->sol, (int32_t)n)) return false;
    at += 1 + (int)n;
  }
  return true;
}

/* The counters of a finished search. A search that its rank cut short
   on its own (a signal: mpirun ends the job) is as if lost, so that the
   runner takes none of it. */
static void take_stats(remote *x, int count, bool cancelled, pc_dlx_stats *st)
{
  const int64_t *v = x->buf + 2;
  int64_t levels = count >= 2 + DONE_HEAD ? v[DONE_LEVELS] : -1;
  if (levels < 0 || levels > x->m->levels || count != 2 + DONE_HEAD + 2 * levels ||
      (v[DONE_CUT] && !cancelled)) {
    x->lost = true;
    return;
  }
  st->solutions = (uint64_t)v[DONE_SOLUTIONS];
  st->nodes = (uint64_t)v[DONE_NODES];
  st->updates = (uint64_t)v[DONE_UPDATES];
  st->complete = v[DONE_COMPLETE] && !cancelled;
  st->levels = (int32_t)levels;
  for (int64_t l = 0; l < levels; l++) {
    x->level_nodes[l] = (uint64_t)v[DONE_HEAD + l];
    x->level_updates[l] = (uint64_t)v[DONE_HEAD + levels + l];
  }
}

static bool send_job(remote *x, const pc_dlx_config *cfg)
{
  if (!pc_grow((void **)&x->buf, &x->cap, JOB_HEAD + cfg->n_prefix, sizeof *x->buf))
    return false;
  x->buf[JOB_SEQ] = x->seq;
  x->buf[JOB_CHOOSE] = cfg->choose;
  x->buf[JOB_VISIT] = cfg->visit != NULL;
  x->buf[JOB_MAX_SOLUTIONS] = (int64_t)cfg->max_solutions;
  x->buf[JOB_MAX_UPDATES] = (int64_t)cfg->max_updates;
  x->buf[JOB_MAX_NODES] = (int64_t)cfg->max_nodes;
  x->buf[JOB_N] = cfg->n_prefix;
  for (int32_t i = 0; i < cfg->n_prefix; i++) x->buf[JOB_HEAD + i] = cfg->prefix[i];
  return pc_mpi_send(x->buf, JOB_HEAD + cfg->n_prefix, x->rank, TAG_JOB(x->thread),
                     remote_gone, x);
}

/* The job's solutions, handed to the visitor as they come, and its
   counters; or the rank is lost, or the run stopped. */
static void await_results(remote *x, const pc_dlx_config *cfg, pc_dlx_stats *st)
{
  bool stopped = false;
  long ns = PC_NAP_FIRST;
  for (;;) {
    /* Stopped: forgotten by the runner, so no need to wait. */
    if (cfg->stop && atomic_load(cfg->stop)) {
      cancel(x);
      return;
    }
    int flag, count = 0;
    MPI_Message msg;
    MPI_Status status;
    if (MPI_Improbe(x->rank, TAG_RESULT(x->thread), MPI_COMM_WORLD, &flag, &msg, &status) !=
            MPI_SUCCESS ||
        (!flag && lost_rank(x->m, x->rank)) ||
        (flag && (count = pc_mpi_recv_matched(&msg, &status, &x->buf, &x->cap, remote_gone,
                                               x)) < 0)) {
      x->lost = true;
      return;
    }
    if (!flag) {
      pc_mpi_nap(&ns);
      continue;
    }
    ns = PC_NAP_FIRST;
    heard(x->m, x->rank);
    if (count < 2 || x->buf[0] != x->seq) continue; /* an earlier search's */
    if (x->buf[1] == KIND_DONE) {
      take_stats(x, count, stopped, st);
      return;
    }
    /* When the visitor stops, the rest is not wanted; the counters are. */
    if (cfg->visit && !stopped && !deliver(x, cfg, count)) {
      stopped = true;
      cancel(x);
    }
  }
}

static void remote_search(void *e, const pc_dlx_config *cfg, pc_dlx_stats *st)
{
  remote *x = e;
  pc_mpi *m = x->m;
  *st = (pc_dlx_stats){.no_updates = !m->local->counts_updates,
                       .level_nodes = x->level_nodes, .level_updates = x->level_updates};
  /* The split is rank 0's own. */
  if (cfg->split_depth > 0) {
    if (x->local || (x->local = m->local->create(m->local, x->xc)))
      m->local->search(x->local, cfg, st);
    return;
  }
  x->seq++;
  if (x->lost || atomic_load(&m->gone[x->rank]) || !send_job(x, cfg)) {
    x->lost = true;
    return;
  }
  await_results(x, cfg, st);
}

/* ---- starting and ending ---- */

/* Rank 0's heartbeat: the serving ranks tell from its silence that it is
   lost, and then exit rather than wait for it forever. */
static void *beat(void *arg)
{
  pc_mpi *m = arg;
  double last = 0;
  while (!atomic_load(&m->stop_beating)) {
    if (pc_now() - last >= BEAT_SECONDS) {
      for (int r = 1; r < m->size; r++) pc_mpi_post(r, TAG_BEAT, 0);
      last = pc_now();
    }
    struct timespec ts = {0, 50000000L};
    nanosleep(&ts, NULL);
  }
  return NULL;
}

pc_status pc_mpi_start(pc_mpi **mpi, int *rank, int *size, pc_error *err)
{
  int provided;
  *mpi = NULL;
  if (MPI_Init_thread(NULL, NULL, MPI_THREAD_MULTIPLE, &provided) != MPI_SUCCESS)
    return pc_error_set(err, PC_ERR_IO, 0, 0, "MPI did not start");
  pc_mpi *m = calloc(1, sizeof *m);
  if (!m) {
    MPI_Finalize();
    return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  }
  *mpi = m;
  m->finalize = true;
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  MPI_Comm_rank(MPI_COMM_WORLD, &m->rank);
  MPI_Comm_size(MPI_COMM_WORLD, &m->size);
  *rank = m->rank;
  *size = m->size;
  if (provided < MPI_THREAD_MULTIPLE)
    return pc_error_set(err, PC_ERR_IO, 0, 0,
                        "this MPI library cannot be called from several threads "
                        "(MPI_THREAD_MULTIPLE)");
  if (m->rank == 0) {
    m->heard = pc_calloc_array((size_t)m->size, sizeof *m->heard);
    m->gone = pc_calloc_array((size_t)m->size, sizeof *m->gone);
    if (!m->heard || !m->gone) return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
    for (int r = 0; r < m->size; r++) heard(m, r);
    m->beating = m->size > 1 && !pthread_create(&m->beater, NULL, beat, m);
    if (m->size > 1 && !m->beating)
      return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "cannot start a thread");
  }
  return PC_OK;
}

/* Every other rank's hello: how many threads it serves with (threads[r])
   and the hash of its problem, which must be ours. */
static pc_status gather_hellos(pc_mpi *m, const pc_xc *xc, int *threads, pc_error *err)
{
  int64_t hello[2], hash = (int64_t)pc_xc_hash(xc);
  pc_status s = PC_OK;
  long ns = PC_NAP_FIRST;
  for (int waiting = m->size - 1; waiting > 0 && !s;) {
    int flag;
    MPI_Message msg;
    MPI_Status status;
    if (MPI_Improbe(MPI_ANY_SOURCE, TAG_HELLO, MPI_COMM_WORLD, &flag, &msg, &status) !=
        MPI_SUCCESS)
      return pc_error_set(err, PC_ERR_IO, 0, 0, "MPI failed while the ranks started");
    if (!flag) {
      pc_mpi_nap(&ns);
      continue;
    }
    MPI_Mrecv(hello, 2, MPI_INT64_T, &msg, MPI_STATUS_IGNORE);
    heard(m, status.MPI_SOURCE);
    if (hello[1] != hash)
      s = pc_error_set(err, PC_ERR_INPUT, 0, 0,
                       "rank %d has another exact-cover problem (not the same board?)",
                       status.MPI_SOURCE);
    threads[status.MPI_SOURCE] = (int)hello[0];
    m->n_slots += (int)hello[0];
    waiting--;
  }
  if (!s && !m->n_slots) s = pc_error_set(err, PC_ERR_NOMEM, 0, 0, "no rank could start a thread");
  return s;
}

/* Slots in turn over the ranks, so that a few threads spread. */
static pc_status assign_slots(pc_mpi *m, const int *threads, pc_error *err)
{
  m->slot_rank = pc_alloc_array((size_t)m->n_slots, sizeof *m->slot_rank);
  m->slot_thread = pc_alloc_array((size_t)m->n_slots, sizeof *m->slot_thread);
  if (!m->slot_rank || !m->slot_thread)
    return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  for (int slot = 0, t = 0; slot < m->n_slots; t++)
    for (int r = 1; r < m->size; r++)
      if (t < threads[r]) {
        m->slot_rank[slot] = r;
        m->slot_thread[slot++] = t;
      }
  return PC_OK;
}

pc_status pc_mpi_remote(pc_mpi *m, const pc_xc *xc, const pc_engine *local,
                        const pc_engine **remote_engine, int *slots, pc_error *err)
{
  int *threads = pc_calloc_array((size_t)m->size, sizeof *threads);
  if (!threads) return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  pc_status s = gather_hellos(m, xc, threads, err);
  if (!s) s = assign_slots(m, threads, err);
  free(threads);
  if (s) return s;
  m->local = local;
  m->levels = pc_xc_depth(xc) + 1;
  m->remote = (pc_engine){
      .name = local->name,
      .counts_updates = local->counts_updates,
      .create = remote_create,
      .destroy = remote_destroy,
      .search = remote_search,
      .path_probability = local->path_probability ? remote_probability : NULL,
      .lost = remote_lost,
      .ctx = m,
  };
  *remote_engine = &m->remote;
  *slots = m->n_slots;
  return PC_OK;
}

typedef struct peer {
  pc_mpi *m;
  int rank;
} peer;

/* A message from a lost rank is not waited for. */
static bool peer_lost(void *ctx)
{
  peer *p = ctx;
  return lost_rank(p->m, p->rank);
}

static bool peer_silent(void *ctx)
{
  peer *p = ctx;
  return now_ms() - atomic_load(&p->m->heard[p->rank]) > (long long)(SILENT_SECONDS * 1000);
}

/* One of the last messages, from rank r: a goodbye, or anything else (a
   late result, a heartbeat), or it cannot be taken and r is lost. True
   when r is now gone, with its goodbye (bye[r]) or lost. */
static bool take_last_message(pc_mpi *m, MPI_Message *msg, MPI_Status *status, bool *bye,
                              int64_t **buf, int32_t *cap)
{
  peer from = {m, status->MPI_SOURCE};
  int r = from.rank;
  bool was_gone = atomic_load(&m->gone[r]);
  if (pc_mpi_recv_matched(msg, status, buf, cap, peer_lost, &from) < 0) {
    atomic_store(&m->gone[r], 1);
    atomic_store(&m->any_lost, 1);
    return !was_gone;
  }
  heard(m, r);
  if (status->MPI_TAG != TAG_BYE || was_gone) return false;
  atomic_store(&m->gone[r], 1);
  bye[r] = true;
  return true;
}

/* Rank 0, at the end: waits for every rank's goodbye (*bye) until each
   has said it or is lost, taking their last messages. */
static void await_goodbyes(pc_mpi *m, bool *bye)
{
  int64_t *buf = NULL;
  int32_t cap = 0;
  int left = 0;
  long ns = PC_NAP_FIRST;
  for (int r = 1; r < m->size; r++) left += !atomic_load(&m->gone[r]);
  while (left > 0) {
    int flag;
    MPI_Message msg;
    MPI_Status status;
    if (MPI_Improbe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &msg, &status) !=
        MPI_SUCCESS)
      break;
    if (flag) {
      left -= take_last_message(m, &msg, &status, bye, &buf, &cap);
      continue;
    }
    for (int r = 1; r < m->size; r++)
      if (!atomic_load(&m->gone[r]) && lost_rank(m, r)) left--;
    pc_mpi_nap(&ns);
  }
  free(buf);
}

/* Rank 0: every other rank is told to stop (a rank taken for lost may only
   be slow: it is told too); their goodbyes are awaited; then all are told
   whether to finalize, which only a run without a loss can. */
static void dismiss(pc_mpi *m)
{
  bool *bye = pc_calloc_array((size_t)m->size, sizeof *bye);
  for (int r = 1; r < m->size; r++) pc_mpi_post(r, TAG_QUIT, 0);
  if (bye) await_goodbyes(m, bye);
  int64_t finalize = m->finalize = bye && !atomic_load(&m->any_lost);
  for (int r = 1; r < m->size; r++) {
    peer p = {m, r};
    if (bye && bye[r]) pc_mpi_send(&finalize, 1, r, TAG_FINAL, peer_silent, &p);
    else pc_mpi_post(r, TAG_FINAL, finalize);
  }
  free(bye);
}

void pc_mpi_end(pc_mpi *m)
{
  if (!m) return;
  if (m->rank == 0 && m->gone) dismiss(m);
  if (m->beating) {
    atomic_store(&m->stop_beating, 1);
    pthread_join(m->beater, NULL);
  }
  if (m->finalize) MPI_Finalize();
  free(m->slot_rank);
  free(m->slot_thread);
  free(m->heard);
  free(m->gone);
  free(m);
}

pc_status pc_mpi_setup(pc_mpi **mpi, const pc_xc *xc, pc_runner_config *cfg, pc_error *err)
{
  int rank, size;
  pc_status s = pc_mpi_start(mpi, &rank, &size, err);
  if (!s && rank > 0) {
    s = pc_mpi_serve(*mpi, xc, cfg->engine, cfg->threads, cfg->stop, err);
    return s ? s : PC_DONE;
  }
  if (!s && size > 1) s = pc_mpi_remote(*mpi, xc, cfg->engine, &cfg->engine, &cfg->threads, err);
  return s;
}
