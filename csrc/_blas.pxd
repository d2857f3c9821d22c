# Row-major GEMM through the CBLAS of the scipy-openblas32 package, shared by the matmul
# kernels and the graph executor so that both modes run the same call.
#
# The library is loaded by mindcell/_core/blas.py (after mindcell/_threads.py has set its
# thread environment) and its entry points are handed to each module that cimports this
# file through that module's ``set_blas(sgemm_address, dgemm_address)``: no link-time
# dependency, no rpath into a build environment. (scipy's cython_blas bundles an older
# OpenBLAS that reached 100 GFLOP/s on two cores here where this one reaches 150.)

ctypedef void (*cblas_sgemm_t)(int order, int transa, int transb, int m, int n, int k,
                               float alpha, const float* a, int lda, const float* b, int ldb,
                               float beta, float* c, int ldc) noexcept nogil
ctypedef void (*cblas_dgemm_t)(int order, int transa, int transb, int m, int n, int k,
                               double alpha, const double* a, int lda, const double* b,
                               int ldb, double beta, double* c, int ldc) noexcept nogil

cdef struct BlasTable:
    cblas_sgemm_t sgemm
    cblas_dgemm_t dgemm

cdef enum:
    CBLAS_ROW_MAJOR = 101
    CBLAS_NO_TRANS = 111
    CBLAS_TRANS = 112


cdef inline void gemm(const BlasTable* blas, bint is32, bint ta, bint tb, int m, int n, int k,
                      const void* a, int lda, const void* b, int ldb, void* c,
                      int ldc) noexcept nogil:
    """c (m x n) = op(a) @ op(b), row-major, k > 0."""
    cdef int transa = CBLAS_TRANS if ta else CBLAS_NO_TRANS
    cdef int transb = CBLAS_TRANS if tb else CBLAS_NO_TRANS
    if m == 0 or n == 0:
        return
    if is32:
        blas.sgemm(CBLAS_ROW_MAJOR, transa, transb, m, n, k, 1.0, <const float*>a, lda,
                   <const float*>b, ldb, 0.0, <float*>c, ldc)
    else:
        blas.dgemm(CBLAS_ROW_MAJOR, transa, transb, m, n, k, 1.0, <const double*>a, lda,
                   <const double*>b, ldb, 0.0, <double*>c, ldc)


cdef inline void gemm_beta(const BlasTable* blas, bint is32, bint ta, bint tb, int m, int n,
                           int k, const void* a, int lda, const void* b, int ldb, double beta,
                           void* c, int ldc) noexcept nogil:
    """c (m x n) = op(a) @ op(b) + beta * c, row-major, k > 0 (beta 1 accumulates)."""
    cdef int transa = CBLAS_TRANS if ta else CBLAS_NO_TRANS
    cdef int transb = CBLAS_TRANS if tb else CBLAS_NO_TRANS
    if m == 0 or n == 0:
        return
    if is32:
        blas.sgemm(CBLAS_ROW_MAJOR, transa, transb, m, n, k, 1.0, <const float*>a, lda,
                   <const float*>b, ldb, <float>beta, <float*>c, ldc)
    else:
        blas.dgemm(CBLAS_ROW_MAJOR, transa, transb, m, n, k, 1.0, <const double*>a, lda,
                   <const double*>b, ldb, beta, <double*>c, ldc)


cdef inline void gemm_batched(const BlasTable* blas, bint is32, bint ta, bint tb, int batch,
                              int m, int n, int k,
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
        gemm(blas, is32, ta, tb, m, n, k, a + i * stride_a, lda, b + i * stride_b, ldb,
             c + i * stride_c, ldc)
