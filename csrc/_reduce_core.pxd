# Sums as inline nogil loops over raw row-major pointers: shared by the eager kernels
# (reduce.pyx) and the graph executor (executor.pyx), so both modes add the same numbers in the
# same order. Three layouts of a C-contiguous array:
#   rows   (rows, n)          -> out[r] = sum_j x[r, j]              (trailing axes reduced)
#   cols   (rows, n)          -> out[j] = sum_r x[r, j]              (leading axes reduced)
#   middle (outer, mid, inner) -> out[m] = sum_o sum_i x[o, m, i]    (all but one axis run:
#                                 a convolution's bias gradient, axes (0, 2, 3))
# rows and cols use double accumulators in the order of the input's elements. middle adds in
# numpy's order and element type, bit for bit np.sum(x, axes, dtype=x.dtype) (what this layout
# computed before it was native): numpy's pairwise sum of each inner run, those added in turn
# over outer. Training amplifies the last bits of a bias gradient: with a double sum here
# (4-5x nearer the exact sum) the zoo's CRNN + CTC script left its loss plateau elsewhere
# after 60 Adam steps and ended at greedy accuracy 0.24 instead of 1.0 (issue 19); numpy's
# own sum with the outer order reversed also moved it (to 1.0 by another path).
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


cdef inline real _pairwise(const real* a, Py_ssize_t n) noexcept nogil:
    """numpy's pairwise sum of n contiguous elements in their own type (its float add.reduce
    inner loop): in turn below 8, eight accumulators up to 128, else the two halves (the
    first a multiple of 8) summed apart. Every addition is rounded to ``real``."""
    cdef Py_ssize_t i, n2
    cdef real res, r0, r1, r2, r3, r4, r5, r6, r7
    if n < 8:
        res = 0
        for i in range(n):
            res = res + a[i]
        return res
    if n <= 128:
        r0 = a[0]
        r1 = a[1]
        r2 = a[2]
        r3 = a[3]
        r4 = a[4]
        r5 = a[5]
        r6 = a[6]
        r7 = a[7]
        i = 8
        while i < n - n % 8:
            r0 = r0 + a[i]
            r1 = r1 + a[i + 1]
            r2 = r2 + a[i + 2]
            r3 = r3 + a[i + 3]
            r4 = r4 + a[i + 4]
            r5 = r5 + a[i + 5]
            r6 = r6 + a[i + 6]
            r7 = r7 + a[i + 7]
            i = i + 8
        res = ((r0 + r1) + (r2 + r3)) + ((r4 + r5) + (r6 + r7))
        while i < n:
            res = res + a[i]
            i = i + 1
        return res
    n2 = n // 2
    n2 = n2 - n2 % 8
    return _pairwise(a, n2) + _pairwise(a + n2, n - n2)


cdef inline void sum_middle(const real* x, real* out, Py_ssize_t outer, Py_ssize_t mid,
                            Py_ssize_t inner) noexcept nogil:
    """numpy's float sum over axes 0 and 2 of (outer, mid, inner), bit for bit (see above)."""
    cdef Py_ssize_t m, o
    cdef real s
    for m in prange(mid, schedule="static",
                    num_threads=mc_threads_if(outer * mid * inner >= 65536 and mid > 1)):
        s = 0
        for o in range(outer):
            s = s + _pairwise(x + (o * mid + m) * inner, inner)
        out[m] = s
