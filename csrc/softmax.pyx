# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Softmax, log-softmax and softmax cross-entropy over the rows of (rows, n) arrays, fused:
forward and backward each in one or two passes per row, parallel over rows."""
cimport numpy as cnp
from cython.parallel cimport prange
from libc.math cimport exp, log
from _common cimport real

cnp.import_array()


def softmax_fwd(real[:, ::1] x, real[:, ::1] out, bint log_output):
    cdef Py_ssize_t rows = x.shape[0], n = x.shape[1], r, j
    cdef double mx, s, lse
    with nogil:
        for r in prange(rows, schedule="static", num_threads=2 if rows * n >= 65536 else 1):
            mx = x[r, 0]
            for j in range(1, n):
                if x[r, j] > mx:
                    mx = x[r, j]
            s = 0.0
            for j in range(n):
                s = s + exp(x[r, j] - mx)
            if log_output:
                lse = mx + log(s)
                for j in range(n):
                    out[r, j] = <real>(x[r, j] - lse)
            else:
                for j in range(n):
                    out[r, j] = <real>(exp(x[r, j] - mx) / s)


def softmax_bwd(real[:, ::1] out, real[:, ::1] dout, real[:, ::1] dx, bint log_output):
    """softmax: dx = y * (dy - sum(dy*y)); log_softmax: dx = dy - exp(y) * sum(dy)."""
    cdef Py_ssize_t rows = out.shape[0], n = out.shape[1], r, j
    cdef double s
    with nogil:
        for r in prange(rows, schedule="static", num_threads=2 if rows * n >= 65536 else 1):
            s = 0.0
            if log_output:
                for j in range(n):
                    s = s + dout[r, j]
                for j in range(n):
                    dx[r, j] = <real>(dout[r, j] - exp(out[r, j]) * s)
            else:
                for j in range(n):
                    s = s + dout[r, j] * out[r, j]
                for j in range(n):
                    dx[r, j] = <real>(out[r, j] * (dout[r, j] - s))


def sparse_xent(real[:, ::1] logits, long long[::1] labels, real[::1] loss, real[:, ::1] grad):
    """loss[r] = logsumexp(row) - row[label]; grad = softmax(row) - onehot(label)."""
    cdef Py_ssize_t rows = logits.shape[0], n = logits.shape[1], r, j
    cdef double mx, s, lse
    with nogil:
        for r in prange(rows, schedule="static", num_threads=2 if rows * n >= 65536 else 1):
            mx = logits[r, 0]
            for j in range(1, n):
                if logits[r, j] > mx:
                    mx = logits[r, j]
            s = 0.0
            for j in range(n):
                s = s + exp(logits[r, j] - mx)
            lse = mx + log(s)
            loss[r] = <real>(lse - logits[r, labels[r]])
            for j in range(n):
                grad[r, j] = <real>exp(logits[r, j] - lse)
            grad[r, labels[r]] -= 1
