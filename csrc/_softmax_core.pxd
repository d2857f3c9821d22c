# Row softmax and log-softmax, forward and backward, as inline nogil loops over raw row-major
# pointers: shared by the eager kernels (softmax.pyx) and the graph executor (executor.pyx).
# Both are safe in place (out may alias x, dx may alias dout or out): each pass reads an
# element before it writes the same element.
from cython.parallel cimport prange
from libc.math cimport exp, log
from _common cimport real


cdef inline void softmax_rows(const real* x, real* out, Py_ssize_t rows, Py_ssize_t n,
                              bint log_output) noexcept nogil:
    cdef Py_ssize_t r, j
    cdef const real* xr
    cdef real* yr
    cdef double mx, s, lse
    for r in prange(rows, schedule="static", num_threads=2 if rows * n >= 65536 else 1):
        xr = x + r * n
        yr = out + r * n
        mx = xr[0]
        for j in range(1, n):
            if xr[j] > mx:
                mx = xr[j]
        s = 0.0
        for j in range(n):
            s = s + exp(xr[j] - mx)
        if log_output:
            lse = mx + log(s)
            for j in range(n):
                yr[j] = <real>(xr[j] - lse)
        else:
            for j in range(n):
                yr[j] = <real>(exp(xr[j] - mx) / s)


cdef inline void softmax_grad_rows(const real* out, const real* dout, real* dx,
                                   Py_ssize_t rows, Py_ssize_t n,
                                   bint log_output) noexcept nogil:
    """softmax: dx = y * (dy - sum(dy*y)); log_softmax: dx = dy - exp(y) * sum(dy)."""
    cdef Py_ssize_t r, j
    cdef const real* yr
    cdef const real* gr
    cdef real* dr
    cdef double s
    for r in prange(rows, schedule="static", num_threads=2 if rows * n >= 65536 else 1):
        yr = out + r * n
        gr = dout + r * n
        dr = dx + r * n
        s = 0.0
        if log_output:
            for j in range(n):
                s = s + gr[j]
            for j in range(n):
                dr[j] = <real>(gr[j] - exp(yr[j]) * s)
        else:
            for j in range(n):
                s = s + gr[j] * yr[j]
            for j in range(n):
                dr[j] = <real>(yr[j] * (gr[j] - s))
