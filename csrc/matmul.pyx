# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Matrix products through CBLAS (see _blas.pxd), without the GIL."""
cimport numpy as cnp
from _blas cimport BlasTable, cblas_sgemm_t, cblas_dgemm_t, gemm as _gemm, gemm_batched

cnp.import_array()

cdef BlasTable _blas


def set_blas(size_t sgemm_address, size_t dgemm_address):
    """Bind cblas_sgemm/cblas_dgemm (addresses of the loaded library's functions)."""
    _blas.sgemm = <cblas_sgemm_t>sgemm_address
    _blas.dgemm = <cblas_dgemm_t>dgemm_address


cdef inline void _require_blas() except *:
    if _blas.sgemm == NULL or _blas.dgemm == NULL:
        raise RuntimeError("mindcell._C.matmul: no BLAS bound; import mindcell first")


def matmul_gemm(cnp.ndarray a, cnp.ndarray b, bint transpose_a, bint transpose_b,
                cnp.ndarray out):
    """out (M, N) = op(a) @ op(b) for C-contiguous 2-D float32/float64 arrays."""
    _require_blas()
    cdef int m = out.shape[0], n = out.shape[1]
    cdef int k = a.shape[0] if transpose_a else a.shape[1]
    cdef int lda = a.shape[1], ldb = b.shape[1], ldc = n
    cdef bint is32 = cnp.PyArray_TYPE(out) == cnp.NPY_FLOAT32
    cdef const void* pa = cnp.PyArray_DATA(a)
    cdef const void* pb = cnp.PyArray_DATA(b)
    cdef void* pc = cnp.PyArray_DATA(out)
    if k == 0:
        out[...] = 0
        return
    with nogil:
        _gemm(&_blas, is32, transpose_a, transpose_b, m, n, k, pa, lda, pb, ldb, pc, ldc)


def matmul_batched(cnp.ndarray a, cnp.ndarray b, bint transpose_a, bint transpose_b,
                   cnp.ndarray out):
    """out (B, M, N) = op(a[i]) @ op(b[i]) for C-contiguous 3-D arrays of equal batch B."""
    _require_blas()
    cdef int batch = out.shape[0], m = out.shape[1], n = out.shape[2]
    cdef int k = a.shape[1] if transpose_a else a.shape[2]
    cdef int lda = a.shape[2], ldb = b.shape[2], ldc = n
    cdef bint is32 = cnp.PyArray_TYPE(out) == cnp.NPY_FLOAT32
    cdef Py_ssize_t item = 4 if is32 else 8
    cdef Py_ssize_t sa = a.shape[1] * a.shape[2] * item, sb = b.shape[1] * b.shape[2] * item
    cdef Py_ssize_t sc = m * n * item
    cdef char* pa = <char*>cnp.PyArray_DATA(a)
    cdef char* pb = <char*>cnp.PyArray_DATA(b)
    cdef char* pc = <char*>cnp.PyArray_DATA(out)
    with nogil:
        gemm_batched(&_blas, is32, transpose_a, transpose_b, batch, m, n, k, pa, lda, sa, pb,
                     ldb, sb, pc, ldc, sc)
