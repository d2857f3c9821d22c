# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Softmax, log-softmax and softmax cross-entropy over the rows of (rows, n) arrays, fused:
forward and backward each in one or two passes per row, parallel over rows. Buffer shapes,
dtypes, contiguity and the label range are checked before the GIL is released."""
cimport numpy as cnp
from _check cimport float_type, need_array, need_dim, need_shape
from _softmax_core cimport softmax_rows, softmax_grad_rows, sparse_xent_rows

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
    cdef Py_ssize_t n = cnp.PyArray_DIMS(logits)[1], bad
    cdef const void* px = cnp.PyArray_DATA(logits)
    cdef const void* pl = cnp.PyArray_DATA(labels)
    cdef void* ploss = cnp.PyArray_DATA(loss)
    cdef void* pgrad = cnp.PyArray_DATA(grad)
    with nogil:
        if t == cnp.NPY_FLOAT32:
            bad = sparse_xent_rows(<const float*>px, pl, True, <float*>ploss, <float*>pgrad,
                                   rows, n)
        else:
            bad = sparse_xent_rows(<const double*>px, pl, True, <double*>ploss,
                                   <double*>pgrad, rows, n)
    if bad >= 0:
        raise ValueError("sparse_xent: labels must be in [0, %d), but labels[%d] is %d"
                         % (n, bad, labels[bad]))
