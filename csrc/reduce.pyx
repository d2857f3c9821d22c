# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Sums over the trailing axis (rows) or the leading axis (columns) of a 2-D view, with
double accumulators; columns are split across threads by chunks of the output."""
cimport numpy as cnp
from cython.parallel cimport prange
from _common cimport real

cnp.import_array()


def sum_rows(real[:, ::1] x, real[::1] out):
    """out[r] = sum_j x[r, j]."""
    cdef Py_ssize_t rows = x.shape[0], n = x.shape[1], r, j
    cdef double s
    with nogil:
        for r in prange(rows, schedule="static", num_threads=2 if rows * n >= 65536 else 1):
            s = 0.0
            for j in range(n):
                s = s + x[r, j]
            out[r] = <real>s


def sum_cols(real[:, ::1] x, double[::1] acc, real[::1] out):
    """out[j] = sum_r x[r, j] (acc: a zeroed double scratch of out's length)."""
    cdef Py_ssize_t rows = x.shape[0], n = x.shape[1], r, j, c0, chunk, nchunks, k
    chunk = 256
    nchunks = (n + chunk - 1) // chunk
    with nogil:
        for k in prange(nchunks, schedule="static",
                        num_threads=2 if rows * n >= 65536 and nchunks > 1 else 1):
            c0 = k * chunk
            for r in range(rows):
                for j in range(c0, min(c0 + chunk, n)):
                    acc[j] += x[r, j]
            for j in range(c0, min(c0 + chunk, n)):
                out[j] = <real>acc[j]
