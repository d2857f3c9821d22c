# Row-major GEMM through scipy's BLAS (nogil), shared by the matmul kernels and the graph
# executor so that both modes run the same call. C = op(A) @ op(B) in row-major order is the
# column-major product C^T = op(B)^T op(A)^T.
from scipy.linalg.cython_blas cimport sgemm, dgemm


cdef inline void gemm(bint is32, bint ta, bint tb, int m, int n, int k, const void* a, int lda,
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


cdef inline void gemm_batched(bint is32, bint ta, bint tb, int batch, int m, int n, int k,
                              const char* a, int lda, Py_ssize_t stride_a,
                              const char* b, int ldb, Py_ssize_t stride_b,
                              char* c, int ldc, Py_ssize_t stride_c) noexcept nogil:
    """out[i] = op(a[i]) @ op(b[i]) for i < batch; strides in bytes. k == 0 gives zeros."""
    cdef int i
    cdef Py_ssize_t j, item = 4 if is32 else 8
    if k == 0:
        for j in range(<Py_ssize_t>batch * m * n * item):
            c[j] = 0
        return
    for i in range(batch):
        gemm(is32, ta, tb, m, n, k, a + i * stride_a, lda, b + i * stride_b, ldb,
             c + i * stride_c, ldc)
