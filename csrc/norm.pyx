# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Fused layer norm and RMS norm over the rows of a (rows, n) array: one pass for the
statistics (accumulated in double), one for the output; backward in two passes per row plus
per-thread partial sums for the affine gradients. Parallel over rows.

Row sums use LANES independent double accumulators: one accumulator makes every add wait for
the previous one (gcc may not reorder floating-point sums), which left the statistics pass
scalar and latency-bound; independent lanes vectorise."""
cimport numpy as cnp
from cython.parallel cimport prange, parallel, threadid
from libc.math cimport sqrt
from libc.stdlib cimport calloc, free
from libc.string cimport memset
from _common cimport real

cnp.import_array()

DEF LANES = 8

cdef struct Pair:
    double a
    double b


cdef inline Pair _fold(const double* acc, const double* acc2) noexcept nogil:
    """The lane totals of two accumulator arrays."""
    cdef Pair out
    cdef int k
    out.a = 0.0
    out.b = 0.0
    for k in range(LANES):
        out.a += acc[k]
        out.b += acc2[k]
    return out


cdef inline Pair _shifted_sums(const real* x, Py_ssize_t n, double shift) noexcept nogil:
    """(sum(x - shift), sum((x - shift)^2)) over one row. Returned by value: inside prange a
    variable written through a pointer would be shared between the threads."""
    cdef double acc[LANES]
    cdef double acc2[LANES]
    cdef double d
    cdef Py_ssize_t j, k, body = n - n % LANES
    memset(acc, 0, sizeof(acc))
    memset(acc2, 0, sizeof(acc2))
    for j in range(0, body, LANES):
        for k in range(LANES):
            d = x[j + k] - shift
            acc[k] += d
            acc2[k] += d * d
    for j in range(body, n):
        d = x[j] - shift
        acc[0] += d
        acc2[0] += d * d
    return _fold(acc, acc2)


cdef inline Pair _grad_sums(const real* dy, const real* gamma, const real* x, real m, real rs,
                            Py_ssize_t n) noexcept nogil:
    """(sum(dy * gamma), sum(dy * gamma * (x - m) * rs)) over one row."""
    cdef double acc[LANES]
    cdef double acc2[LANES]
    cdef real g
    cdef Py_ssize_t j, k, body = n - n % LANES
    memset(acc, 0, sizeof(acc))
    memset(acc2, 0, sizeof(acc2))
    for j in range(0, body, LANES):
        for k in range(LANES):
            g = dy[j + k] * gamma[j + k]
            acc[k] += g
            acc2[k] += g * ((x[j + k] - m) * rs)
    for j in range(body, n):
        g = dy[j] * gamma[j]
        acc[0] += g
        acc2[0] += g * ((x[j] - m) * rs)
    return _fold(acc, acc2)


def layer_norm_fwd(real[:, ::1] x, real[::1] gamma, real[::1] beta, double eps,
                   real[:, ::1] y, real[::1] mean, real[::1] rstd):
    """y = (x - mean) * rstd * gamma + beta per row; mean and rstd per row.

    One pass for the statistics (sum and sum of squares around the row's first value, in
    double, so large offsets do not cancel) and one vectorisable pass in the input's precision
    for the output."""
    cdef Py_ssize_t rows = x.shape[0], n = x.shape[1], r, j
    cdef double s, ss, shift, m, var
    cdef Pair sums
    cdef real mr, rr
    with nogil:
        for r in prange(rows, schedule="static", num_threads=2 if rows * n >= 65536 else 1):
            shift = x[r, 0]
            sums = _shifted_sums(&x[r, 0], n, shift)
            s = sums.a
            ss = sums.b
            m = s / n
            var = ss / n - m * m
            if var < 0:
                var = 0
            mr = <real>(m + shift)
            rr = <real>(1.0 / sqrt(var + eps))
            mean[r] = mr
            rstd[r] = rr
            for j in range(n):
                y[r, j] = (x[r, j] - mr) * rr * gamma[j] + beta[j]


def layer_norm_bwd(real[:, ::1] x, real[:, ::1] dy, real[::1] mean, real[::1] rstd,
                   real[::1] gamma, real[:, ::1] dx, real[::1] dgamma, real[::1] dbeta):
    """Gradients of layer_norm_fwd for given dy: dx per row; dgamma, dbeta summed over rows
    (per-thread partial sums in double, then reduced)."""
    cdef Py_ssize_t rows = x.shape[0], n = x.shape[1], r, j
    cdef int nthreads = 2 if rows * n >= 65536 else 1, t
    cdef double sg, sgx, acc_g, acc_b
    cdef Pair sums
    cdef real m, rs, a, c
    cdef double* part = <double*>calloc(2 * nthreads * n, sizeof(double))
    cdef double* mine
    try:
        with nogil, parallel(num_threads=nthreads):
            t = threadid()
            mine = part + 2 * t * n
            for r in prange(rows, schedule="static"):
                m = mean[r]
                rs = rstd[r]
                sums = _grad_sums(&dy[r, 0], &gamma[0], &x[r, 0], m, rs, n)
                sg = sums.a
                sgx = sums.b
                for j in range(n):
                    mine[j] += dy[r, j] * ((x[r, j] - m) * rs)
                    mine[n + j] += dy[r, j]
                a = <real>(sg / n)
                c = <real>(sgx / n)
                for j in range(n):
                    dx[r, j] = rs * (dy[r, j] * gamma[j] - a - (x[r, j] - m) * rs * c)
        for j in range(n):
            acc_g = 0.0
            acc_b = 0.0
            for t in range(nthreads):
                acc_g = acc_g + part[2 * t * n + j]
                acc_b = acc_b + part[2 * t * n + n + j]
            dgamma[j] = <real>acc_g
            dbeta[j] = <real>acc_b
    finally:
        free(part)


def rms_norm_fwd(real[:, ::1] x, real[::1] gamma, double eps, bint clamp_norm,
                 real[:, ::1] y, real[::1] rstd):
    """y = x * rstd * gamma; rstd = 1/sqrt(mean(x^2) + eps), or with clamp_norm
    1/max(sqrt(mean(x^2)), eps) (darts' RMSNorm)."""
    cdef Py_ssize_t rows = x.shape[0], n = x.shape[1], r, j
    cdef double ss, rs, rms
    cdef Pair sums
    cdef real rr
    with nogil:
        for r in prange(rows, schedule="static", num_threads=2 if rows * n >= 65536 else 1):
            sums = _shifted_sums(&x[r, 0], n, 0.0)
            ss = sums.b
            if clamp_norm:
                rms = sqrt(ss / n)
                rs = 1.0 / (rms if rms > eps else eps)
            else:
                rs = 1.0 / sqrt(ss / n + eps)
            rstd[r] = <real>rs
            rr = <real>rs
            for j in range(n):
                y[r, j] = x[r, j] * rr * gamma[j]


def rms_norm_bwd(real[:, ::1] dy, real[:, ::1] x, real[::1] rstd, real[::1] gamma, double eps,
                 bint clamp_norm, real[:, ::1] dx, real[::1] dgamma):
    """Gradients of rms_norm_fwd: dx per row, dgamma summed over rows."""
    cdef Py_ssize_t rows = x.shape[0], n = x.shape[1], r, j
    cdef int nthreads = 2 if rows * n >= 65536 else 1, t
    cdef double rs, dot, c, acc
    cdef Pair sums
    cdef real rr, cr
    cdef bint clamped
    cdef double* part = <double*>calloc(nthreads * n, sizeof(double))
    cdef double* mine
    try:
        with nogil, parallel(num_threads=nthreads):
            t = threadid()
            mine = part + t * n
            for r in prange(rows, schedule="static"):
                rs = rstd[r]
                clamped = clamp_norm and (1.0 / rs) <= eps
                sums = _grad_sums(&dy[r, 0], &gamma[0], &x[r, 0], 0, 1, n)
                dot = sums.b
                for j in range(n):
                    mine[j] += dy[r, j] * x[r, j] * rs
                c = 0.0 if clamped else rs * rs * rs * dot / n
                rr = <real>rs
                cr = <real>c
                for j in range(n):
                    dx[r, j] = dy[r, j] * gamma[j] * rr - x[r, j] * cr
        for j in range(n):
            acc = 0.0
            for t in range(nthreads):
                acc = acc + part[t * n + j]
            dgamma[j] = <real>acc
    finally:
        free(part)
