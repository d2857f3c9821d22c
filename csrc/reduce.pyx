# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Sums over the trailing axis (rows) or the leading axis (columns) of a 2-D view with double
accumulators, or over the first and last axes of a 3-D view (middle) in numpy's order and
element type (the loops of _reduce_core.pxd, which the graph executor runs too). Buffer shapes, dtypes and contiguity
are checked before the GIL is released."""
cimport numpy as cnp
cimport _reduce_core as _core
from _check cimport float_type, need_array, need_dim

cnp.import_array()
include "_threads.pxi"


def sum_rows(cnp.ndarray x, cnp.ndarray out):
    """out[r] = sum_j x[r, j] for a C-contiguous (rows, n) x and out of length rows."""
    cdef int t = float_type("sum_rows", "x", x)
    need_array("sum_rows", "x", x, 2, t, False)
    need_array("sum_rows", "out", out, 1, t, True)
    need_dim("sum_rows", "out", out, 0, cnp.PyArray_DIMS(x)[0], "x.shape[0]")
    cdef Py_ssize_t rows = cnp.PyArray_DIMS(x)[0], n = cnp.PyArray_DIMS(x)[1]
    cdef const void* px = cnp.PyArray_DATA(x)
    cdef void* po = cnp.PyArray_DATA(out)
    with nogil:
        if t == cnp.NPY_FLOAT32:
            _core.sum_rows(<const float*>px, <float*>po, rows, n)
        else:
            _core.sum_rows(<const double*>px, <double*>po, rows, n)


def sum_cols(cnp.ndarray x, cnp.ndarray out):
    """out[j] = sum_r x[r, j] for a C-contiguous (rows, n) x and out of length n."""
    cdef int t = float_type("sum_cols", "x", x)
    need_array("sum_cols", "x", x, 2, t, False)
    need_array("sum_cols", "out", out, 1, t, True)
    need_dim("sum_cols", "out", out, 0, cnp.PyArray_DIMS(x)[1], "x.shape[1]")
    cdef Py_ssize_t rows = cnp.PyArray_DIMS(x)[0], n = cnp.PyArray_DIMS(x)[1]
    cdef const void* px = cnp.PyArray_DATA(x)
    cdef void* po = cnp.PyArray_DATA(out)
    with nogil:
        if t == cnp.NPY_FLOAT32:
            _core.sum_cols(<const float*>px, <float*>po, rows, n)
        else:
            _core.sum_cols(<const double*>px, <double*>po, rows, n)


def sum_middle(cnp.ndarray x, cnp.ndarray out):
    """out[m] = sum_o sum_i x[o, m, i] for a C-contiguous (outer, mid, inner) x and out of
    length mid (a convolution's bias gradient: axes 0, 2, 3 of NCHW reduced), bit for bit
    numpy's np.sum(x, (0, 2), dtype=x.dtype)."""
    cdef int t = float_type("sum_middle", "x", x)
    need_array("sum_middle", "x", x, 3, t, False)
    need_array("sum_middle", "out", out, 1, t, True)
    need_dim("sum_middle", "out", out, 0, cnp.PyArray_DIMS(x)[1], "x.shape[1]")
    cdef Py_ssize_t outer = cnp.PyArray_DIMS(x)[0], mid = cnp.PyArray_DIMS(x)[1]
    cdef Py_ssize_t inner = cnp.PyArray_DIMS(x)[2]
    cdef const void* px = cnp.PyArray_DATA(x)
    cdef void* po = cnp.PyArray_DATA(out)
    with nogil:
        if t == cnp.NPY_FLOAT32:
            _core.sum_middle(<const float*>px, <float*>po, outer, mid, inner)
        else:
            _core.sum_middle(<const double*>px, <double*>po, outer, mid, inner)
