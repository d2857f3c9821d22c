# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Fused layer norm and RMS norm over the rows of a (rows, n) array (parallel over rows), and
training-mode batch norm over the channels of an (N, C, S) array (parallel over channels):
one pass for the statistics (accumulated in double), one for the output; backward in two
passes, plus per-thread partial sums for layer norm's affine gradients. Buffer shapes, dtypes
and contiguity are checked against each other before the GIL is released.

Row sums use LANES independent double accumulators: one accumulator makes every add wait for
the previous one (gcc may not reorder floating-point sums), which left the statistics pass
scalar and latency-bound; independent lanes vectorise. 32 lanes rather than 8: with AVX-512
8 doubles are one register, so 8 lanes were still one chain of dependent vector adds (4
cycles each); 32 make four chains. W7's LayerNorm (4096 x 1024 float32) measured 0.85x
(forward) and 0.55-0.8x (backward) of its time with 8, with the same bits."""
cimport numpy as cnp
from cython.parallel cimport prange, parallel, threadid
from _threads cimport mc_threads_if
from libc.math cimport sqrt
from libc.stdlib cimport calloc, free
from libc.string cimport memset
from _common cimport real
from _check cimport float_type, need_array, need_dim

cnp.import_array()
include "_threads.pxi"

DEF LANES = 32

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


cdef int _layer_norm_fwd(const real[:, ::1] x, const real[::1] gamma, const real[::1] beta,
                         double eps, real[:, ::1] y, real[::1] mean,
                         real[::1] rstd) except -1:
    """y = (x - mean) * rstd * gamma + beta per row; mean and rstd per row.

    One pass for the statistics (sum and sum of squares around the row's first value, in
    double, so large offsets do not cancel) and one vectorisable pass in the input's precision
    for the output."""
    cdef Py_ssize_t rows = x.shape[0], n = x.shape[1], r, j
    cdef double s, ss, shift, m, var
    cdef Pair sums
    cdef real mr, rr
    with nogil:
        for r in prange(rows, schedule="static", num_threads=mc_threads_if(rows * n >= 65536)):
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
    return 0


cdef int _layer_norm_bwd(const real[:, ::1] x, const real[:, ::1] dy, const real[::1] mean,
                         const real[::1] rstd, const real[::1] gamma, real[:, ::1] dx,
                         real[::1] dgamma, real[::1] dbeta) except -1:
    """Gradients of layer_norm_fwd for given dy: dx per row; dgamma, dbeta summed over rows
    (per-thread partial sums in double, then reduced)."""
    cdef Py_ssize_t rows = x.shape[0], n = x.shape[1], r, j
    cdef int nthreads = mc_threads_if(rows * n >= 65536), t
    cdef double sg, sgx, acc_g, acc_b
    cdef Pair sums
    cdef real m, rs, a, c
    cdef double* part = <double*>calloc(2 * nthreads * n + 1, sizeof(double))
    cdef double* mine
    if part == NULL:
        raise MemoryError("layer_norm_bwd: cannot allocate %d partial sums" % (2 * nthreads * n))
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
    return 0


cdef int _rms_norm_fwd(const real[:, ::1] x, const real[::1] gamma, double eps,
                       bint clamp_norm, real[:, ::1] y, real[::1] rstd) except -1:
    """y = x * rstd * gamma; rstd = 1/sqrt(mean(x^2) + eps), or with clamp_norm
    1/max(sqrt(mean(x^2)), eps) (darts' RMSNorm)."""
    cdef Py_ssize_t rows = x.shape[0], n = x.shape[1], r, j
    cdef double ss, rs, rms
    cdef Pair sums
    cdef real rr
    with nogil:
        for r in prange(rows, schedule="static", num_threads=mc_threads_if(rows * n >= 65536)):
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
    return 0


cdef int _rms_norm_bwd(const real[:, ::1] dy, const real[:, ::1] x, const real[::1] rstd,
                       const real[::1] gamma, double eps, bint clamp_norm, real[:, ::1] dx,
                       real[::1] dgamma) except -1:
    """Gradients of rms_norm_fwd: dx per row, dgamma summed over rows."""
    cdef Py_ssize_t rows = x.shape[0], n = x.shape[1], r, j
    cdef int nthreads = mc_threads_if(rows * n >= 65536), t
    cdef double rs, dot, c, acc
    cdef Pair sums
    cdef real rr, cr
    cdef bint clamped
    cdef double* part = <double*>calloc(nthreads * n + 1, sizeof(double))
    cdef double* mine
    if part == NULL:
        raise MemoryError("rms_norm_bwd: cannot allocate %d partial sums" % (nthreads * n))
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
    return 0


# ----- batch norm in training mode over (N, C, S): statistics per channel ---------------------
cdef int _batch_norm_fwd(const real[:, :, ::1] x, const real[::1] gamma, const real[::1] beta,
                         double eps, real[:, :, ::1] y, real[::1] mean,
                         real[::1] var) except -1:
    """Per channel c: mean and (biased) var over the batch and spatial axes, y = (x - mean)
    / sqrt(var + eps) * gamma + beta. One pass for the statistics (shifted sums in double),
    one for the output, while the channel's planes are in cache. Parallel over channels."""
    cdef Py_ssize_t N = x.shape[0], C = x.shape[1], S = x.shape[2], c, n, j
    cdef double s, ss, shift, m, v, cnt = <double>(N * S)
    cdef Pair sums
    cdef real scale, bias
    cdef const real* xp
    cdef real* yp
    with nogil:
        for c in prange(C, schedule="static",
                        num_threads=mc_threads_if(C > 1 and N * C * S >= 65536)):
            shift = x[0, c, 0]
            s = 0.0
            ss = 0.0
            for n in range(N):
                sums = _shifted_sums(&x[n, c, 0], S, shift)
                s = s + sums.a
                ss = ss + sums.b
            m = s / cnt
            v = ss / cnt - m * m
            if v < 0:
                v = 0
            mean[c] = <real>(m + shift)
            var[c] = <real>v
            scale = <real>(gamma[c] / sqrt(v + eps))
            bias = <real>(beta[c] - (m + shift) * scale)
            for n in range(N):
                xp = &x[n, c, 0]
                yp = &y[n, c, 0]
                for j in range(S):
                    yp[j] = xp[j] * scale + bias
    return 0


cdef inline Pair _bn_grad_sums(const real* dy, const real* x, double m, Py_ssize_t n) noexcept nogil:
    """(sum(dy), sum(dy * (x - m))) over one plane."""
    cdef double acc[LANES]
    cdef double acc2[LANES]
    cdef Py_ssize_t j, k, body = n - n % LANES
    memset(acc, 0, sizeof(acc))
    memset(acc2, 0, sizeof(acc2))
    for j in range(0, body, LANES):
        for k in range(LANES):
            acc[k] += dy[j + k]
            acc2[k] += dy[j + k] * (x[j + k] - m)
    for j in range(body, n):
        acc[0] += dy[j]
        acc2[0] += dy[j] * (x[j] - m)
    return _fold(acc, acc2)


cdef int _batch_norm_bwd(const real[:, :, ::1] x, const real[:, :, ::1] dy,
                         const real[::1] mean, const real[::1] var, const real[::1] gamma,
                         double eps, real[:, :, ::1] dx, real[::1] dgamma,
                         real[::1] dbeta) except -1:
    """Gradients of batch_norm_fwd (the statistics depend on x): per channel, with
    xhat = (x - mean) * rstd and M = N * S, dbeta = sum(dy), dgamma = sum(dy * xhat),
    dx = gamma * rstd * (dy - dbeta / M - xhat * dgamma / M). Parallel over channels."""
    cdef Py_ssize_t N = x.shape[0], C = x.shape[1], S = x.shape[2], c, n, j
    cdef double sd, sdx, m, rs, cnt = <double>(N * S)
    cdef Pair sums
    cdef real a, k1, k2, mr
    cdef const real* xp
    cdef const real* gp
    cdef real* dp
    with nogil:
        for c in prange(C, schedule="static",
                        num_threads=mc_threads_if(C > 1 and N * C * S >= 65536)):
            m = mean[c]
            rs = 1.0 / sqrt(<double>var[c] + eps)
            sd = 0.0
            sdx = 0.0
            for n in range(N):
                sums = _bn_grad_sums(&dy[n, c, 0], &x[n, c, 0], m, S)
                sd = sd + sums.a
                sdx = sdx + sums.b
            dbeta[c] = <real>sd
            dgamma[c] = <real>(sdx * rs)
            # dx = a * (dy - k1 - (x - m) * k2)
            a = <real>(gamma[c] * rs)
            k1 = <real>(sd / cnt)
            k2 = <real>(sdx * rs * rs / cnt)
            mr = <real>m
            for n in range(N):
                xp = &x[n, c, 0]
                gp = &dy[n, c, 0]
                dp = &dx[n, c, 0]
                for j in range(S):
                    dp[j] = a * (gp[j] - k1 - (xp[j] - mr) * k2)
    return 0


cdef int _rows_n(str kernel, cnp.ndarray x, int t) except -1:
    """x: a C-contiguous (rows, n) array of type t with n >= 1 unless rows == 0."""
    need_array(kernel, "x", x, 2, t, False)
    if cnp.PyArray_DIMS(x)[1] == 0 and cnp.PyArray_DIMS(x)[0] != 0:
        raise ValueError("%s: 'x' has shape %s; the normalized axis must not be empty"
                         % (kernel, (<object>x).shape))
    return 0


cdef int _vec(str kernel, str name, cnp.ndarray a, int t, Py_ssize_t n, str why,
              bint out) except -1:
    need_array(kernel, name, a, 1, t, out)
    need_dim(kernel, name, a, 0, n, why)
    return 0


cdef int _mat(str kernel, str name, cnp.ndarray a, int t, cnp.ndarray x, bint out) except -1:
    need_array(kernel, name, a, 2, t, out)
    need_dim(kernel, name, a, 0, cnp.PyArray_DIMS(x)[0], "x.shape[0]")
    need_dim(kernel, name, a, 1, cnp.PyArray_DIMS(x)[1], "x.shape[1]")
    return 0


def layer_norm_fwd(cnp.ndarray x, cnp.ndarray gamma, cnp.ndarray beta, double eps,
                   cnp.ndarray y, cnp.ndarray mean, cnp.ndarray rstd):
    """y = (x - mean) * rstd * gamma + beta over the rows of x (rows, n); gamma, beta (n,);
    y like x; mean, rstd (rows,)."""
    cdef str k = "layer_norm_fwd"
    cdef int t = float_type(k, "x", x)
    _rows_n(k, x, t)
    cdef Py_ssize_t rows = cnp.PyArray_DIMS(x)[0], n = cnp.PyArray_DIMS(x)[1]
    _vec(k, "gamma", gamma, t, n, "x.shape[1]", False)
    _vec(k, "beta", beta, t, n, "x.shape[1]", False)
    _mat(k, "y", y, t, x, True)
    _vec(k, "mean", mean, t, rows, "x.shape[0]", True)
    _vec(k, "rstd", rstd, t, rows, "x.shape[0]", True)
    if t == cnp.NPY_FLOAT32:
        _layer_norm_fwd[float](x, gamma, beta, eps, y, mean, rstd)
    else:
        _layer_norm_fwd[double](x, gamma, beta, eps, y, mean, rstd)


def layer_norm_bwd(cnp.ndarray x, cnp.ndarray dy, cnp.ndarray mean, cnp.ndarray rstd,
                   cnp.ndarray gamma, cnp.ndarray dx, cnp.ndarray dgamma, cnp.ndarray dbeta):
    """Gradients of layer_norm_fwd: dy, dx like x (rows, n); mean, rstd (rows,); gamma,
    dgamma, dbeta (n,)."""
    cdef str k = "layer_norm_bwd"
    cdef int t = float_type(k, "x", x)
    _rows_n(k, x, t)
    cdef Py_ssize_t rows = cnp.PyArray_DIMS(x)[0], n = cnp.PyArray_DIMS(x)[1]
    _mat(k, "dy", dy, t, x, False)
    _vec(k, "mean", mean, t, rows, "x.shape[0]", False)
    _vec(k, "rstd", rstd, t, rows, "x.shape[0]", False)
    _vec(k, "gamma", gamma, t, n, "x.shape[1]", False)
    _mat(k, "dx", dx, t, x, True)
    _vec(k, "dgamma", dgamma, t, n, "x.shape[1]", True)
    _vec(k, "dbeta", dbeta, t, n, "x.shape[1]", True)
    if t == cnp.NPY_FLOAT32:
        _layer_norm_bwd[float](x, dy, mean, rstd, gamma, dx, dgamma, dbeta)
    else:
        _layer_norm_bwd[double](x, dy, mean, rstd, gamma, dx, dgamma, dbeta)


def rms_norm_fwd(cnp.ndarray x, cnp.ndarray gamma, double eps, bint clamp_norm,
                 cnp.ndarray y, cnp.ndarray rstd):
    """y = x * rstd * gamma over the rows of x (rows, n); gamma (n,); y like x; rstd (rows,)."""
    cdef str k = "rms_norm_fwd"
    cdef int t = float_type(k, "x", x)
    _rows_n(k, x, t)
    cdef Py_ssize_t rows = cnp.PyArray_DIMS(x)[0], n = cnp.PyArray_DIMS(x)[1]
    _vec(k, "gamma", gamma, t, n, "x.shape[1]", False)
    _mat(k, "y", y, t, x, True)
    _vec(k, "rstd", rstd, t, rows, "x.shape[0]", True)
    if t == cnp.NPY_FLOAT32:
        _rms_norm_fwd[float](x, gamma, eps, clamp_norm, y, rstd)
    else:
        _rms_norm_fwd[double](x, gamma, eps, clamp_norm, y, rstd)


def rms_norm_bwd(cnp.ndarray dy, cnp.ndarray x, cnp.ndarray rstd, cnp.ndarray gamma,
                 double eps, bint clamp_norm, cnp.ndarray dx, cnp.ndarray dgamma):
    """Gradients of rms_norm_fwd: dy, dx like x (rows, n); rstd (rows,); gamma, dgamma (n,)."""
    cdef str k = "rms_norm_bwd"
    cdef int t = float_type(k, "x", x)
    _rows_n(k, x, t)
    cdef Py_ssize_t rows = cnp.PyArray_DIMS(x)[0], n = cnp.PyArray_DIMS(x)[1]
    _mat(k, "dy", dy, t, x, False)
    _vec(k, "rstd", rstd, t, rows, "x.shape[0]", False)
    _vec(k, "gamma", gamma, t, n, "x.shape[1]", False)
    _mat(k, "dx", dx, t, x, True)
    _vec(k, "dgamma", dgamma, t, n, "x.shape[1]", True)
    if t == cnp.NPY_FLOAT32:
        _rms_norm_bwd[float](dy, x, rstd, gamma, eps, clamp_norm, dx, dgamma)
    else:
        _rms_norm_bwd[double](dy, x, rstd, gamma, eps, clamp_norm, dx, dgamma)


cdef int _ncs(str kernel, str name, cnp.ndarray a, int t, cnp.ndarray x, bint out) except -1:
    """a: a C-contiguous (N, C, S) array of type t, x's shape when x is given, S >= 1."""
    need_array(kernel, name, a, 3, t, out)
    cdef int axis
    if x is None:
        if cnp.PyArray_DIMS(a)[0] * cnp.PyArray_DIMS(a)[2] == 0:
            raise ValueError("%s: '%s' has shape %s; the batch and spatial axes must not be "
                             "empty" % (kernel, name, (<object>a).shape))
        return 0
    for axis in range(3):
        need_dim(kernel, name, a, axis, cnp.PyArray_DIMS(x)[axis], "x.shape[%d]" % axis)
    return 0


def batch_norm_fwd(cnp.ndarray x, cnp.ndarray gamma, cnp.ndarray beta, double eps,
                   cnp.ndarray y, cnp.ndarray mean, cnp.ndarray var):
    """Training-mode batch norm of x (N, C, S) with batch statistics per channel: y like x;
    gamma, beta, mean, var (C,); var is the biased variance."""
    cdef str k = "batch_norm_fwd"
    cdef int t = float_type(k, "x", x)
    _ncs(k, "x", x, t, None, False)
    cdef Py_ssize_t C = cnp.PyArray_DIMS(x)[1]
    _vec(k, "gamma", gamma, t, C, "x.shape[1]", False)
    _vec(k, "beta", beta, t, C, "x.shape[1]", False)
    _ncs(k, "y", y, t, x, True)
    _vec(k, "mean", mean, t, C, "x.shape[1]", True)
    _vec(k, "var", var, t, C, "x.shape[1]", True)
    if t == cnp.NPY_FLOAT32:
        _batch_norm_fwd[float](x, gamma, beta, eps, y, mean, var)
    else:
        _batch_norm_fwd[double](x, gamma, beta, eps, y, mean, var)


def batch_norm_bwd(cnp.ndarray x, cnp.ndarray dy, cnp.ndarray mean, cnp.ndarray var,
                   cnp.ndarray gamma, double eps, cnp.ndarray dx, cnp.ndarray dgamma,
                   cnp.ndarray dbeta):
    """Gradients of batch_norm_fwd: dy, dx like x (N, C, S); mean, var, gamma, dgamma,
    dbeta (C,)."""
    cdef str k = "batch_norm_bwd"
    cdef int t = float_type(k, "x", x)
    _ncs(k, "x", x, t, None, False)
    cdef Py_ssize_t C = cnp.PyArray_DIMS(x)[1]
    _ncs(k, "dy", dy, t, x, False)
    _vec(k, "mean", mean, t, C, "x.shape[1]", False)
    _vec(k, "var", var, t, C, "x.shape[1]", False)
    _vec(k, "gamma", gamma, t, C, "x.shape[1]", False)
    _ncs(k, "dx", dx, t, x, True)
    _vec(k, "dgamma", dgamma, t, C, "x.shape[1]", True)
    _vec(k, "dbeta", dbeta, t, C, "x.shape[1]", True)
    if t == cnp.NPY_FLOAT32:
        _batch_norm_bwd[float](x, dy, mean, var, gamma, eps, dx, dgamma, dbeta)
    else:
        _batch_norm_bwd[double](x, dy, mean, var, gamma, eps, dx, dgamma, dbeta)
