# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Matrix products through CBLAS (see _blas.pxd), without the GIL. Operand shapes, dtypes
and contiguity are checked against each other before the GIL is released."""
cimport numpy as cnp
from libc.limits cimport INT_MAX
from _blas cimport BlasTable, cblas_sgemm_t, cblas_dgemm_t, gemm as _gemm, gemm_batched
from _check cimport float_type, need_array, need_dim

cnp.import_array()
include "_threads.pxi"

cdef BlasTable _blas


def set_blas(size_t sgemm_address, size_t dgemm_address):
    """Bind cblas_sgemm/cblas_dgemm (addresses of the loaded library's functions)."""
    _blas.sgemm = <cblas_sgemm_t>sgemm_address
    _blas.dgemm = <cblas_dgemm_t>dgemm_address


cdef inline void _require_blas() except *:
    if _blas.sgemm == NULL or _blas.dgemm == NULL:
        raise RuntimeError("mindcell._C.matmul: no BLAS bound; import mindcell first")


cdef int _check_operands(str kernel, cnp.ndarray a, cnp.ndarray b, bint ta, bint tb,
                         cnp.ndarray out, int nd) except -1:
    """a, b, out: nd-D C-contiguous arrays of one float dtype with matching batch (nd == 3),
    inner and outer extents, each extent at most INT_MAX (BLAS takes ints)."""
    cdef int t = float_type(kernel, "a", a), i
    need_array(kernel, "a", a, nd, t, False)
    need_array(kernel, "b", b, nd, t, False)
    need_array(kernel, "out", out, nd, t, True)
    cdef cnp.npy_intp* da = cnp.PyArray_DIMS(a)
    cdef cnp.npy_intp* db = cnp.PyArray_DIMS(b)
    cdef int o = nd - 2
    if nd == 3:
        need_dim(kernel, "b", b, 0, da[0], "the batch of 'a'")
        need_dim(kernel, "out", out, 0, da[0], "the batch of 'a'")
    need_dim(kernel, "b", b, o + (1 if tb else 0), da[o if ta else o + 1],
             "the inner extent of op(a)")
    need_dim(kernel, "out", out, o, da[o + 1 if ta else o], "the rows of op(a)")
    need_dim(kernel, "out", out, o + 1, db[o if tb else o + 1], "the columns of op(b)")
    for i in range(nd):
        if da[i] > INT_MAX or db[i] > INT_MAX or cnp.PyArray_DIMS(out)[i] > INT_MAX:
            raise ValueError("%s: extents above %d are not supported, but got a %s, b %s"
                             % (kernel, INT_MAX, (<object>a).shape, (<object>b).shape))
    return t


def matmul_gemm(cnp.ndarray a, cnp.ndarray b, bint transpose_a, bint transpose_b,
                cnp.ndarray out):
    """out (M, N) = op(a) @ op(b) for C-contiguous 2-D float32/float64 arrays."""
    _require_blas()
    cdef int t = _check_operands("matmul_gemm", a, b, transpose_a, transpose_b, out, 2)
    cdef int m = out.shape[0], n = out.shape[1]
    cdef int k = a.shape[0] if transpose_a else a.shape[1]
    cdef int lda = a.shape[1], ldb = b.shape[1], ldc = n
    cdef bint is32 = t == cnp.NPY_FLOAT32
    cdef const void* pa = cnp.PyArray_DATA(a)
    cdef const void* pb = cnp.PyArray_DATA(b)
    cdef void* pc = cnp.PyArray_DATA(out)
    if m == 0 or n == 0:
        return
    if k == 0:
        out[...] = 0
        return
    with nogil:
        _gemm(&_blas, is32, transpose_a, transpose_b, m, n, k, pa, lda, pb, ldb, pc, ldc)


def matmul_batched(cnp.ndarray a, cnp.ndarray b, bint transpose_a, bint transpose_b,
                   cnp.ndarray out):
    """out (B, M, N) = op(a[i]) @ op(b[i]) for C-contiguous 3-D arrays of equal batch B."""
    _require_blas()
    cdef int t = _check_operands("matmul_batched", a, b, transpose_a, transpose_b, out, 3)
    cdef int batch = out.shape[0], m = out.shape[1], n = out.shape[2]
    cdef int k = a.shape[1] if transpose_a else a.shape[2]
    cdef int lda = a.shape[2], ldb = b.shape[2], ldc = n
    cdef bint is32 = t == cnp.NPY_FLOAT32
    cdef Py_ssize_t item = 4 if is32 else 8
    cdef Py_ssize_t sa = a.shape[1] * a.shape[2] * item, sb = b.shape[1] * b.shape[2] * item
    cdef Py_ssize_t sc = m * n * item
    cdef char* pa = <char*>cnp.PyArray_DATA(a)
    cdef char* pb = <char*>cnp.PyArray_DATA(b)
    cdef char* pc = <char*>cnp.PyArray_DATA(out)
    if batch == 0 or m == 0 or n == 0:
        return
    with nogil:
        gemm_batched(&_blas, is32, transpose_a, transpose_b, batch, m, n, k, pa, lda, sa, pb,
                     ldb, sb, pc, ldc, sc)
