# Included by every kernel module: the Python face of its thread count (csrc/_threads.h).
from cython.parallel cimport parallel
from openmp cimport omp_get_num_threads
from _threads cimport mc_set_threads, mc_get_threads


def set_num_threads(int n):
    """Threads of this module's parallel loops (n >= 1)."""
    if n < 1:
        raise ValueError("set_num_threads: expects n >= 1, but got %d" % n)
    mc_set_threads(n)


def get_num_threads():
    """Threads of this module's parallel loops."""
    return mc_get_threads()


def team_size():
    """The size of the OpenMP team this module's parallel loops get now (read back by tests)."""
    cdef int size = 0
    cdef int* slot = &size  # written through a pointer: shared by the team
    with nogil, parallel(num_threads=mc_get_threads()):
        slot[0] = omp_get_num_threads()
    return size
