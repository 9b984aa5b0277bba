/* mpi_engine.c — the remote engine on rank 0 and the serving loop of the
   other ranks (mpi_engine.h). Every message is an array of int64. */
#include "run/mpi_engine.h"

#include <mpi.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/alloc.h"
#include "run/checkpoint.h"
#include "core/clock.h"

/* Tags: the run's own messages, then three per slot thread t: its jobs and cancels
   (rank 0 to the thread) and its results (back). */
enum { TAG_HELLO = 1, TAG_QUIT, TAG_BYE, TAG_FINAL, TAG_BEAT, TAG_SLOTS = 16 };
#define TAG_JOB(t) (TAG_SLOTS + 3 * (t))
#define TAG_CANCEL(t) (TAG_SLOTS + 3 * (t) + 1)
#define TAG_RESULT(t) (TAG_SLOTS + 3 * (t) + 2)
#define MAX_THREADS 1024 /* --threads' bound; keeps tags within MPI's 32767 */

/* A result message: seq, kind, then solutions (n, n options, ...) or the
   counters (DONE_*, then the profile: levels nodes, levels updates). */
enum { KIND_BATCH, KIND_DONE };
enum { DONE_SOLUTIONS, DONE_NODES, DONE_UPDATES, DONE_COMPLETE, DONE_CUT, DONE_LEVELS, DONE_HEAD };
/* A job: seq, rule, send solutions?, max solutions, max updates, n, prefix. */
enum { JOB_SEQ, JOB_CHOOSE, JOB_VISIT, JOB_MAX_SOLUTIONS, JOB_MAX_UPDATES, JOB_N, JOB_HEAD };

/* Solutions are sent in batches of about this many int64s (512 KiB). */
#define BATCH 65536
/* Between looks at the messages: from 20 us, doubling up to 1 ms, so an
   answer that comes soon is seen soon and a long wait costs no CPU. */
#define NAP_FIRST_NS 20000L
#define NAP_MAX_NS 1000000L
#define BEAT_SECONDS 1.0       /* a serving rank's heartbeat */
#define SILENT_SECONDS 5.0     /* a rank silent this long is taken for lost */

struct pc_mpi {
  int rank, size;
  /* MPI_Finalize waits for every rank, a lost one too (forever, at
     times): after a loss, rank 0 tells the others to exit without it. */
  bool finalize;
  /* Rank 0. */
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

static void nap(long *ns)
{
  struct timespec ts = {0, *ns};
  nanosleep(&ts, NULL);
  if (*ns < NAP_MAX_NS) *ns = *ns * 2 < NAP_MAX_NS ? *ns * 2 : NAP_MAX_NS;
}

static long long now_ms(void) { return (long long)(pc_now() * 1000); }

/* Receives a matched message into *buf (grown as needed); its length, or
   -1 on failure. */
static int recv_matched(MPI_Message *msg, MPI_Status *status, int64_t **buf, int32_t *cap)
{
  int count;
  if (MPI_Get_count(status, MPI_INT64_T, &count) != MPI_SUCCESS ||
      !pc_grow((void **)buf, cap, count > 0 ? count : 1, sizeof **buf) ||
      MPI_Mrecv(*buf, count, MPI_INT64_T, msg, MPI_STATUS_IGNORE) != MPI_SUCCESS)
    return -1;
  return count;
}

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

static void cancel(remote *x)
{
  int64_t seq = x->seq;
  MPI_Send(&seq, 1, MPI_INT64_T, x->rank, TAG_CANCEL(x->thread), MPI_COMM_WORLD);
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
  if (x->lost || atomic_load(&m->gone[x->rank])) {
    x->lost = true;
    return;
  }
  x->seq++;
  if (!pc_grow((void **)&x->buf, &x->cap, JOB_HEAD + cfg->n_prefix, sizeof *x->buf)) return;
  x->buf[JOB_SEQ] = x->seq;
  x->buf[JOB_CHOOSE] = cfg->choose;
  x->buf[JOB_VISIT] = cfg->visit != NULL;
  x->buf[JOB_MAX_SOLUTIONS] = (int64_t)cfg->max_solutions;
  x->buf[JOB_MAX_UPDATES] = (int64_t)cfg->max_updates;
  x->buf[JOB_N] = cfg->n_prefix;
  for (int32_t i = 0; i < cfg->n_prefix; i++) x->buf[JOB_HEAD + i] = cfg->prefix[i];
  if (MPI_Send(x->buf, JOB_HEAD + cfg->n_prefix, MPI_INT64_T, x->rank, TAG_JOB(x->thread),
               MPI_COMM_WORLD) != MPI_SUCCESS) {
    x->lost = true;
    return;
  }
  bool stopped = false;
  long ns = NAP_FIRST_NS;
  for (;;) {
    /* Stopped: forgotten by the runner, so no need to wait. */
    if (cfg->stop && atomic_load(cfg->stop)) {
      cancel(x);
      return;
    }
    int flag;
    MPI_Message msg;
    MPI_Status status;
    if (MPI_Improbe(x->rank, TAG_RESULT(x->thread), MPI_COMM_WORLD, &flag, &msg, &status) !=
        MPI_SUCCESS) {
      x->lost = true;
      return;
    }
    if (!flag) {
      if (lost_rank(m, x->rank)) {
        x->lost = true;
        return;
      }
      nap(&ns);
      continue;
    }
    ns = NAP_FIRST_NS;
    int count = recv_matched(&msg, &status, &x->buf, &x->cap);
    if (count < 0) {
      x->lost = true;
      return;
    }
    heard(m, x->rank);
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

/* ---- starting and ending ---- */

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
  }
  return PC_OK;
}

pc_status pc_mpi_remote(pc_mpi *m, const pc_xc *xc, const pc_engine *local,
                        const pc_engine **remote_engine, int *slots, pc_error *err)
{
  int64_t hello[2], hash = (int64_t)pc_xc_hash(xc);
  int *threads = pc_calloc_array((size_t)m->size, sizeof *threads);
  if (!threads) return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  pc_status s = PC_OK;
  long ns = NAP_FIRST_NS;
  for (int waiting = m->size - 1; waiting > 0 && !s;) {
    int flag;
    MPI_Message msg;
    MPI_Status status;
    if (MPI_Improbe(MPI_ANY_SOURCE, TAG_HELLO, MPI_COMM_WORLD, &flag, &msg, &status) !=
        MPI_SUCCESS) {
      s = pc_error_set(err, PC_ERR_IO, 0, 0, "MPI failed while the ranks started");
      break;
    }
    if (!flag) {
      nap(&ns);
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
  if (!s) {
    m->slot_rank = pc_alloc_array((size_t)m->n_slots, sizeof *m->slot_rank);
    m->slot_thread = pc_alloc_array((size_t)m->n_slots, sizeof *m->slot_thread);
    if (!m->slot_rank || !m->slot_thread)
      s = pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  }
  /* Slots in turn over the ranks, so that a few threads spread. */
  for (int slot = 0, t = 0; !s && slot < m->n_slots; t++)
    for (int r = 1; r < m->size; r++)
      if (t < threads[r]) {
        m->slot_rank[slot] = r;
        m->slot_thread[slot++] = t;
      }
  free(threads);
  if (s) return s;
  m->local = local;
  m->levels = xc->n_primary + 1;
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

/* Rank 0: every other rank is told to stop; their last messages are
   taken until each says goodbye or is lost; then all are told whether to
   finalize. */
static void dismiss(pc_mpi *m)
{
  int64_t quit = 0, *buf = NULL;
  int32_t cap = 0;
  int left = 0;
  long ns = NAP_FIRST_NS;
  /* A rank taken for lost may only be slow: it is told too. */
  for (int r = 1; r < m->size; r++) {
    MPI_Send(&quit, 1, MPI_INT64_T, r, TAG_QUIT, MPI_COMM_WORLD);
    if (!atomic_load(&m->gone[r])) left++;
  }
  while (left > 0) {
    int flag;
    MPI_Message msg;
    MPI_Status status;
    if (MPI_Improbe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &msg, &status) !=
        MPI_SUCCESS)
      break;
    if (flag) {
      int r = status.MPI_SOURCE;
      if (recv_matched(&msg, &status, &buf, &cap) < 0) break;
      heard(m, r);
      if (status.MPI_TAG == TAG_BYE && !atomic_load(&m->gone[r])) {
        atomic_store(&m->gone[r], 1);
        left--;
      }
      continue;
    }
    for (int r = 1; r < m->size; r++)
      if (!atomic_load(&m->gone[r]) && lost_rank(m, r)) left--;
    nap(&ns);
  }
  free(buf);
  int64_t finalize = m->finalize = !atomic_load(&m->any_lost);
  for (int r = 1; r < m->size; r++)
    MPI_Send(&finalize, 1, MPI_INT64_T, r, TAG_FINAL, MPI_COMM_WORLD);
}

void pc_mpi_end(pc_mpi *m)
{
  if (!m) return;
  if (m->rank == 0 && m->gone) dismiss(m);
  if (m->finalize) MPI_Finalize();
  free(m->slot_rank);
  free(m->slot_thread);
  free(m->heard);
  free(m->gone);
  free(m);
}

/* ---- the other ranks: serving ---- */

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
   message, as a solution or a prefix has at most n_primary options. */
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
  slot *slots;
  int n;
};

static void send_results(slot *w, int64_t kind)
{
  w->out[0] = w->seq;
  w->out[1] = kind;
  MPI_Send(w->out, (int)w->used, MPI_INT64_T, 0, TAG_RESULT(w->t), MPI_COMM_WORLD);
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

/* Searches the slot's job and sends its results: the solutions left,
   then the counters. */
static void run_job(slot *w)
{
  const int64_t *job = w->job;
  int32_t n = (int32_t)job[JOB_N];
  pc_dlx_config dc = {.choose = (pc_choose)job[JOB_CHOOSE],
                      .max_solutions = (uint64_t)job[JOB_MAX_SOLUTIONS],
                      .max_updates = (uint64_t)job[JOB_MAX_UPDATES],
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
  int32_t levels = st.levels;
  int64_t *v = w->out + 2;
  v[DONE_SOLUTIONS] = (int64_t)st.solutions;
  v[DONE_NODES] = (int64_t)st.nodes;
  v[DONE_UPDATES] = (int64_t)st.updates;
  v[DONE_COMPLETE] = st.complete;
  v[DONE_CUT] = atomic_load(&w->stop);
  v[DONE_LEVELS] = levels;
  for (int32_t l = 0; l < levels; l++) {
    v[DONE_HEAD + l] = (int64_t)st.level_nodes[l];
    v[DONE_HEAD + levels + l] = (int64_t)st.level_updates[l];
  }
  w->used = 2 + DONE_HEAD + 2 * (int64_t)levels;
  send_results(w, KIND_DONE);
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
   other is not of this program, and ignored). */
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
   cancels, are dropped). */
static bool final_word(int64_t **buf, int32_t *cap)
{
  long ns = NAP_FIRST_NS;
  for (;;) {
    int flag;
    MPI_Message msg;
    MPI_Status status;
    if (MPI_Improbe(0, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &msg, &status) != MPI_SUCCESS)
      return false;
    if (!flag) {
      nap(&ns);
      continue;
    }
    int count = recv_matched(&msg, &status, buf, cap);
    if (count < 0) return false;
    if (status.MPI_TAG == TAG_FINAL) return count >= 1 && (*buf)[0];
  }
}

pc_status pc_mpi_serve(pc_mpi *m, const pc_xc *xc, const pc_engine *engine, int threads,
                       const atomic_int *stop, pc_error *err)
{
  if (threads <= 0) threads = (int)sysconf(_SC_NPROCESSORS_ONLN);
  if (threads < 1) threads = 1;
  if (threads > MAX_THREADS) threads = MAX_THREADS;
  server sv = {.engine = engine, .levels = xc->n_primary + 1};
  pc_status s = PC_OK;
  size_t levels = (size_t)sv.levels, out = BATCH + 2 * levels + 2 + DONE_HEAD;
  sv.slots = pc_calloc_array((size_t)threads, sizeof *sv.slots);
  for (; sv.slots && sv.n < threads; sv.n++) {
    slot *w = &sv.slots[sv.n];
    *w = (slot){.sv = &sv, .t = sv.n};
    w->job = pc_alloc_array(JOB_HEAD + levels, sizeof *w->job);
    w->out = pc_alloc_array(out, sizeof *w->out);
    w->prefix = pc_alloc_array(levels, sizeof *w->prefix);
    if (!w->job || !w->out || !w->prefix || !(w->engine = engine->create(engine, xc))) {
      sv.n++; /* freed below */
      break;
    }
  }
  pthread_mutex_init(&sv.lock, NULL);
  pthread_cond_init(&sv.wake, NULL);
  int started = 0;
  while (started < sv.n && sv.slots[started].engine &&
         !pthread_create(&sv.slots[started].thread, NULL, serve_slot, &sv.slots[started]))
    started++;
  if (started < threads) s = pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  int64_t hello[2] = {started, (int64_t)pc_xc_hash(xc)}, *buf = NULL, beat = 0;
  int32_t cap = 0;
  /* Rank 0 waits for every rank's hello, so it is sent whatever happened. */
  if (MPI_Send(hello, 2, MPI_INT64_T, 0, TAG_HELLO, MPI_COMM_WORLD) != MPI_SUCCESS)
    sv.quit = true;
  double last_beat = pc_now();
  long ns = NAP_FIRST_NS;
  bool interrupted = false;
  while (!sv.quit) {
    int flag;
    MPI_Message msg;
    MPI_Status status;
    if (MPI_Improbe(0, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &msg, &status) != MPI_SUCCESS)
      break;
    if (flag) {
      int count = recv_matched(&msg, &status, &buf, &cap);
      if (count < 0) break;
      pthread_mutex_lock(&sv.lock);
      take_message(&sv, status.MPI_TAG, buf, count);
      pthread_cond_broadcast(&sv.wake);
      pthread_mutex_unlock(&sv.lock);
      ns = NAP_FIRST_NS;
      continue;
    }
    if (stop && atomic_load(stop)) {
      interrupted = true; /* mpirun is ending the job: no goodbyes */
      break;
    }
    /* A thread done is soon sent its next job. */
    if (atomic_exchange(&sv.finished, 0)) ns = NAP_FIRST_NS;
    if (pc_now() - last_beat >= BEAT_SECONDS) {
      MPI_Send(&beat, 1, MPI_INT64_T, 0, TAG_BEAT, MPI_COMM_WORLD);
      last_beat = pc_now();
    }
    nap(&ns);
  }
  pthread_mutex_lock(&sv.lock);
  sv.quit = true;
  for (int i = 0; i < sv.n; i++) atomic_store(&sv.slots[i].stop, 1);
  pthread_cond_broadcast(&sv.wake);
  pthread_mutex_unlock(&sv.lock);
  for (int i = 0; i < started; i++) pthread_join(sv.slots[i].thread, NULL);
  MPI_Send(&beat, 1, MPI_INT64_T, 0, TAG_BYE, MPI_COMM_WORLD);
  m->finalize = !interrupted && final_word(&buf, &cap);
  pthread_cond_destroy(&sv.wake);
  pthread_mutex_destroy(&sv.lock);
  for (int i = 0; i < sv.n; i++) {
    slot *w = &sv.slots[i];
    if (w->engine) engine->destroy(w->engine);
    free(w->job);
    free(w->out);
    free(w->prefix);
  }
  free(sv.slots);
  free(buf);
  return s;
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
