# Sums with double accumulators as inline nogil loops over raw row-major pointers: shared by
# the eager kernels (reduce.pyx) and the graph executor (executor.pyx), so both modes add the
# same numbers in the same order. Three layouts of a C-contiguous array:
#   rows   (rows, n)          -> out[r] = sum_j x[r, j]              (trailing axes reduced)
#   cols   (rows, n)          -> out[j] = sum_r x[r, j]              (leading axes reduced)
#   middle (outer, mid, inner) -> out[m] = sum_o sum_i x[o, m, i]    (all but one axis run:
#                                 a convolution's bias gradient, axes (0, 2, 3))
# Every output element's sum runs in the order of the input's elements.
from cython.parallel cimport prange
from _threads cimport mc_threads_if
from _common cimport real

DEF COL_CHUNK = 256


cdef inline void sum_rows(const real* x, real* out, Py_ssize_t rows,
                          Py_ssize_t n) noexcept nogil:
    cdef Py_ssize_t r, j
    cdef double s
    for r in prange(rows, schedule="static", num_threads=mc_threads_if(rows * n >= 65536)):
        s = 0.0
        for j in range(n):
            s = s + x[r * n + j]
        out[r] = <real>s


cdef inline void _sum_cols_chunk(const real* x, real* out, Py_ssize_t rows, Py_ssize_t n,
                                 Py_ssize_t c0, Py_ssize_t c1) noexcept nogil:
    """Columns [c0, c1) (at most COL_CHUNK) with the accumulators on this thread's stack."""
    cdef double acc[COL_CHUNK]
    cdef Py_ssize_t r, j, w = c1 - c0
    cdef const real* xr
    for j in range(w):
        acc[j] = 0.0
    for r in range(rows):
        xr = x + r * n + c0
        for j in range(w):
            acc[j] += xr[j]
    for j in range(w):
        out[c0 + j] = <real>acc[j]


cdef inline void sum_cols(const real* x, real* out, Py_ssize_t rows,
                          Py_ssize_t n) noexcept nogil:
    cdef Py_ssize_t k, nchunks = (n + COL_CHUNK - 1) // COL_CHUNK
    for k in prange(nchunks, schedule="static",
                    num_threads=mc_threads_if(rows * n >= 65536 and nchunks > 1)):
        _sum_cols_chunk(x, out, rows, n, k * COL_CHUNK, min((k + 1) * COL_CHUNK, n))


cdef inline void sum_middle(const real* x, real* out, Py_ssize_t outer, Py_ssize_t mid,
                            Py_ssize_t inner) noexcept nogil:
    cdef Py_ssize_t m, o, i
    cdef double s
    cdef const real* xr
    for m in prange(mid, schedule="static",
                    num_threads=mc_threads_if(outer * mid * inner >= 65536 and mid > 1)):
        s = 0.0
        for o in range(outer):
            xr = x + (o * mid + m) * inner
            for i in range(inner):
                s = s + xr[i]
        out[m] = <real>s
