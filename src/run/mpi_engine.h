/* mpi_engine.h — the split search (runner.h) over the processes of an
   MPI job (Open MPI; built only with `make MPI=1`).

   Rank 0 runs pc_runner_run as on one machine, with a remote engine: each of
   its instances is one thread ("slot") of another rank, so the runner's
   threads are all the other ranks' threads. A remote search sends the
   subproblem's prefix to its slot, receives the solutions (in batches)
   and the counters, and hands them to the runner: the split, checkpoints,
   resume, progress and the exactly-once delivery stay the runner's. The
   other ranks serve: each thread searches what its slot is sent with a
   local engine of the same kind, so every rank splits and numbers alike.

   Waiting never spins: MPI_Improbe and short sleeps, as Open MPI's
   blocking calls poll the CPU. A rank that stops answering (no message
   or heartbeat for a few seconds; mpirun --enable-recovery lets the
   others run on) loses its slots: the runner hands their subproblems to
   other slots (pc_engine.lost). Without --enable-recovery mpirun ends the
   whole job with SIGTERM, and rank 0 writes its checkpoint. */
#ifndef PC_MPI_ENGINE_H
#define PC_MPI_ENGINE_H

#include "run/runner.h"

typedef struct pc_mpi pc_mpi;

/* Starts MPI with threads (MPI_THREAD_MULTIPLE), errors returned. */
pc_status pc_mpi_start(pc_mpi **mpi, int *rank, int *size, pc_error *err);

/* On a rank other than 0: searches the subproblems rank 0 sends on
   `threads` threads (0: one per core) with `engine`, until rank 0 ends
   the run or `stop` is set. */
pc_status pc_mpi_serve(pc_mpi *mpi, const pc_xc *xc, const pc_engine *engine, int threads,
                       const atomic_int *stop, pc_error *err);

/* On rank 0: waits for the other ranks' threads, then gives the remote
   engine (named as `local`, so checkpoints are those of one process) and
   the number of slots. Errors: a rank with another problem, no threads. */
pc_status pc_mpi_remote(pc_mpi *mpi, const pc_xc *xc, const pc_engine *local,
                        const pc_engine **remote, int *slots, pc_error *err);

/* Sets up a run with --mpi (after pc_run_configure): a rank other than 0
   serves and returns PC_DONE; rank 0 of several puts the remote engine
   and its slots in cfg, one process alone keeps it, and both return PC_OK
   to run the search. */
pc_status pc_mpi_setup(pc_mpi **mpi, const pc_xc *xc, pc_runner_config *cfg, pc_error *err);

/* The end, on every rank (NULL: nothing): rank 0 tells the others to
   stop and waits for them; then MPI_Finalize. */
void pc_mpi_end(pc_mpi *mpi);

#endif
