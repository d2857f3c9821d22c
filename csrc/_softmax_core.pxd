# Row softmax and log-softmax, forward and backward, and the sparse softmax cross-entropy, as
# inline nogil loops over raw row-major pointers: shared by the eager kernels (softmax.pyx)
# and the graph executor (executor.pyx).
# Both are safe in place (out may alias x, dx may alias dout or out): each pass reads an
# element before it writes the same element.
from cython.parallel cimport prange
from _threads cimport mc_threads_if
from libc.math cimport exp, log
from _common cimport real
from _math cimport exp_f

DEF LANES = 8


cdef inline float _exp_shifted_f32(const float* x, float* y, Py_ssize_t n,
                                   float shift) noexcept nogil:
    """y = exp(x - shift) with the vectorised polynomial exp; returns the sum (8 double
    lanes, so the loop is not one long dependency chain)."""
    cdef double acc[LANES]
    cdef Py_ssize_t j, k, body = n - n % LANES
    cdef float e
    cdef double total = 0.0
    for k in range(LANES):
        acc[k] = 0.0
    for j in range(0, body, LANES):
        for k in range(LANES):
            e = exp_f(x[j + k] - shift)
            y[j + k] = e
            acc[k] += e
    for j in range(body, n):
        e = exp_f(x[j] - shift)
        y[j] = e
        acc[0] += e
    for k in range(LANES):
        total += acc[k]
    return <float>total


cdef inline float _row_max_f32(const float* x, Py_ssize_t n) noexcept nogil:
    cdef float lanes[LANES]
    cdef float mx
    cdef Py_ssize_t j, k, body = n - n % LANES
    for k in range(LANES):
        lanes[k] = x[0]
    for j in range(0, body, LANES):
        for k in range(LANES):
            lanes[k] = x[j + k] if x[j + k] > lanes[k] else lanes[k]
    mx = lanes[0]
    for k in range(1, LANES):
        mx = lanes[k] if lanes[k] > mx else mx
    for j in range(body, n):
        mx = x[j] if x[j] > mx else mx
    return mx


cdef inline void softmax_rows(const real* x, real* out, Py_ssize_t rows, Py_ssize_t n,
                              bint log_output) noexcept nogil:
    cdef Py_ssize_t r, j
    cdef const real* xr
    cdef real* yr
    cdef double mx, s, lse
    cdef float mx32, inv32
    if real is float and not log_output:
        # float32 softmax: vectorised max, exp and scale (libm's double exp is scalar)
        for r in prange(rows, schedule="static", num_threads=mc_threads_if(rows * n >= 65536)):
            xr = x + r * n
            yr = out + r * n
            mx32 = _row_max_f32(xr, n)
            inv32 = <float>1.0 / _exp_shifted_f32(xr, yr, n, mx32)
            for j in range(n):
                yr[j] = yr[j] * inv32
        return
    for r in prange(rows, schedule="static", num_threads=mc_threads_if(rows * n >= 65536)):
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
            # (x - max) - log(s), not x - (max + log(s)): at |x| ~ 1e17 the latter rounds
            # log(s) away (log_softmax([1e17, 1e17]) gave 0, not -log 2)
            lse = log(s)
            for j in range(n):
                yr[j] = <real>((xr[j] - mx) - lse)
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
    for r in prange(rows, schedule="static", num_threads=mc_threads_if(rows * n >= 65536)):
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


cdef inline Py_ssize_t sparse_xent_rows(const real* logits, const void* labels, bint labels64,
                                        real* loss, real* grad, Py_ssize_t rows,
                                        Py_ssize_t n) noexcept nogil:
    """loss[r] = logsumexp(row) - row[label]; grad = softmax(row) - onehot(label), for int32
    or int64 (labels64) labels. Returns the first row whose label is outside [0, n) before
    writing anything, else -1."""
    cdef Py_ssize_t r, j
    cdef long long lab
    cdef double mx, s, lse
    cdef float mx32, inv32
    cdef const real* xr
    cdef real* gr
    for r in range(rows):
        lab = (<const long long*>labels)[r] if labels64 else (<const int*>labels)[r]
        if lab < 0 or lab >= n:
            return r
    if real is float:
        # vectorised max and polynomial exp (libm's double exp is scalar: 4x slower here)
        for r in prange(rows, schedule="static", num_threads=mc_threads_if(rows * n >= 65536)):
            lab = (<const long long*>labels)[r] if labels64 else (<const int*>labels)[r]
            xr = logits + r * n
            gr = grad + r * n
            mx32 = _row_max_f32(xr, n)
            s = _exp_shifted_f32(xr, gr, n, mx32)
            loss[r] = <real>((mx32 - xr[lab]) + log(s))
            inv32 = <float>(1.0 / s)
            for j in range(n):
                gr[j] = gr[j] * inv32
            gr[lab] -= 1
    else:
        for r in prange(rows, schedule="static", num_threads=mc_threads_if(rows * n >= 65536)):
            lab = (<const long long*>labels)[r] if labels64 else (<const int*>labels)[r]
            xr = logits + r * n
            gr = grad + r * n
            mx = xr[0]
            for j in range(1, n):
                if xr[j] > mx:
                    mx = xr[j]
            s = 0.0
            for j in range(n):
                s = s + exp(xr[j] - mx)
            lse = log(s)  # shifted by mx, which is subtracted first (see softmax_rows)
            loss[r] = <real>((mx - xr[lab]) + lse)
            for j in range(n):
                gr[j] = <real>exp((xr[j] - mx) - lse)
            gr[lab] -= 1
    return -1
