/* The number of threads every parallel loop of a kernel module uses: one setting per extension
 * module (a static in each), set for all of them at once by mindcell/_threads.py
 * (set_context(runtime_num_threads=N), OMP_NUM_THREADS, default: the cores this process may use). */
#ifndef MINDCELL_THREADS_H
#define MINDCELL_THREADS_H
static int mc_threads = 1;

static inline void mc_set_threads(int n) { mc_threads = n; }
static inline int mc_get_threads(void) { return mc_threads; }

/* mc_threads when the loop has enough work to split (`worth`), else 1. */
static inline int mc_threads_if(int worth) { return worth ? mc_threads : 1; }
#endif
