/* The number of threads every parallel loop of a kernel module and every BLAS product uses.
 *
 * One state for the whole process (each extension module has a copy of this code and starts
 * with its own state; mindcell/_threads.py points every module at the first module's state):
 *
 * - `threads`, the configured count: set_context(runtime_num_threads=N), OMP_NUM_THREADS,
 *   default the cores this process may use.
 * - `now`, the count the BLAS uses now (1 .. threads). When the machine has other runnable
 *   work, a team of `threads` waits for its slowest member, and inside OpenBLAS the waiting
 *   threads (its caller and its workers) spin with nops, never yield: a member that lost its
 *   core holds the product up for a scheduler time slice while the others burn the cores
 *   (an MLP step: 1.2 ms quiet, 144 ms with 2 threads next to one busy process, 4.6 ms with
 *   1). So `now` follows the load: every 2 ms at most (checked where a product starts), the
 *   number of runnable tasks of the machine is read from /proc/loadavg; the others' share
 *   (ours subtracted) is smoothed over ~20 ms and `now` drops while fewer than `now` cores
 *   are left to us, and comes back with a margin (hysteresis) when they are free again. Off
 *   with `adaptive` = 0 (deterministic runs, MINDCELL_ADAPTIVE_THREADS=0) or where
 *   /proc/loadavg does not exist.
 * - The OpenMP loops keep `threads` unless `loops` is set: their idle workers sleep
 *   (OMP_WAIT_POLICY=PASSIVE) and a woken one gets its core back quickly, so next to busy
 *   processes 2-thread loops with a 1-thread BLAS measured as fast as or faster than 1 thread
 *   everywhere (docs/performance.md).
 *
 * The BLAS gets `now` through wrappers of its GEMM entry points (mc_sgemm/mc_dgemm, bound in
 * place of the library's by mindcell/_core/blas.py), which set OpenBLAS's thread count when it
 * differs (an assignment inside OpenBLAS). OpenBLAS's workers spin for a while after a product
 * (OPENBLAS_THREAD_TIMEOUT) and count as runnable then: no load sample is taken in that window.
 */
#ifndef MINDCELL_THREADS_H
#define MINDCELL_THREADS_H
#include <stddef.h>
#ifdef __linux__
#include <fcntl.h>
#include <time.h>
#include <unistd.h>
#define MC_HAVE_LOADAVG 1
#else
#define MC_HAVE_LOADAVG 0
#endif
#ifdef _OPENMP
#include <omp.h>
#endif

typedef void (*mc_sgemm_fn)(int, int, int, int, int, int, float, const float*, int,
                            const float*, int, float, float*, int);
typedef void (*mc_dgemm_fn)(int, int, int, int, int, int, double, const double*, int,
                            const double*, int, double, double*, int);
typedef void (*mc_blas_threads_fn)(int);

#define MC_PERIOD_NS 2000000LL     /* at most one load sample per 2 ms */
#define MC_TAU_NS 20000000LL       /* the samples' smoothing time */
#define MC_STALE_NS 100000000LL    /* sample even in a BLAS spin window after 100 ms */
#define MC_DOWN_MARGIN 0.5         /* drop a thread when others > cores - now + 0.5 */
#define MC_UP_MARGIN 0.75          /* add one when others < cores - (now + 1) + 0.25 */

typedef struct {
    int threads;               /* configured */
    int now;                   /* used now, 1 .. threads */
    int adaptive;              /* follow the machine's load */
    int sampling;              /* read /proc/loadavg (tests feed samples instead) */
    int cores;                 /* cores this process may use */
    int online;                /* cores of the machine (the load counts all of them) */
    int lock;                  /* one sampler at a time */
    int fd;                    /* /proc/loadavg: -2 not opened yet, -1 unavailable */
    double others;             /* smoothed runnable tasks of others on our cores */
    long long last_ns;         /* time of the last sample (0: none yet) */
    long long next_ns;         /* no sample before this time */
    long long blas_spin_ns;    /* how long OpenBLAS's workers may spin after a product */
    long long blas_until_ns;   /* they may be spinning until this time */
    int blas_set;              /* OpenBLAS's count as last set here (0: unknown) */
    mc_sgemm_fn sgemm;         /* the library's entry points, called by the wrappers */
    mc_dgemm_fn dgemm;
    mc_blas_threads_fn blas_threads;
    long long samples;         /* load samples taken */
    long long changes;         /* changes of `now` */
    int loops;                 /* the OpenMP loops follow the load too (default: only the BLAS) */
} mc_state_t;

static mc_state_t mc_own_state = {1, 1, 1, 1, 1, 1, 0, -2, 0.0, 0, 0, 100000, 0, 0,
                                  NULL, NULL, NULL, 0, 0, 0};
static mc_state_t* mc_st = &mc_own_state;

static inline long long mc_now_ns(void) {
#if MC_HAVE_LOADAVG
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
#else
    return 0;
#endif
}

/* One smoothed load sample `x` (other runnable tasks on our cores) at time `t`: updates
 * `others` and `now`. The whole state machine; tests drive it through _thread_feed. */
static void mc_adapt(mc_state_t* st, double x, long long t) {
    long long dt = t - st->last_ns;
    double a = (st->last_ns == 0 || dt >= MC_TAU_NS) ? 1.0
               : (dt <= 0 ? 0.0 : (double)dt / (double)MC_TAU_NS);
    int cores = st->cores > st->threads ? st->cores : st->threads;
    int n = st->now;
    st->others += a * (x - st->others);
    st->last_ns = t;
    if (n > st->threads) n = st->threads;
    if (n < 1) n = 1;
    while (n > 1 && st->others > cores - n + MC_DOWN_MARGIN) n--;
    while (n < st->threads && st->others < cores - n - MC_UP_MARGIN) n++;
    if (n != st->now) st->changes++;
    st->now = n;
}

/* The machine's runnable tasks (the 4th field of /proc/loadavg, "R/T"), -1 on failure. */
static int mc_read_running(int fd) {
#if MC_HAVE_LOADAVG
    char buf[128];
    ssize_t got = pread(fd, buf, sizeof(buf) - 1, 0);
    int field = 0, value = 0, digits = 0;
    ssize_t i;
    if (got <= 0) return -1;
    buf[got] = 0;
    for (i = 0; i < got; i++) {
        if (buf[i] == ' ') { field++; continue; }
        if (field == 3) {
            if (buf[i] < '0' || buf[i] > '9') break;
            value = value * 10 + (buf[i] - '0');
            digits++;
        }
    }
    return digits ? value : -1;
#else
    (void)fd;
    return -1;
#endif
}

static void mc_sample(mc_state_t* st, long long t) {
    int spinning = 0, running;
    double x;
    if (__atomic_exchange_n(&st->lock, 1, __ATOMIC_ACQUIRE)) return;
    if (t < st->blas_until_ns) {
        if (t - st->last_ns < MC_STALE_NS) {  /* the BLAS's workers may still spin: later */
            __atomic_store_n(&st->lock, 0, __ATOMIC_RELEASE);
            return;
        }
        spinning = st->blas_set > 1 ? st->blas_set - 1 : 0;
    }
#if MC_HAVE_LOADAVG
    if (st->fd == -2) st->fd = open("/proc/loadavg", O_RDONLY | O_CLOEXEC);
#endif
    running = st->fd >= 0 ? mc_read_running(st->fd) : -1;
    if (running < 0) {  /* no load to follow: the configured count, for good */
        st->adaptive = 0;
        st->now = st->threads;
    } else {
        x = running - 1 - spinning;  /* 1: the thread asking */
        if (x < 0) x = 0;
        if (st->online > st->cores) x = x * st->cores / st->online;
        mc_adapt(st, x, t);
        st->samples++;
    }
    st->next_ns = t + MC_PERIOD_NS;
    __atomic_store_n(&st->lock, 0, __ATOMIC_RELEASE);
}

/* The thread count for a product starting now. */
static inline int mc_threads_adapted(void) {
    mc_state_t* st = mc_st;
    long long t;
    if (!st->adaptive || st->threads <= 1) return st->threads;
    if (st->sampling) {
        t = mc_now_ns();
        if (t >= st->next_ns) mc_sample(st, t);
    }
    return st->now;
}

/* The thread count for a parallel loop starting now. */
static inline int mc_threads_now(void) {
    return mc_st->loops ? mc_threads_adapted() : mc_st->threads;
}

static inline void mc_set_threads(int n) {
    mc_st->threads = n;
    mc_st->now = n;
    mc_st->next_ns = 0;    /* sample at the next loop */
    mc_st->blas_set = 0;   /* the caller sets the BLAS's count too */
}
static inline int mc_get_threads(void) { return mc_st->threads; }

/* The count now when the loop has enough work to split (`worth`), else 1. */
static inline int mc_threads_if(int worth) { return worth ? mc_threads_now() : 1; }

/* Around every product: give OpenBLAS the count of now (not inside a parallel region: a
 * product there runs in the region's threads as it always did). */
static inline int mc_blas_begin(mc_state_t* st) {
    int n;
#ifdef _OPENMP
    if (omp_in_parallel()) return 0;
#endif
    n = mc_threads_adapted();
    if (n != st->blas_set && st->blas_threads != NULL) {
        st->blas_threads(n);
        st->blas_set = n;
    }
    return n;
}

static inline void mc_blas_end(mc_state_t* st, int n) {
    if (n > 1) st->blas_until_ns = mc_now_ns() + st->blas_spin_ns;
}

static void mc_sgemm(int order, int ta, int tb, int m, int n, int k, float alpha,
                     const float* a, int lda, const float* b, int ldb, float beta, float* c,
                     int ldc) {
    mc_state_t* st = mc_st;
    int used = mc_blas_begin(st);
    st->sgemm(order, ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
    mc_blas_end(st, used);
}

static void mc_dgemm(int order, int ta, int tb, int m, int n, int k, double alpha,
                     const double* a, int lda, const double* b, int ldb, double beta,
                     double* c, int ldc) {
    mc_state_t* st = mc_st;
    int used = mc_blas_begin(st);
    st->dgemm(order, ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
    mc_blas_end(st, used);
}

#endif
