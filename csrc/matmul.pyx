# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Matrix products through BLAS (scipy's cython_blas sgemm/dgemm, nogil). Row-major
C = op(A) @ op(B) is computed as the column-major product C^T = op(B)^T op(A)^T."""
cimport numpy as cnp
from scipy.linalg.cython_blas cimport sgemm, dgemm

cnp.import_array()


cdef void _gemm(bint is32, bint ta, bint tb, int m, int n, int k, const void* a, int lda,
                const void* b, int ldb, void* c, int ldc) noexcept nogil:
    cdef char transa = b"T" if tb else b"N"
    cdef char transb = b"T" if ta else b"N"
    cdef float one_f = 1.0, zero_f = 0.0
    cdef double one_d = 1.0, zero_d = 0.0
    if m == 0 or n == 0:
        return
    if is32:
        sgemm(&transa, &transb, &n, &m, &k, &one_f, <float*>b, &ldb, <float*>a, &lda, &zero_f,
              <float*>c, &ldc)
    else:
        dgemm(&transa, &transb, &n, &m, &k, &one_d, <double*>b, &ldb, <double*>a, &lda,
              &zero_d, <double*>c, &ldc)


def matmul_gemm(cnp.ndarray a, cnp.ndarray b, bint transpose_a, bint transpose_b,
                cnp.ndarray out):
    """out (M, N) = op(a) @ op(b) for C-contiguous 2-D float32/float64 arrays."""
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
        _gemm(is32, transpose_a, transpose_b, m, n, k, pa, lda, pb, ldb, pc, ldc)


def matmul_batched(cnp.ndarray a, cnp.ndarray b, bint transpose_a, bint transpose_b,
                   cnp.ndarray out):
    """out (B, M, N) = op(a[i]) @ op(b[i]) for C-contiguous 3-D arrays of equal batch B."""
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
    cdef int i
    if k == 0:
        out[...] = 0
        return
    with nogil:
        for i in range(batch):
            _gemm(is32, transpose_a, transpose_b, m, n, k, pa + i * sa, lda, pb + i * sb, ldb,
                  pc + i * sc, ldc)
