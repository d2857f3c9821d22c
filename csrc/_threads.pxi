# Included by every kernel module: the Python face of its thread count (csrc/_threads.h).
from cython.parallel cimport parallel
from openmp cimport omp_get_num_threads
from _threads cimport mc_set_threads, mc_get_threads, mc_threads_now

cdef extern from "_threads.h" nogil:
    ctypedef struct mc_state_t:
        int threads
        int now
        int adaptive
        int sampling
        int cores
        int online
        double others
        long long last_ns
        long long blas_spin_ns
        int blas_set
        void* sgemm
        void* dgemm
        void* blas_threads
        long long samples
        long long changes
        int loops
    mc_state_t* mc_st
    void mc_adapt(mc_state_t* st, double x, long long t)
    void mc_sgemm(int, int, int, int, int, int, float, const float*, int, const float*, int,
                  float, float*, int)
    void mc_dgemm(int, int, int, int, int, int, double, const double*, int, const double*,
                  int, double, double*, int)


def set_num_threads(int n):
    """Threads of this module's parallel loops (n >= 1)."""
    if n < 1:
        raise ValueError("set_num_threads: expects n >= 1, but got %d" % n)
    mc_set_threads(n)


def get_num_threads():
    """Threads of this module's parallel loops (the configured count)."""
    return mc_get_threads()


def team_size():
    """The size of the OpenMP team this module's parallel loops get now (read back by tests)."""
    cdef int size = 0
    cdef int* slot = &size  # written through a pointer: shared by the team
    with nogil, parallel(num_threads=mc_threads_now()):
        slot[0] = omp_get_num_threads()
    return size


# ----- the shared thread state (mindcell/_threads.py; tests) ----------------------------------
def _thread_state_address():
    """The address of the thread state this module uses."""
    return <size_t>mc_st


def _bind_thread_state(size_t address):
    """Use the thread state at `address` (another module's) from now on."""
    global mc_st
    if address == 0:
        raise ValueError("_bind_thread_state: expects a state address, but got 0")
    mc_st = <mc_state_t*>address


def _thread_configure(int adaptive, int sampling, int cores, int online,
                      long long blas_spin_ns):
    """Switch load following on/off, set the cores it counts and the BLAS's spin time."""
    mc_st.adaptive = adaptive
    mc_st.sampling = sampling
    mc_st.cores = max(cores, 1)
    mc_st.online = max(online, cores, 1)
    mc_st.blas_spin_ns = blas_spin_ns
    if not adaptive:
        mc_st.now = mc_st.threads
    mc_st.blas_set = 0


def _thread_gemm_wrappers(size_t sgemm, size_t dgemm, size_t blas_threads):
    """Keep the library's GEMM entry points and thread setter; return the addresses of the
    wrappers that give the BLAS the thread count of now."""
    mc_st.sgemm = <void*>sgemm
    mc_st.dgemm = <void*>dgemm
    mc_st.blas_threads = <void*>blas_threads
    mc_st.blas_set = 0
    return <size_t>&mc_sgemm, <size_t>&mc_dgemm


def _thread_loops_follow(int flag):
    """Whether the OpenMP loops follow the load too (else only the BLAS does)."""
    mc_st.loops = flag


def _thread_feed(double others, long long t_ns):
    """Feed one load sample (other runnable tasks on our cores) at time t_ns; returns the
    count of now. For tests, with sampling off."""
    mc_adapt(mc_st, others, t_ns)
    return mc_st.now


def _thread_state():
    """The shared thread state as a dict."""
    return {"threads": mc_st.threads, "now": mc_st.now, "adaptive": bool(mc_st.adaptive),
            "sampling": bool(mc_st.sampling), "cores": mc_st.cores, "online": mc_st.online,
            "others": mc_st.others, "last_ns": mc_st.last_ns, "blas_set": mc_st.blas_set,
            "blas_spin_ns": mc_st.blas_spin_ns, "samples": mc_st.samples,
            "changes": mc_st.changes, "loops": bool(mc_st.loops)}


def _thread_reset_load():
    """Forget the smoothed load (the count of now goes back to the configured one)."""
    mc_st.others = 0.0
    mc_st.last_ns = 0
    mc_st.now = mc_st.threads
