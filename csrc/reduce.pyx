# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Sums over the trailing axis (rows) or the leading axis (columns) of a 2-D view, with
double accumulators; columns are split across threads by chunks of the output. Buffer
shapes, dtypes and contiguity are checked before the GIL is released."""
cimport numpy as cnp
from cython.parallel cimport prange
from _threads cimport mc_threads_if
from libc.string cimport memset
from _common cimport real
from _check cimport float_type, need_array, need_dim

cnp.import_array()
include "_threads.pxi"


cdef int _sum_rows(const real[:, ::1] x, real[::1] out) except -1:
    cdef Py_ssize_t rows = x.shape[0], n = x.shape[1], r, j
    cdef double s
    with nogil:
        for r in prange(rows, schedule="static", num_threads=mc_threads_if(rows * n >= 65536)):
            s = 0.0
            for j in range(n):
                s = s + x[r, j]
            out[r] = <real>s
    return 0


def sum_rows(cnp.ndarray x, cnp.ndarray out):
    """out[r] = sum_j x[r, j] for a C-contiguous (rows, n) x and out of length rows."""
    cdef int t = float_type("sum_rows", "x", x)
    need_array("sum_rows", "x", x, 2, t, False)
    need_array("sum_rows", "out", out, 1, t, True)
    need_dim("sum_rows", "out", out, 0, cnp.PyArray_DIMS(x)[0], "x.shape[0]")
    if t == cnp.NPY_FLOAT32:
        _sum_rows[float](x, out)
    else:
        _sum_rows[double](x, out)


cdef int _sum_cols(const real[:, ::1] x, double[::1] acc, real[::1] out) except -1:
    cdef Py_ssize_t rows = x.shape[0], n = x.shape[1], r, j, c0, chunk, nchunks, k
    chunk = 256
    nchunks = (n + chunk - 1) // chunk
    with nogil:
        if n > 0:
            memset(&acc[0], 0, n * sizeof(double))
        for k in prange(nchunks, schedule="static",
                        num_threads=mc_threads_if(rows * n >= 65536 and nchunks > 1)):
            c0 = k * chunk
            for r in range(rows):
                for j in range(c0, min(c0 + chunk, n)):
                    acc[j] += x[r, j]
            for j in range(c0, min(c0 + chunk, n)):
                out[j] = <real>acc[j]
    return 0


def sum_cols(cnp.ndarray x, cnp.ndarray acc, cnp.ndarray out):
    """out[j] = sum_r x[r, j] (acc: a float64 scratch of out's length, zeroed here)."""
    cdef int t = float_type("sum_cols", "x", x)
    need_array("sum_cols", "x", x, 2, t, False)
    need_array("sum_cols", "acc", acc, 1, cnp.NPY_FLOAT64, True)
    need_array("sum_cols", "out", out, 1, t, True)
    need_dim("sum_cols", "acc", acc, 0, cnp.PyArray_DIMS(x)[1], "x.shape[1]")
    need_dim("sum_cols", "out", out, 0, cnp.PyArray_DIMS(x)[1], "x.shape[1]")
    if t == cnp.NPY_FLOAT32:
        _sum_cols[float](x, acc, out)
    else:
        _sum_cols[double](x, acc, out)
