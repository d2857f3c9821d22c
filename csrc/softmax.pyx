# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Softmax, log-softmax and softmax cross-entropy over the rows of (rows, n) arrays, fused:
forward and backward each in one or two passes per row, parallel over rows."""
cimport numpy as cnp
from cython.parallel cimport prange
from libc.math cimport exp, log
from _common cimport real
from _softmax_core cimport softmax_rows, softmax_grad_rows

cnp.import_array()


def softmax_fwd(real[:, ::1] x, real[:, ::1] out, bint log_output):
    cdef Py_ssize_t rows = x.shape[0], n = x.shape[1]
    if rows == 0 or n == 0:
        return
    with nogil:
        softmax_rows(&x[0, 0], &out[0, 0], rows, n, log_output)


def softmax_bwd(real[:, ::1] out, real[:, ::1] dout, real[:, ::1] dx, bint log_output):
    """softmax: dx = y * (dy - sum(dy*y)); log_softmax: dx = dy - exp(y) * sum(dy)."""
    cdef Py_ssize_t rows = out.shape[0], n = out.shape[1]
    if rows == 0 or n == 0:
        return
    with nogil:
        softmax_grad_rows(&out[0, 0], &dout[0, 0], &dx[0, 0], rows, n, log_output)


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
