# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Softmax, log-softmax and softmax cross-entropy over the rows of (rows, n) arrays, fused:
forward and backward each in one or two passes per row, parallel over rows. Buffer shapes,
dtypes, contiguity and the label range are checked before the GIL is released."""
cimport numpy as cnp
from cython.parallel cimport prange
from _threads cimport mc_threads_if
from libc.math cimport exp, log
from _common cimport real
from _check cimport float_type, need_array, need_dim, need_shape
from _softmax_core cimport softmax_rows, softmax_grad_rows, _row_max_f32, _exp_shifted_f32

cnp.import_array()
include "_threads.pxi"


def softmax_fwd(cnp.ndarray x, cnp.ndarray out, bint log_output):
    """out = softmax(x) (log_output: log-softmax) over the rows of C-contiguous (rows, n)."""
    cdef int t = float_type("softmax_fwd", "x", x)
    need_array("softmax_fwd", "x", x, 2, t, False)
    need_array("softmax_fwd", "out", out, 2, t, True)
    need_shape("softmax_fwd", "out", out, "x", x)
    cdef Py_ssize_t rows = cnp.PyArray_DIMS(x)[0], n = cnp.PyArray_DIMS(x)[1]
    cdef const void* px = cnp.PyArray_DATA(x)
    cdef void* po = cnp.PyArray_DATA(out)
    if rows == 0 or n == 0:
        return
    with nogil:
        if t == cnp.NPY_FLOAT32:
            softmax_rows(<const float*>px, <float*>po, rows, n, log_output)
        else:
            softmax_rows(<const double*>px, <double*>po, rows, n, log_output)


def softmax_bwd(cnp.ndarray out, cnp.ndarray dout, cnp.ndarray dx, bint log_output):
    """softmax: dx = y * (dy - sum(dy*y)); log_softmax: dx = dy - exp(y) * sum(dy)."""
    cdef int t = float_type("softmax_bwd", "out", out)
    need_array("softmax_bwd", "out", out, 2, t, False)
    need_array("softmax_bwd", "dout", dout, 2, t, False)
    need_array("softmax_bwd", "dx", dx, 2, t, True)
    need_shape("softmax_bwd", "dout", dout, "out", out)
    need_shape("softmax_bwd", "dx", dx, "out", out)
    cdef Py_ssize_t rows = cnp.PyArray_DIMS(out)[0], n = cnp.PyArray_DIMS(out)[1]
    cdef const void* py = cnp.PyArray_DATA(out)
    cdef const void* pdy = cnp.PyArray_DATA(dout)
    cdef void* pdx = cnp.PyArray_DATA(dx)
    if rows == 0 or n == 0:
        return
    with nogil:
        if t == cnp.NPY_FLOAT32:
            softmax_grad_rows(<const float*>py, <const float*>pdy, <float*>pdx, rows, n,
                              log_output)
        else:
            softmax_grad_rows(<const double*>py, <const double*>pdy, <double*>pdx, rows, n,
                              log_output)


cdef int _sparse_xent(const real[:, ::1] logits, const long long[::1] labels, real[::1] loss,
                      real[:, ::1] grad) except -1:
    cdef Py_ssize_t rows = logits.shape[0], n = logits.shape[1], r, j, bad = -1
    cdef double mx, s, lse
    with nogil:
        for r in range(rows):
            if labels[r] < 0 or labels[r] >= n:
                bad = r
                break
    if bad >= 0:
        raise ValueError("sparse_xent: labels must be in [0, %d), but labels[%d] is %d"
                         % (n, bad, labels[bad]))
    cdef float mx32, inv32
    with nogil:
        if real is float:
            # vectorised max and polynomial exp (libm's double exp is scalar: 4x slower here)
            for r in prange(rows, schedule="static", num_threads=mc_threads_if(rows * n >= 65536)):
                mx32 = _row_max_f32(&logits[r, 0], n)
                s = _exp_shifted_f32(&logits[r, 0], &grad[r, 0], n, mx32)
                loss[r] = <real>((mx32 - logits[r, labels[r]]) + log(s))
                inv32 = <float>(1.0 / s)
                for j in range(n):
                    grad[r, j] = grad[r, j] * inv32
                grad[r, labels[r]] -= 1
        else:
            for r in prange(rows, schedule="static", num_threads=mc_threads_if(rows * n >= 65536)):
                mx = logits[r, 0]
                for j in range(1, n):
                    if logits[r, j] > mx:
                        mx = logits[r, j]
                s = 0.0
                for j in range(n):
                    s = s + exp(logits[r, j] - mx)
                lse = log(s)  # shifted by mx, which is subtracted first (see softmax_rows)
                loss[r] = <real>((mx - logits[r, labels[r]]) + lse)
                for j in range(n):
                    grad[r, j] = <real>exp((logits[r, j] - mx) - lse)
                grad[r, labels[r]] -= 1
    return 0


def sparse_xent(cnp.ndarray logits, cnp.ndarray labels, cnp.ndarray loss, cnp.ndarray grad):
    """loss[r] = logsumexp(row) - row[label]; grad = softmax(row) - onehot(label). labels:
    int64 of length rows, each in [0, n)."""
    cdef int t = float_type("sparse_xent", "logits", logits)
    need_array("sparse_xent", "logits", logits, 2, t, False)
    need_array("sparse_xent", "labels", labels, 1, cnp.NPY_INT64, False)
    need_array("sparse_xent", "loss", loss, 1, t, True)
    need_array("sparse_xent", "grad", grad, 2, t, True)
    cdef Py_ssize_t rows = cnp.PyArray_DIMS(logits)[0]
    need_dim("sparse_xent", "labels", labels, 0, rows, "logits.shape[0]")
    need_dim("sparse_xent", "loss", loss, 0, rows, "logits.shape[0]")
    need_shape("sparse_xent", "grad", grad, "logits", logits)
    if t == cnp.NPY_FLOAT32:
        _sparse_xent[float](logits, labels, loss, grad)
    else:
        _sparse_xent[double](logits, labels, loss, grad)
