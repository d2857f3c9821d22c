# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Convolution of NCHW tensors with asymmetric zero padding, stride, dilation and groups:
forward, gradient of the input and gradient of the filter: one loop over blocks of images
(_conv_blocks) whose per-kernel step (_conv_step) lowers one block with im2col into a buffer
that stays in cache and multiplies it with one BLAS GEMM (see _blas.pxd) that writes the
result in place (1x1 stride-1 convolutions multiply the images themselves). The blocks run
either in order, each product split over the cores by the BLAS, or shared by a team of
threads, each with a one-thread BLAS and its own buffers (_plan chooses; the bits do not
depend on the choice). Also the whole-batch im2col / col2im and pooling forward /
backward. Buffer shapes, dtypes, contiguity and window sizes are checked before the GIL is
released."""
cimport numpy as cnp
from libc.limits cimport INT_MAX
from libc.string cimport memcpy, memset
from cython.parallel cimport parallel, prange, threadid
from _threads cimport mc_get_threads, mc_threads_if

cdef extern from "_threads.h" nogil:
    int mc_threads_adapted()
from _blas cimport BlasTable, cblas_sgemm_t, cblas_dgemm_t, gemm_beta
from _common cimport real
from _check cimport float_type, need_array, need_dim, need_positive

cnp.import_array()
include "_threads.pxi"

cdef BlasTable _blas


def set_blas(size_t sgemm_address, size_t dgemm_address):
    """Bind cblas_sgemm/cblas_dgemm (addresses of the loaded library's functions)."""
    _blas.sgemm = <cblas_sgemm_t>sgemm_address
    _blas.dgemm = <cblas_dgemm_t>dgemm_address


cdef struct Span:
    Py_ssize_t lo
    Py_ssize_t hi


cdef inline Span _valid_range(Py_ssize_t Wo, Py_ssize_t W, int sw,
                              Py_ssize_t offset) noexcept nogil:
    """[lo, hi): the output columns ow whose input column ow*sw + offset lies in [0, W).
    Returned by value: inside prange, variables written through pointers are shared."""
    cdef Span r
    r.lo = 0
    r.hi = Wo
    while r.lo < Wo and r.lo * sw + offset < 0:
        r.lo += 1
    while r.hi > r.lo and (r.hi - 1) * sw + offset >= W:
        r.hi -= 1
    return r


cdef int _im2col(const real[:, :, :, ::1] x, int kh, int kw, int sh, int sw, int pt, int pl,
                 int dh, int dw, Py_ssize_t Ho, Py_ssize_t Wo, real[:, ::1] cols) except -1:
    """cols[(c*kh + i)*kw + j, (n*Ho + oh)*Wo + ow] = x[n, c, oh*sh - pt + i*dh, ...] (0 pad)."""
    cdef Py_ssize_t N = x.shape[0], C = x.shape[1], H = x.shape[2], W = x.shape[3]
    cdef Py_ssize_t n, c, i, j, oh, ow, row, ih, off, lo, hi
    cdef Span span
    cdef real* dst
    cdef const real* src
    with nogil:
        for n in prange(N, schedule="static", num_threads=mc_threads_if(N > 1)):
            for c in range(C):
                for i in range(kh):
                    for j in range(kw):
                        row = (c * kh + i) * kw + j
                        off = j * dw - pl
                        span = _valid_range(Wo, W, sw, off)
                        lo = span.lo
                        hi = span.hi
                        for oh in range(Ho):
                            ih = oh * sh - pt + i * dh
                            dst = &cols[row, (n * Ho + oh) * Wo]
                            if ih < 0 or ih >= H:
                                for ow in range(Wo):
                                    dst[ow] = 0
                                continue
                            src = &x[n, c, ih, 0] + off
                            for ow in range(lo):
                                dst[ow] = 0
                            if sw == 1:
                                for ow in range(lo, hi):
                                    dst[ow] = src[ow]
                            else:
                                for ow in range(lo, hi):
                                    dst[ow] = src[ow * sw]
                            for ow in range(hi, Wo):
                                dst[ow] = 0
    return 0


cdef int _col2im(const real[:, ::1] cols, int kh, int kw, int sh, int sw, int pt, int pl, int dh,
                 int dw, Py_ssize_t Ho, Py_ssize_t Wo, real[:, :, :, ::1] x) except -1:
    """The adjoint of im2col: x (zeroed by the caller) += scattered columns."""
    cdef Py_ssize_t N = x.shape[0], C = x.shape[1], H = x.shape[2], W = x.shape[3]
    cdef Py_ssize_t n, c, i, j, oh, ow, row, ih, off, lo, hi
    cdef Span span
    cdef const real* src
    cdef real* dst
    with nogil:
        for n in prange(N, schedule="static", num_threads=mc_threads_if(N > 1)):
            for c in range(C):
                for i in range(kh):
                    for j in range(kw):
                        row = (c * kh + i) * kw + j
                        off = j * dw - pl
                        span = _valid_range(Wo, W, sw, off)
                        lo = span.lo
                        hi = span.hi
                        for oh in range(Ho):
                            ih = oh * sh - pt + i * dh
                            if ih < 0 or ih >= H:
                                continue
                            src = &cols[row, (n * Ho + oh) * Wo]
                            dst = &x[n, c, ih, 0] + off
                            if sw == 1:
                                for ow in range(lo, hi):
                                    dst[ow] += src[ow]
                            else:
                                for ow in range(lo, hi):
                                    dst[ow * sw] += src[ow]
    return 0


# ----- blocked convolution: im2col of a block of images + one GEMM per block and group ---------
cdef struct Geo:
    Py_ssize_t N, C, H, W, O, G, cg, og, kh, kw, Ho, Wo, P, K, nb
    Py_ssize_t cols_n, tmp_n  # elements of one thread's column and staging buffers
    Py_ssize_t th, tw         # Winograd: output tiles per column and row
    Py_ssize_t wm             # Winograd: the output tile, F(2x2, 3x3) or F(4x4, 3x3)
    int sh, sw, pt, pl, dh, dw, team
    Py_ssize_t nch            # filter gradients: chains of blocks summed separately (_plan)
    bint direct  # 1x1, stride 1, no padding, Ho == H, Wo == W: an image is its own column matrix


cdef void _im2col_blk(const real* x, Py_ssize_t img, const Geo* g, Py_ssize_t nbb,
                      real* cols) noexcept nogil:
    """cols[(c*kh + i)*kw + j, (n*Ho + oh)*Wo + ow] = x[n*img + c*H*W + (oh*sh - pt + i*dh)*W
    + ow*sw - pl + j*dw] (0 outside the image) for the g.cg channels and nbb images at x.
    Parallel over the rows."""
    cdef Py_ssize_t rows = g.cg * g.kh * g.kw, ld = nbb * g.P, H = g.H, W = g.W
    cdef Py_ssize_t Ho = g.Ho, Wo = g.Wo, kh = g.kh, kw = g.kw
    cdef int sh = g.sh, sw = g.sw, pt = g.pt, pl = g.pl, dh = g.dh, dw = g.dw
    cdef Py_ssize_t row, c, i, j, n, oh, ow, ih, off, lo, hi
    cdef Span span
    cdef real* dst
    cdef const real* src
    for row in prange(rows, schedule="static", num_threads=mc_threads_if(rows * ld >= 32768)):
        c = row // (kh * kw)
        i = (row // kw) % kh
        j = row % kw
        off = j * dw - pl
        span = _valid_range(Wo, W, sw, off)
        lo = span.lo
        hi = span.hi
        for n in range(nbb):
            for oh in range(Ho):
                ih = oh * sh - pt + i * dh
                dst = cols + row * ld + (n * Ho + oh) * Wo
                if ih < 0 or ih >= H:
                    for ow in range(Wo):
                        dst[ow] = 0
                    continue
                src = x + n * img + (c * H + ih) * W + off
                for ow in range(lo):
                    dst[ow] = 0
                if sw == 1:
                    for ow in range(lo, hi):
                        dst[ow] = src[ow]
                else:
                    for ow in range(lo, hi):
                        dst[ow] = src[ow * sw]
                for ow in range(hi, Wo):
                    dst[ow] = 0


cdef void _col2im_blk(const real* cols, Py_ssize_t img, const Geo* g, Py_ssize_t nbb,
                      real* x) noexcept nogil:
    """The adjoint of _im2col_blk: the g.cg channel planes of the nbb images at x are zeroed,
    then the columns are added back. Parallel over the channels (each writes its planes)."""
    cdef Py_ssize_t ld = nbb * g.P, H = g.H, W = g.W, Ho = g.Ho, Wo = g.Wo
    cdef Py_ssize_t kh = g.kh, kw = g.kw
    cdef int sh = g.sh, sw = g.sw, pt = g.pt, pl = g.pl, dh = g.dh, dw = g.dw
    cdef Py_ssize_t row, c, i, j, n, oh, ow, ih, off, lo, hi
    cdef Span span
    cdef const real* src
    cdef real* dst
    for c in prange(g.cg, schedule="static",
                    num_threads=mc_threads_if(g.cg > 1 and g.cg * kh * kw * ld >= 32768)):
        for n in range(nbb):
            memset(x + n * img + c * H * W, 0, H * W * sizeof(real))
        for i in range(kh):
            for j in range(kw):
                row = (c * kh + i) * kw + j
                off = j * dw - pl
                span = _valid_range(Wo, W, sw, off)
                lo = span.lo
                hi = span.hi
                for n in range(nbb):
                    for oh in range(Ho):
                        ih = oh * sh - pt + i * dh
                        if ih < 0 or ih >= H:
                            continue
                        src = cols + row * ld + (n * Ho + oh) * Wo
                        dst = x + n * img + (c * H + ih) * W + off
                        if sw == 1:
                            for ow in range(lo, hi):
                                dst[ow] += src[ow]
                        else:
                            for ow in range(lo, hi):
                                dst[ow * sw] += src[ow]


cdef void _gather_blk(const real* a, Py_ssize_t img, Py_ssize_t rows, Py_ssize_t P,
                      Py_ssize_t nbb, real* b) noexcept nogil:
    """b[r, n*P + p] = a[n*img + r*P + p]: the (rows, P) planes of nbb images side by side."""
    cdef Py_ssize_t r, n
    for r in prange(rows, schedule="static", num_threads=mc_threads_if(rows * nbb * P >= 65536)):
        for n in range(nbb):
            memcpy(b + (r * nbb + n) * P, a + n * img + r * P, P * sizeof(real))


cdef void _scatter_blk(const real* b, Py_ssize_t img, Py_ssize_t rows, Py_ssize_t P,
                       Py_ssize_t nbb, real* a) noexcept nogil:
    """The inverse of _gather_blk: a[n*img + r*P + p] = b[r, n*P + p]."""
    cdef Py_ssize_t r, n
    for r in prange(rows, schedule="static", num_threads=mc_threads_if(rows * nbb * P >= 65536)):
        for n in range(nbb):
            memcpy(a + n * img + r * P, b + (r * nbb + n) * P, P * sizeof(real))


# ----- Winograd F(2x2, 3x3) and F(4x4, 3x3): 3x3 stride-1 convolutions in float32 -------------
# y = A^T [ (G g G^T) . (B^T d B) ] A per 2x2 output tile, d its 4x4 input patch: 16 products
# per tile and channel pair instead of 36, done as 16 GEMMs (one per tile position xi) over the
# channels, U[xi] (Co, Ci) @ V[xi] (Ci, tiles). For the input gradient, the same convolution of
# dy with the flipped, transposed filter and padding 2 - p.
cdef void _wino_filter(const float* w, Py_ssize_t O, Py_ssize_t C, bint flip,
                       float* U, Py_ssize_t wm) noexcept nogil:
    """U[xi, o, c] = (G g G^T)[xi] for g = w[o, c] (3x3), or, with flip, for
    g = w[c, o] rotated by 180 degrees (U then is (16, C, O) for w (C, O, 3, 3); 36 planes
    for F(4x4, 3x3), wm = 4)."""
    cdef Py_ssize_t o
    for o in prange(O, schedule="static", num_threads=mc_threads_if(O * C >= 4096)):
        if wm == 4:
            mc_wino4_filter_row(w + (o * 9 if flip else o * C * 9), O * 9 if flip else 9, C,
                                O * C, flip, U + o * C)
        else:
            mc_wino_filter_row(w + (o * 9 if flip else o * C * 9), O * 9 if flip else 9, C,
                               O * C, flip, U + o * C)


cdef extern from *:
    ctypedef float* float_rp "float* __restrict__"
    ctypedef const float* cfloat_rp "const float* __restrict__"


cdef void _wino_rows(const float* x, Py_ssize_t H, Py_ssize_t W, Py_ssize_t top,
                     Py_ssize_t pl, Py_ssize_t rw, float* rb, Py_ssize_t nr) noexcept nogil:
    """rb (nr, rw) = rows top..top+nr-1 of the plane x (H, W), shifted right by pl columns, 0
    outside the plane."""
    cdef Py_ssize_t i, j, ih
    cdef Py_ssize_t lo = pl if pl > 0 else 0
    cdef Py_ssize_t hi = pl + W if pl + W < rw else rw
    cdef const float* src
    for i in range(nr):
        ih = top + i
        if ih < 0 or ih >= H or hi <= lo:
            memset(rb + i * rw, 0, rw * sizeof(float))
            continue
        src = x + ih * W - pl
        for j in range(lo):
            rb[i * rw + j] = 0
        for j in range(lo, hi):
            rb[i * rw + j] = src[j]
        for j in range(hi, rw):
            rb[i * rw + j] = 0


cdef extern from *:
    """
    /* The per-row tile transforms of Winograd F(2x2, 3x3), written so that the compiler
     * vectorizes them over the tiles of a row (unit-stride stores into the 16 planes,
     * stride-2 loads of the patch rows); the arithmetic and its order are those of the scalar
     * loops they replace, so the results are bit-for-bit the same. */
    /* v[xi*TC + tx] = (B^T d B)[xi] of the 4x4 patch d at columns 2*tx.. of the four rows rb
     * (rw floats each). */
    static __attribute__((noinline)) void mc_wino_input_tiles(const float* __restrict rb,
                                                              ptrdiff_t rw, ptrdiff_t tw,
                                                              ptrdiff_t TC, float* __restrict v) {
        const float* __restrict d0 = rb;
        const float* __restrict d1 = rb + rw;
        const float* __restrict d2 = rb + 2 * rw;
        const float* __restrict d3 = rb + 3 * rw;
        ptrdiff_t tx;
    #pragma omp simd
        for (tx = 0; tx < tw; tx++) {
            float r00 = d0[2 * tx] - d2[2 * tx], r01 = d0[2 * tx + 1] - d2[2 * tx + 1];
            float r02 = d0[2 * tx + 2] - d2[2 * tx + 2], r03 = d0[2 * tx + 3] - d2[2 * tx + 3];
            float r10 = d1[2 * tx] + d2[2 * tx], r11 = d1[2 * tx + 1] + d2[2 * tx + 1];
            float r12 = d1[2 * tx + 2] + d2[2 * tx + 2], r13 = d1[2 * tx + 3] + d2[2 * tx + 3];
            float r20 = d2[2 * tx] - d1[2 * tx], r21 = d2[2 * tx + 1] - d1[2 * tx + 1];
            float r22 = d2[2 * tx + 2] - d1[2 * tx + 2], r23 = d2[2 * tx + 3] - d1[2 * tx + 3];
            float r30 = d1[2 * tx] - d3[2 * tx], r31 = d1[2 * tx + 1] - d3[2 * tx + 1];
            float r32 = d1[2 * tx + 2] - d3[2 * tx + 2], r33 = d1[2 * tx + 3] - d3[2 * tx + 3];
            v[tx] = r00 - r02;
            v[TC + tx] = r01 + r02;
            v[2 * TC + tx] = r02 - r01;
            v[3 * TC + tx] = r01 - r03;
            v[4 * TC + tx] = r10 - r12;
            v[5 * TC + tx] = r11 + r12;
            v[6 * TC + tx] = r12 - r11;
            v[7 * TC + tx] = r11 - r13;
            v[8 * TC + tx] = r20 - r22;
            v[9 * TC + tx] = r21 + r22;
            v[10 * TC + tx] = r22 - r21;
            v[11 * TC + tx] = r21 - r23;
            v[12 * TC + tx] = r30 - r32;
            v[13 * TC + tx] = r31 + r32;
            v[14 * TC + tx] = r32 - r31;
            v[15 * TC + tx] = r31 - r33;
        }
    }

    /* m[xi*OT + tx] = (A dY A^T)[xi] of the 2x2 gradient tile dY at columns 2*tx.. of the two
     * rows rb (rw floats each). */
    static __attribute__((noinline)) void mc_wino_dy_tiles(const float* __restrict rb,
                                                           ptrdiff_t rw, ptrdiff_t tw,
                                                           ptrdiff_t OT, float* __restrict m) {
        const float* __restrict e0 = rb;
        const float* __restrict e1 = rb + rw;
        ptrdiff_t tx;
    #pragma omp simd
        for (tx = 0; tx < tw; tx++) {
            float a = e0[2 * tx], b = e0[2 * tx + 1], c = e1[2 * tx], d = e1[2 * tx + 1];
            float p, q;
            p = a; q = b;
            m[tx] = p; m[OT + tx] = p + q; m[2 * OT + tx] = p - q; m[3 * OT + tx] = -q;
            p = a + c; q = b + d;
            m[4 * OT + tx] = p; m[5 * OT + tx] = p + q; m[6 * OT + tx] = p - q;
            m[7 * OT + tx] = -q;
            p = a - c; q = b - d;
            m[8 * OT + tx] = p; m[9 * OT + tx] = p + q; m[10 * OT + tx] = p - q;
            m[11 * OT + tx] = -q;
            p = -c; q = -d;
            m[12 * OT + tx] = p; m[13 * OT + tx] = p + q; m[14 * OT + tx] = p - q;
            m[15 * OT + tx] = -q;
        }
    }

    /* U[xi*OC + c] = (G g G^T)[xi] for c in [0, C), g the 3x3 filter at w + c*sc (rotated by
     * 180 degrees with flip): one output channel's filters, vectorized over the input
     * channels (unit-stride stores into the 16 planes); the arithmetic of the scalar code it
     * replaces (0.5 times a float sum is exact in either precision), bit-for-bit. */
    static __attribute__((noinline)) void mc_wino_filter_row(const float* __restrict w,
                                                             ptrdiff_t sc, ptrdiff_t C,
                                                             ptrdiff_t OC, int flip,
                                                             float* __restrict U) {
        ptrdiff_t c;
    #pragma omp simd
        for (c = 0; c < C; c++) {
            const float* src = w + c * sc;
            float g0, g1, g2, g3, g4, g5, g6, g7, g8, q0, q1, q2, q3, q4, q5, q6, q7, q8;
            if (flip) {
                g0 = src[8]; g1 = src[7]; g2 = src[6]; g3 = src[5]; g4 = src[4];
                g5 = src[3]; g6 = src[2]; g7 = src[1]; g8 = src[0];
            } else {
                g0 = src[0]; g1 = src[1]; g2 = src[2]; g3 = src[3]; g4 = src[4];
                g5 = src[5]; g6 = src[6]; g7 = src[7]; g8 = src[8];
            }
            /* q = G g (4x3): rows g0..2, (g0+g3+g6)/2.., (g0-g3+g6)/2.., g6..8 */
            q0 = g0; q1 = g1; q2 = g2;
            q3 = 0.5f * (g0 + g3 + g6); q4 = 0.5f * (g1 + g4 + g7); q5 = 0.5f * (g2 + g5 + g8);
            q6 = 0.5f * (g0 - g3 + g6); q7 = 0.5f * (g1 - g4 + g7); q8 = 0.5f * (g2 - g5 + g8);
            /* U = q G^T (4x4), each row (a, b, c) -> (a, (a+b+c)/2, (a-b+c)/2, c) */
            U[c] = q0; U[OC + c] = 0.5f * (q0 + q1 + q2);
            U[2 * OC + c] = 0.5f * (q0 - q1 + q2); U[3 * OC + c] = q2;
            U[4 * OC + c] = q3; U[5 * OC + c] = 0.5f * (q3 + q4 + q5);
            U[6 * OC + c] = 0.5f * (q3 - q4 + q5); U[7 * OC + c] = q5;
            U[8 * OC + c] = q6; U[9 * OC + c] = 0.5f * (q6 + q7 + q8);
            U[10 * OC + c] = 0.5f * (q6 - q7 + q8); U[11 * OC + c] = q8;
            U[12 * OC + c] = g6; U[13 * OC + c] = 0.5f * (g6 + g7 + g8);
            U[14 * OC + c] = 0.5f * (g6 - g7 + g8); U[15 * OC + c] = g8;
        }
    }
    """
    void mc_wino_input_tiles(const float* rb, Py_ssize_t rw, Py_ssize_t tw, Py_ssize_t TC,
                             float* v) nogil
    void mc_wino_dy_tiles(const float* rb, Py_ssize_t rw, Py_ssize_t tw, Py_ssize_t OT,
                          float* m) nogil
    void mc_wino_filter_row(const float* w, Py_ssize_t sc, Py_ssize_t C, Py_ssize_t OC,
                            int flip, float* U) nogil


cdef extern from *:
    """
    /* Winograd F(4x4, 3x3): y = A^T [(G g G^T) . (B^T d B)] A per 4x4 output tile, d its 6x6
     * input patch (36 products per tile and channel pair instead of 144), with the points
     * 0, +-1, +-2 and infinity:
     *   B^T = [4 0 -5 0 1 0; 0 -4 -4 1 1 0; 0 4 -4 -1 1 0; 0 -2 -1 2 1 0; 0 2 -1 -2 1 0;
     *          0 4 0 -5 0 1],
     *   G = [1/4 0 0; -1/6 -1/6 -1/6; -1/6 1/6 -1/6; 1/24 1/12 1/6; 1/24 -1/12 1/6; 0 0 1],
     *   A^T = [1 1 1 1 1 0; 0 1 -1 2 -2 0; 0 1 1 4 4 0; 0 1 -1 8 -8 1].
     * Plane xi = 6*k + l holds element (k, l) of a transformed tile. Each 2-D transform is a
     * pass over the patch rows' columns (unit stride, vectorized over the row) and then one
     * over the tiles of a row (vectorized over the tiles, stride-4 loads or stores). */
    #define MC_W4_BT(d0, d1, d2, d3, d4, d5, o0, o1, o2, o3, o4, o5) do {                  \
        float a_ = (d4) - 4.0f * (d2), b_ = (d3) - 4.0f * (d1);                               \
        float c_ = (d4) - (d2), e_ = 2.0f * ((d3) - (d1));                                     \
        o0 = 4.0f * (d0) - 5.0f * (d2) + (d4); o1 = a_ + b_; o2 = a_ - b_;                    \
        o3 = c_ + e_; o4 = c_ - e_; o5 = 4.0f * (d1) - 5.0f * (d3) + (d5);                    \
    } while (0)
    /* A^T m: 6 -> 4 */
    #define MC_W4_AT(m0, m1, m2, m3, m4, m5, o0, o1, o2, o3) do {                          \
        float a_ = (m1) + (m2), b_ = (m1) - (m2), c_ = (m3) + (m4), e_ = (m3) - (m4);         \
        o0 = (m0) + a_ + c_; o1 = b_ + 2.0f * e_; o2 = a_ + 4.0f * c_;                         \
        o3 = b_ + 8.0f * e_ + (m5);                                                            \
    } while (0)
    /* A e: 4 -> 6 (the output gradient's transform) */
    #define MC_W4_A(e0, e1, e2, e3, o0, o1, o2, o3, o4, o5) do {                           \
        float p_ = (e0) + (e2), q_ = (e1) + (e3);                                              \
        float r_ = (e0) + 4.0f * (e2), s_ = 2.0f * (e1) + 8.0f * (e3);                         \
        o0 = (e0); o1 = p_ + q_; o2 = p_ - q_; o3 = r_ + s_; o4 = r_ - s_; o5 = (e3);          \
    } while (0)
    /* G g: 3 -> 6 */
    #define MC_W4_G(g0, g1, g2, o0, o1, o2, o3, o4, o5) do {                               \
        float s_ = (g0) + (g2), t_ = (g0) * (1.0f / 24) + (g2) * (1.0f / 6);                   \
        o0 = 0.25f * (g0); o1 = -(s_ + (g1)) * (1.0f / 6); o2 = -(s_ - (g1)) * (1.0f / 6);    \
        o3 = t_ + (g1) * (1.0f / 12); o4 = t_ - (g1) * (1.0f / 12); o5 = (g2);                 \
    } while (0)

    /* The tile transforms work on all T tiles of one channel of a block at once (the tiles
     * of a channel are contiguous in V and M), so that their vector loops run over T >= 64
     * tiles however few tiles an image row has (2 on 8x8 images): per row of tiles, a
     * column pass over the patch rows (unit stride) whose results are split into the six
     * (input; four for the output gradient) columns of each tile, D[(6*k + j)*T + t]; then
     * one row pass over all tiles, and the output transform likewise. */
    /* Input, one row of tiles: the column pass B^T of its six patch rows rb (rw floats each)
     * into cp (6*rw), split into D[(6*k + j)*T + tx] = (B^T d)[k][4*tx + j]. */
    static __attribute__((noinline)) void mc_wino4_in_cols(const float* __restrict rb,
                                                           ptrdiff_t rw, ptrdiff_t tw,
                                                           ptrdiff_t T, float* __restrict D,
                                                           float* __restrict cp) {
        ptrdiff_t j, k, tx;
    #pragma omp simd
        for (j = 0; j < rw; j++)
            MC_W4_BT(rb[j], rb[rw + j], rb[2 * rw + j], rb[3 * rw + j], rb[4 * rw + j],
                     rb[5 * rw + j], cp[j], cp[rw + j], cp[2 * rw + j], cp[3 * rw + j],
                     cp[4 * rw + j], cp[5 * rw + j]);
        for (k = 0; k < 6; k++) {
            const float* __restrict r = cp + k * rw;
            float* __restrict d = D + 6 * k * T;
            for (tx = 0; tx < tw; tx++) {
                d[tx] = r[4 * tx]; d[T + tx] = r[4 * tx + 1]; d[2 * T + tx] = r[4 * tx + 2];
                d[3 * T + tx] = r[4 * tx + 3]; d[4 * T + tx] = r[4 * tx + 4];
                d[5 * T + tx] = r[4 * tx + 5];
            }
        }
    }

    /* Input, all T tiles: v[(6*k + l)*TC + t] = (B^T d B)[k][l] from D. */
    static __attribute__((noinline)) void mc_wino4_in_rows(const float* __restrict D,
                                                           ptrdiff_t T, ptrdiff_t TC,
                                                           float* __restrict v) {
        ptrdiff_t k, t;
        for (k = 0; k < 6; k++) {
            const float* __restrict d = D + 6 * k * T;
            float* __restrict o = v + 6 * k * TC;
    #pragma omp simd
            for (t = 0; t < T; t++)
                MC_W4_BT(d[t], d[T + t], d[2 * T + t], d[3 * T + t], d[4 * T + t],
                         d[5 * T + t], o[t], o[TC + t], o[2 * TC + t], o[3 * TC + t],
                         o[4 * TC + t], o[5 * TC + t]);
        }
    }

    /* Output, all T tiles of one output channel: z[r*4*T + 4*t + c] = (A^T m A)[r][c] of
     * tile t, m[xi*OT + t]; s: 24*T floats of scratch. Row r of a row of tiles starting at
     * tile t0 is then z + r*4*T + 4*t0 (4*tw floats). */
    static __attribute__((noinline)) void mc_wino4_out_plane(const float* __restrict m,
                                                             ptrdiff_t OT, ptrdiff_t T,
                                                             float* __restrict s,
                                                             float* __restrict z) {
        ptrdiff_t l, r, t;
        for (l = 0; l < 6; l++) {
            const float* __restrict q = m + l * OT;
    #pragma omp simd
            for (t = 0; t < T; t++)
                MC_W4_AT(q[t], q[6 * OT + t], q[12 * OT + t], q[18 * OT + t], q[24 * OT + t],
                         q[30 * OT + t], s[l * T + t], s[(6 + l) * T + t],
                         s[(12 + l) * T + t], s[(18 + l) * T + t]);
        }
        for (r = 0; r < 4; r++) {
            const float* __restrict q = s + 6 * r * T;
            float* __restrict o = z + 4 * r * T;
    #pragma omp simd
            for (t = 0; t < T; t++)
                MC_W4_AT(q[t], q[T + t], q[2 * T + t], q[3 * T + t], q[4 * T + t],
                         q[5 * T + t], o[4 * t], o[4 * t + 1], o[4 * t + 2], o[4 * t + 3]);
        }
    }

    /* Output gradient, one row of tiles: the column pass A of its four rows rb (rw = 4*tw
     * floats each) into cp (6*rw), split into D[(4*k + j)*T + tx] = (A e)[k][4*tx + j]. */
    static __attribute__((noinline)) void mc_wino4_dy_cols(const float* __restrict rb,
                                                           ptrdiff_t rw, ptrdiff_t tw,
                                                           ptrdiff_t T, float* __restrict D,
                                                           float* __restrict cp) {
        ptrdiff_t j, k, tx;
    #pragma omp simd
        for (j = 0; j < rw; j++)
            MC_W4_A(rb[j], rb[rw + j], rb[2 * rw + j], rb[3 * rw + j], cp[j], cp[rw + j],
                    cp[2 * rw + j], cp[3 * rw + j], cp[4 * rw + j], cp[5 * rw + j]);
        for (k = 0; k < 6; k++) {
            const float* __restrict r = cp + k * rw;
            float* __restrict d = D + 4 * k * T;
            for (tx = 0; tx < tw; tx++) {
                d[tx] = r[4 * tx]; d[T + tx] = r[4 * tx + 1]; d[2 * T + tx] = r[4 * tx + 2];
                d[3 * T + tx] = r[4 * tx + 3];
            }
        }
    }

    /* Output gradient, all T tiles: m[(6*k + l)*OT + t] = (A dY A^T)[k][l] from D. */
    static __attribute__((noinline)) void mc_wino4_dy_rows(const float* __restrict D,
                                                           ptrdiff_t T, ptrdiff_t OT,
                                                           float* __restrict m) {
        ptrdiff_t k, t;
        for (k = 0; k < 6; k++) {
            const float* __restrict d = D + 4 * k * T;
            float* __restrict o = m + 6 * k * OT;
    #pragma omp simd
            for (t = 0; t < T; t++)
                MC_W4_A(d[t], d[T + t], d[2 * T + t], d[3 * T + t], o[t], o[OT + t],
                        o[2 * OT + t], o[3 * OT + t], o[4 * OT + t], o[5 * OT + t]);
        }
    }

    /* The per-row forms (rows of at least 8 tiles: 32-wide results, where they measured
     * faster than the per-channel ones above). */
    /* v[xi*TC + tx] = (B^T d B)[xi] of the 6x6 patch d at columns 4*tx.. of the six rows rb
     * (rw = 4*tw + 4 floats each, the last two unused); t: 6*rw floats of scratch. The column
     * pass also splits each row into its four columns mod 4 (t[(4*k + m)*E + q] = row k's
     * column 4*q + m, E = tw + 1), so that the row pass reads the patches' six columns
     * (4*tx .. 4*tx + 5: streams 0-3 at tx, 0-1 at tx + 1) at unit stride. */
    static __attribute__((noinline)) void mc_wino4_input_tiles(const float* __restrict rb,
                                                               ptrdiff_t rw, ptrdiff_t tw,
                                                               ptrdiff_t TC,
                                                               float* __restrict v,
                                                               float* __restrict t) {
        ptrdiff_t q, tx, k, E = tw + 1;
        const float* __restrict d0 = rb;
        const float* __restrict d1 = rb + rw;
        const float* __restrict d2 = rb + 2 * rw;
        const float* __restrict d3 = rb + 3 * rw;
        const float* __restrict d4 = rb + 4 * rw;
        const float* __restrict d5 = rb + 5 * rw;
    #pragma omp simd
        for (q = 0; q < E; q++) {
            int m;
            for (m = 0; m < 4; m++) {
                ptrdiff_t j = 4 * q + m;
                MC_W4_BT(d0[j], d1[j], d2[j], d3[j], d4[j], d5[j], t[m * E + q],
                         t[(4 + m) * E + q], t[(8 + m) * E + q], t[(12 + m) * E + q],
                         t[(16 + m) * E + q], t[(20 + m) * E + q]);
            }
        }
        for (k = 0; k < 6; k++) {
            const float* __restrict e0 = t + 4 * k * E;
            const float* __restrict e1 = e0 + E;
            const float* __restrict e2 = e0 + 2 * E;
            const float* __restrict e3 = e0 + 3 * E;
            float* __restrict o = v + 6 * k * TC;
    #pragma omp simd
            for (tx = 0; tx < tw; tx++)
                MC_W4_BT(e0[tx], e1[tx], e2[tx], e3[tx], e0[tx + 1], e1[tx + 1], o[tx],
                         o[TC + tx], o[2 * TC + tx], o[3 * TC + tx], o[4 * TC + tx],
                         o[5 * TC + tx]);
        }
    }

    /* Rows y + r*ys (r < 4, 4*tw floats each) = A^T m A of the tw tiles m[xi*OT + tx]; s:
     * 24*tw floats of scratch. */
    static __attribute__((noinline)) void mc_wino4_output_tiles(const float* __restrict m,
                                                                ptrdiff_t OT, ptrdiff_t tw,
                                                                float* __restrict y,
                                                                ptrdiff_t ys,
                                                                float* __restrict s) {
        ptrdiff_t l, tx, r;
        for (l = 0; l < 6; l++) {
            const float* __restrict q = m + l * OT;
    #pragma omp simd
            for (tx = 0; tx < tw; tx++)
                MC_W4_AT(q[tx], q[6 * OT + tx], q[12 * OT + tx], q[18 * OT + tx],
                         q[24 * OT + tx], q[30 * OT + tx], s[l * tw + tx],
                         s[(6 + l) * tw + tx], s[(12 + l) * tw + tx], s[(18 + l) * tw + tx]);
        }
        for (r = 0; r < 4; r++) {
            const float* __restrict q = s + 6 * r * tw;
            float* __restrict o = y + r * ys;
    #pragma omp simd
            for (tx = 0; tx < tw; tx++)
                MC_W4_AT(q[tx], q[tw + tx], q[2 * tw + tx], q[3 * tw + tx], q[4 * tw + tx],
                         q[5 * tw + tx], o[4 * tx], o[4 * tx + 1], o[4 * tx + 2],
                         o[4 * tx + 3]);
        }
    }

    /* m[xi*OT + tx] = (A dY A^T)[xi] of the 4x4 gradient tile dY at columns 4*tx.. of the
     * four rows rb (rw = 4*tw floats each); t: 6*rw floats of scratch. */
    static __attribute__((noinline)) void mc_wino4_dy_tiles(const float* __restrict rb,
                                                            ptrdiff_t rw, ptrdiff_t tw,
                                                            ptrdiff_t OT, float* __restrict m,
                                                            float* __restrict t) {
        ptrdiff_t j, tx, k;
    #pragma omp simd
        for (j = 0; j < rw; j++)
            MC_W4_A(rb[j], rb[rw + j], rb[2 * rw + j], rb[3 * rw + j], t[j], t[rw + j],
                    t[2 * rw + j], t[3 * rw + j], t[4 * rw + j], t[5 * rw + j]);
        for (k = 0; k < 6; k++) {
            const float* __restrict r = t + k * rw;
            float* __restrict o = m + 6 * k * OT;
    #pragma omp simd
            for (tx = 0; tx < tw; tx++)
                MC_W4_A(r[4 * tx], r[4 * tx + 1], r[4 * tx + 2], r[4 * tx + 3], o[tx],
                        o[OT + tx], o[2 * OT + tx], o[3 * OT + tx], o[4 * OT + tx],
                        o[5 * OT + tx]);
        }
    }

    /* U[xi*OC + c] = (G g G^T)[xi] for c in [0, C), g the 3x3 filter at w + c*sc (rotated by
     * 180 degrees with flip), vectorized over the input channels. */
    static __attribute__((noinline)) void mc_wino4_filter_row(const float* __restrict w,
                                                              ptrdiff_t sc, ptrdiff_t C,
                                                              ptrdiff_t OC, int flip,
                                                              float* __restrict U) {
        ptrdiff_t c;
    #pragma omp simd
        for (c = 0; c < C; c++) {
            const float* src = w + c * sc;
            float g0, g1, g2, g3, g4, g5, g6, g7, g8;
            float q00, q01, q02, q10, q11, q12, q20, q21, q22;
            float q30, q31, q32, q40, q41, q42, q50, q51, q52;
            if (flip) {
                g0 = src[8]; g1 = src[7]; g2 = src[6]; g3 = src[5]; g4 = src[4];
                g5 = src[3]; g6 = src[2]; g7 = src[1]; g8 = src[0];
            } else {
                g0 = src[0]; g1 = src[1]; g2 = src[2]; g3 = src[3]; g4 = src[4];
                g5 = src[5]; g6 = src[6]; g7 = src[7]; g8 = src[8];
            }
            /* q = G g (6x3), column by column; then U = q G^T (6x6), row by row */
            MC_W4_G(g0, g3, g6, q00, q10, q20, q30, q40, q50);
            MC_W4_G(g1, g4, g7, q01, q11, q21, q31, q41, q51);
            MC_W4_G(g2, g5, g8, q02, q12, q22, q32, q42, q52);
            MC_W4_G(q00, q01, q02, U[c], U[OC + c], U[2 * OC + c], U[3 * OC + c],
                    U[4 * OC + c], U[5 * OC + c]);
            MC_W4_G(q10, q11, q12, U[6 * OC + c], U[7 * OC + c], U[8 * OC + c],
                    U[9 * OC + c], U[10 * OC + c], U[11 * OC + c]);
            MC_W4_G(q20, q21, q22, U[12 * OC + c], U[13 * OC + c], U[14 * OC + c],
                    U[15 * OC + c], U[16 * OC + c], U[17 * OC + c]);
            MC_W4_G(q30, q31, q32, U[18 * OC + c], U[19 * OC + c], U[20 * OC + c],
                    U[21 * OC + c], U[22 * OC + c], U[23 * OC + c]);
            MC_W4_G(q40, q41, q42, U[24 * OC + c], U[25 * OC + c], U[26 * OC + c],
                    U[27 * OC + c], U[28 * OC + c], U[29 * OC + c]);
            MC_W4_G(q50, q51, q52, U[30 * OC + c], U[31 * OC + c], U[32 * OC + c],
                    U[33 * OC + c], U[34 * OC + c], U[35 * OC + c]);
        }
    }

    /* dg (3x3) = G^T u G for the 36 planes u[xi*OC] (the filter gradient from the gradient
     * of the transformed filter), in double. */
    static void mc_wino4_filter_grad_one(const float* u, ptrdiff_t OC, float* dg) {
        double t[18];
        int i, s;
        for (s = 0; s < 6; s++) {  /* t = G^T u (3x6), column s */
            double u0 = u[s * OC], u1 = u[(6 + s) * OC], u2 = u[(12 + s) * OC];
            double u3 = u[(18 + s) * OC], u4 = u[(24 + s) * OC], u5 = u[(30 + s) * OC];
            double a = u1 + u2, c = u3 + u4;
            t[s] = 0.25 * u0 - a / 6 + c / 24;
            t[6 + s] = (u2 - u1) / 6 + (u3 - u4) / 12;
            t[12 + s] = (c - a) / 6 + u5;
        }
        for (i = 0; i < 3; i++) {  /* dg = t G (3x3), row i */
            const double* r = t + 6 * i;
            double a = r[1] + r[2], c = r[3] + r[4];
            dg[3 * i] = (float)(0.25 * r[0] - a / 6 + c / 24);
            dg[3 * i + 1] = (float)((r[2] - r[1]) / 6 + (r[3] - r[4]) / 12);
            dg[3 * i + 2] = (float)((c - a) / 6 + r[5]);
        }
    }
    """
    void mc_wino4_input_tiles(const float* rb, Py_ssize_t rw, Py_ssize_t tw, Py_ssize_t TC,
                              float* v, float* t) nogil
    void mc_wino4_output_tiles(const float* m, Py_ssize_t OT, Py_ssize_t tw, float* y,
                               Py_ssize_t ys, float* s) nogil
    void mc_wino4_dy_tiles(const float* rb, Py_ssize_t rw, Py_ssize_t tw, Py_ssize_t OT,
                           float* m, float* t) nogil
    void mc_wino4_in_cols(const float* rb, Py_ssize_t rw, Py_ssize_t tw, Py_ssize_t T,
                          float* D, float* cp) nogil
    void mc_wino4_in_rows(const float* D, Py_ssize_t T, Py_ssize_t TC, float* v) nogil
    void mc_wino4_out_plane(const float* m, Py_ssize_t OT, Py_ssize_t T, float* s,
                            float* z) nogil
    void mc_wino4_dy_cols(const float* rb, Py_ssize_t rw, Py_ssize_t tw, Py_ssize_t T,
                          float* D, float* cp) nogil
    void mc_wino4_dy_rows(const float* D, Py_ssize_t T, Py_ssize_t OT, float* m) nogil
    void mc_wino4_filter_row(const float* w, Py_ssize_t sc, Py_ssize_t C, Py_ssize_t OC,
                             int flip, float* U) nogil
    void mc_wino4_filter_grad_one(const float* u, Py_ssize_t OC, float* dg) nogil


cdef void _wino_input(const float* x, const Geo* g, Py_ssize_t nbb, float* V,
                      float* rows) noexcept nogil:
    """V[xi, c, t] = (B^T d B)[xi] for the 4x4 patch d at rows 2*ty - pt.., columns
    2*tx - pl.. of channel c of the nbb images at x (zero outside), t = (n*th + ty)*tw + tx.
    rows: _wino_rows_n(g) floats per thread (one padded copy of the patch rows and, for
    F(4x4, 3x3): _wino_input4)."""
    if g.wm == 4:
        _wino_input4(x, g, nbb, V, rows)
        return
    cdef Py_ssize_t C = g.C, H = g.H, W = g.W, th = g.th, tw = g.tw
    cdef Py_ssize_t pt = g.pt, pl = g.pl
    cdef Py_ssize_t T = nbb * th * tw, rw = 2 * tw + 2, TC = _wino_plane(C * T)
    cdef Py_ssize_t nc, n, c, ty
    cdef float* rb
    for nc in prange(nbb * C, schedule="static",
                     num_threads=mc_threads_if(nbb * C * th * tw >= 4096)):
        rb = rows + threadid() * _wino_rows_n(g)
        n = nc // C
        c = nc % C
        for ty in range(th):
            _wino_rows(x + (n * C + c) * H * W, H, W, 2 * ty - pt, pl, rw, rb, 4)
            mc_wino_input_tiles(rb, rw, tw, TC, V + c * T + (n * th + ty) * tw)


cdef void _wino_input4(const float* x, const Geo* g, Py_ssize_t nbb, float* V,
                       float* rows) noexcept nogil:
    """_wino_input for F(4x4, 3x3): the 6x6 patches at rows 4*ty - pt.., columns
    4*tx - pl..; one channel of the nbb images at a time (mc_wino4_in_cols per row of tiles,
    then mc_wino4_in_rows over all its tiles; _wino_input4_rows for rows of 8 tiles or
    more)."""
    if g.tw >= 8:
        _wino_input4_rows(x, g, nbb, V, rows)
        return
    cdef Py_ssize_t C = g.C, H = g.H, W = g.W, th = g.th, tw = g.tw
    cdef Py_ssize_t pt = g.pt, pl = g.pl
    cdef Py_ssize_t T = nbb * th * tw, rw = 4 * tw + 4, TC = _wino_plane(C * T)
    cdef Py_ssize_t c, n, ty
    cdef float* D
    cdef float* rb
    for c in prange(C, schedule="static",
                    num_threads=mc_threads_if(nbb * C * th * tw >= 4096)):
        D = rows + threadid() * _wino_rows_n(g)
        rb = D + 36 * T
        for n in range(nbb):
            for ty in range(th):
                _wino_rows(x + (n * C + c) * H * W, H, W, 4 * ty - pt, pl, rw, rb, 6)
                mc_wino4_in_cols(rb, rw, tw, T, D + (n * th + ty) * tw, rb + 6 * rw)
        mc_wino4_in_rows(D, T, TC, V + c * T)


cdef void _wino_output_tiles(cfloat_rp m, Py_ssize_t OT, Py_ssize_t tw, float_rp r0,
                             float_rp r1) noexcept nogil:
    """r0, r1 (2*tw) = the two output rows (A^T m A) of tw tiles, m[xi*OT + tx]."""
    cdef Py_ssize_t tx, j
    cdef float s0[4]
    cdef float s1[4]
    for tx in range(tw):
        for j in range(4):  # A^T m: (m0 + m1 + m2, m1 - m2 - m3) over the rows of m
            s0[j] = m[j * OT + tx] + m[(4 + j) * OT + tx] + m[(8 + j) * OT + tx]
            s1[j] = m[(4 + j) * OT + tx] - m[(8 + j) * OT + tx] - m[(12 + j) * OT + tx]
        r0[2 * tx] = s0[0] + s0[1] + s0[2]
        r0[2 * tx + 1] = s0[1] - s0[2] - s0[3]
        r1[2 * tx] = s1[0] + s1[1] + s1[2]
        r1[2 * tx + 1] = s1[1] - s1[2] - s1[3]


cdef void _wino_output(const float* M, const Geo* g, Py_ssize_t nbb, float* y,
                       float* rows) noexcept nogil:
    """y[n, o, 2*ty + r, 2*tx + s] = (A^T m A)[r, s], m[xi] = M[xi, o, t]: the 2x2 outputs of
    every tile of the nbb images at y (the last row / column dropped past Ho / Wo); rows:
    _wino_rows_n(g) floats per thread. F(4x4, 3x3): _wino_output4."""
    if g.wm == 4:
        _wino_output4(M, g, nbb, y, rows)
        return
    cdef Py_ssize_t O = g.O, Ho = g.Ho, Wo = g.Wo, th = g.th, tw = g.tw
    cdef Py_ssize_t T = nbb * th * tw, OT = _wino_plane(O * T), rw = 2 * tw
    cdef Py_ssize_t no, n, o, ty, oh
    cdef float* rb
    cdef float* yp
    for no in prange(nbb * O, schedule="static",
                     num_threads=mc_threads_if(nbb * O * th * tw >= 4096)):
        rb = rows + threadid() * _wino_rows_n(g)
        n = no // O
        o = no % O
        for ty in range(th):
            oh = 2 * ty
            yp = y + ((n * O + o) * Ho + oh) * Wo
            if rw == Wo and oh + 1 < Ho:  # the two rows straight into y
                _wino_output_tiles(M + o * T + (n * th + ty) * tw, OT, tw, yp, yp + Wo)
            else:
                _wino_output_tiles(M + o * T + (n * th + ty) * tw, OT, tw, rb, rb + rw)
                memcpy(yp, rb, Wo * sizeof(float))
                if oh + 1 < Ho:
                    memcpy(yp + Wo, rb + rw, Wo * sizeof(float))


cdef void _wino_output4(const float* M, const Geo* g, Py_ssize_t nbb, float* y,
                        float* rows) noexcept nogil:
    """_wino_output for F(4x4, 3x3): the 4x4 outputs (A^T m A) of all tiles of one output
    channel at a time (mc_wino4_out_plane), their rows copied into y (the last rows /
    columns dropped past Ho / Wo); _wino_output4_rows for rows of 8 tiles or more."""
    if g.tw >= 8:
        _wino_output4_rows(M, g, nbb, y, rows)
        return
    cdef Py_ssize_t O = g.O, Ho = g.Ho, Wo = g.Wo, th = g.th, tw = g.tw
    cdef Py_ssize_t T = nbb * th * tw, OT = _wino_plane(O * T)
    cdef Py_ssize_t o, n, ty, r, f0
    cdef float* s
    cdef float* z
    for o in prange(O, schedule="static",
                    num_threads=mc_threads_if(nbb * O * th * tw >= 4096)):
        s = rows + threadid() * _wino_rows_n(g)
        z = s + 24 * T
        mc_wino4_out_plane(M + o * T, OT, T, s, z)
        for n in range(nbb):
            for ty in range(th):
                f0 = (n * th + ty) * tw
                for r in range(min(4, Ho - 4 * ty)):
                    memcpy(y + ((n * O + o) * Ho + 4 * ty + r) * Wo, z + r * 4 * T + 4 * f0,
                           Wo * sizeof(float))


cdef void _wino_dy4(const float* dy, const Geo* g, Py_ssize_t nbb, float* M,
                    float* rows) noexcept nogil:
    """_wino_dy for F(4x4, 3x3): (A dY A^T)[xi] of every 4x4 tile (0 past Ho / Wo), 36
    planes; one output channel of the nbb images at a time (mc_wino4_dy_cols per row of
    tiles, then mc_wino4_dy_rows over all its tiles; _wino_dy4_rows for rows of 8 tiles or
    more)."""
    if g.tw >= 8:
        _wino_dy4_rows(dy, g, nbb, M, rows)
        return
    cdef Py_ssize_t O = g.O, Ho = g.Ho, Wo = g.Wo, th = g.th, tw = g.tw
    cdef Py_ssize_t T = nbb * th * tw, OT = _wino_plane(O * T), rw = 4 * tw
    cdef Py_ssize_t o, n, ty, oh, r
    cdef float* D
    cdef float* rb
    cdef const float* src
    for o in prange(O, schedule="static",
                    num_threads=mc_threads_if(nbb * O * th * tw >= 4096)):
        D = rows + threadid() * _wino_rows_n(g)
        rb = D + 24 * T
        for n in range(nbb):
            for ty in range(th):
                oh = 4 * ty
                src = dy + ((n * O + o) * Ho + oh) * Wo
                for r in range(4):
                    if oh + r < Ho:
                        memcpy(rb + r * rw, src + r * Wo, Wo * sizeof(float))
                        if rw > Wo:
                            memset(rb + r * rw + Wo, 0, (rw - Wo) * sizeof(float))
                    else:
                        memset(rb + r * rw, 0, rw * sizeof(float))
                mc_wino4_dy_cols(rb, rw, tw, T, D + (n * th + ty) * tw, rb + 4 * rw)
        mc_wino4_dy_rows(D, T, OT, M + o * T)


cdef void _wino_input4_rows(const float* x, const Geo* g, Py_ssize_t nbb, float* V,
                            float* rows) noexcept nogil:
    """_wino_input4 for rows of at least 8 tiles, row of tiles by row of tiles."""
    cdef Py_ssize_t C = g.C, H = g.H, W = g.W, th = g.th, tw = g.tw
    cdef Py_ssize_t pt = g.pt, pl = g.pl
    cdef Py_ssize_t T = nbb * th * tw, rw = 4 * tw + 4, TC = _wino_plane(C * T)
    cdef Py_ssize_t nc, n, c, ty
    cdef float* rb
    for nc in prange(nbb * C, schedule="static",
                     num_threads=mc_threads_if(nbb * C * th * tw >= 4096)):
        rb = rows + threadid() * _wino_rows_n(g)
        n = nc // C
        c = nc % C
        for ty in range(th):
            _wino_rows(x + (n * C + c) * H * W, H, W, 4 * ty - pt, pl, rw, rb, 6)
            mc_wino4_input_tiles(rb, rw, tw, TC, V + c * T + (n * th + ty) * tw, rb + 6 * rw)


cdef void _wino_output4_rows(const float* M, const Geo* g, Py_ssize_t nbb, float* y,
                        float* rows) noexcept nogil:
    """_wino_output4 for rows of at least 8 tiles: the 4x4 outputs (A^T m A) of every
    tile, row of tiles by row of tiles, straight into y when the four rows are whole, else
    through the thread's rows."""
    cdef Py_ssize_t O = g.O, Ho = g.Ho, Wo = g.Wo, th = g.th, tw = g.tw
    cdef Py_ssize_t T = nbb * th * tw, OT = _wino_plane(O * T), rw = 4 * tw
    cdef Py_ssize_t no, n, o, ty, oh, r
    cdef float* rb
    cdef float* yp
    for no in prange(nbb * O, schedule="static",
                     num_threads=mc_threads_if(nbb * O * th * tw >= 4096)):
        rb = rows + threadid() * _wino_rows_n(g)
        n = no // O
        o = no % O
        for ty in range(th):
            oh = 4 * ty
            yp = y + ((n * O + o) * Ho + oh) * Wo
            if rw == Wo and oh + 3 < Ho:
                mc_wino4_output_tiles(M + o * T + (n * th + ty) * tw, OT, tw, yp, Wo,
                                      rb + 4 * rw)
            else:
                mc_wino4_output_tiles(M + o * T + (n * th + ty) * tw, OT, tw, rb, rw,
                                      rb + 4 * rw)
                for r in range(min(4, Ho - oh)):
                    memcpy(yp + r * Wo, rb + r * rw, Wo * sizeof(float))


cdef void _wino_dy4_rows(const float* dy, const Geo* g, Py_ssize_t nbb, float* M,
                    float* rows) noexcept nogil:
    """_wino_dy4 for rows of at least 8 tiles, row of tiles by row of tiles."""
    cdef Py_ssize_t O = g.O, Ho = g.Ho, Wo = g.Wo, th = g.th, tw = g.tw
    cdef Py_ssize_t T = nbb * th * tw, OT = _wino_plane(O * T), rw = 4 * tw
    cdef Py_ssize_t no, n, o, ty, oh, r
    cdef float* rb
    cdef const float* src
    for no in prange(nbb * O, schedule="static",
                     num_threads=mc_threads_if(nbb * O * th * tw >= 4096)):
        rb = rows + threadid() * _wino_rows_n(g)
        n = no // O
        o = no % O
        for ty in range(th):
            oh = 4 * ty
            src = dy + ((n * O + o) * Ho + oh) * Wo
            for r in range(4):
                if oh + r < Ho:
                    memcpy(rb + r * rw, src + r * Wo, Wo * sizeof(float))
                    if rw > Wo:
                        memset(rb + r * rw + Wo, 0, (rw - Wo) * sizeof(float))
                else:
                    memset(rb + r * rw, 0, rw * sizeof(float))
            mc_wino4_dy_tiles(rb, rw, tw, OT, M + o * T + (n * th + ty) * tw, rb + 4 * rw)


cdef inline Py_ssize_t _wino_rows_n(const Geo* g) noexcept nogil:
    """Floats of one thread's row buffer: the padded patch rows (4 of 2*tw + 2 for
    F(2x2, 3x3)); for F(4x4, 3x3) the split columns of a block's tiles of one channel (36 per
    tile; the output transform's 24 + 16), then 6 patch rows of 4*tw + 4 and their column
    pass."""
    if g.wm == 4:
        return 40 * g.nb * g.th * g.tw + 12 * (4 * g.tw + 4)
    return 4 * (2 * g.tw + 2)


cdef void _wino_dy(const float* dy, const Geo* g, Py_ssize_t nbb, float* M,
                   float* rows) noexcept nogil:
    """M[xi, o, t] = (A dY A^T)[xi] for every 2x2 tile of the output gradient of the nbb
    images at dy (0 past Ho / Wo); rows: _wino_rows_n(g) floats per thread."""
    if g.wm == 4:
        _wino_dy4(dy, g, nbb, M, rows)
        return
    cdef Py_ssize_t O = g.O, Ho = g.Ho, Wo = g.Wo, th = g.th, tw = g.tw
    cdef Py_ssize_t T = nbb * th * tw, OT = _wino_plane(O * T), rw = 2 * tw
    cdef Py_ssize_t no, n, o, ty, oh
    cdef float* rb
    cdef const float* src
    for no in prange(nbb * O, schedule="static",
                     num_threads=mc_threads_if(nbb * O * th * tw >= 4096)):
        rb = rows + threadid() * _wino_rows_n(g)
        n = no // O
        o = no % O
        for ty in range(th):
            oh = 2 * ty
            src = dy + ((n * O + o) * Ho + oh) * Wo
            memcpy(rb, src, Wo * sizeof(float))
            if rw > Wo:
                rb[Wo] = 0
            if oh + 1 < Ho:
                memcpy(rb + rw, src + Wo, Wo * sizeof(float))
                if rw > Wo:
                    rb[rw + Wo] = 0
            else:
                memset(rb + rw, 0, rw * sizeof(float))
            mc_wino_dy_tiles(rb, rw, tw, OT, M + o * T + (n * th + ty) * tw)


cdef void _wino_filter_grad(const float* dU, Py_ssize_t O, Py_ssize_t C,
                            float* dw, Py_ssize_t wm) noexcept nogil:
    """dw[o, c] (3x3) = G^T dU[:, o, c] G: the filter gradient from the gradient of the
    transformed filter dU (16, O, C; 36 planes for F(4x4, 3x3))."""
    cdef Py_ssize_t oc
    for oc in prange(O * C, schedule="static", num_threads=mc_threads_if(O * C >= 4096)):
        if wm == 4:
            mc_wino4_filter_grad_one(dU + oc, O * C, dw + oc * 9)
        else:
            _wino_filter_grad_one(dU + oc, O * C, dw + oc * 9)


cdef void _wino_filter_grad_one(const float* u, Py_ssize_t OC, float* dg) noexcept nogil:
    cdef float t[12]
    cdef Py_ssize_t i, s
    for s in range(4):  # t = G^T dU (3x4): u0 + (u1 + u2)/2, (u1 - u2)/2, (u1 + u2)/2 + u3
        t[s] = u[s * OC] + 0.5 * (u[(4 + s) * OC] + u[(8 + s) * OC])
        t[4 + s] = 0.5 * (u[(4 + s) * OC] - u[(8 + s) * OC])
        t[8 + s] = 0.5 * (u[(4 + s) * OC] + u[(8 + s) * OC]) + u[(12 + s) * OC]
    for i in range(3):  # dg = t G (3x3)
        dg[3 * i] = t[4 * i] + 0.5 * (t[4 * i + 1] + t[4 * i + 2])
        dg[3 * i + 1] = 0.5 * (t[4 * i + 1] - t[4 * i + 2])
        dg[3 * i + 2] = 0.5 * (t[4 * i + 1] + t[4 * i + 2]) + t[4 * i + 3]


cdef inline Py_ssize_t _wino_plane(Py_ssize_t n) noexcept nogil:
    """The stride of the 16 planes of V or M holding n floats each: rounded up to 16 floats
    (64 bytes) and then an odd multiple of 16, so that the 16 planes (written side by side by
    the transforms) do not map to the same cache sets when n is a power of two."""
    n = (n + 15) // 16
    return (n + 1 - n % 2) * 16


cdef void _wino_step(const float* x, const float* U, float* y, float* V, float* M,
                     const Geo* g, Py_ssize_t n0, Py_ssize_t nbb) noexcept nogil:
    """One block of nbb images from n0: input transform, NP GEMMs (16, or 36 for
    F(4x4, 3x3)), output transform. V holds NP planes of C * T floats, then _wino_rows_n(g)
    per thread for the patch rows (the output transform's rows after it); M NP of O * T."""
    cdef Py_ssize_t T = nbb * g.th * g.tw, xi, NP = (g.wm + 2) * (g.wm + 2)
    cdef Py_ssize_t VS = _wino_plane(g.C * T), MS = _wino_plane(g.O * T)
    _wino_input(x + n0 * g.C * g.H * g.W, g, nbb, V, V + NP * VS)
    for xi in range(NP):
        gemm_beta(&_blas, True, False, False, <int>g.O, <int>T, <int>g.C, U + xi * g.O * g.C,
                  <int>g.C, V + xi * VS, <int>T, 0.0, M + xi * MS, <int>T)
    _wino_output(M, g, nbb, y + n0 * g.O * g.Ho * g.Wo, V + NP * VS)


cdef void _wino_filter_step(const float* dy, const float* x, float* dU, float* V, float* M,
                            const Geo* g, Py_ssize_t n0, Py_ssize_t nbb,
                            double beta) noexcept nogil:
    """One block for the filter gradient: dU[xi] (O, C) = (A dY A^T)[xi] (O, T) @
    (B^T d B)[xi]^T (T, C) + beta * dU[xi], summed over the tiles by NP GEMMs (16, or 36
    for F(4x4, 3x3))."""
    cdef Py_ssize_t T = nbb * g.th * g.tw, xi, NP = (g.wm + 2) * (g.wm + 2)
    cdef Py_ssize_t VS = _wino_plane(g.C * T), MS = _wino_plane(g.O * T)
    _wino_input(x + n0 * g.C * g.H * g.W, g, nbb, V, V + NP * VS)
    _wino_dy(dy + n0 * g.O * g.Ho * g.Wo, g, nbb, M, V + NP * VS)
    for xi in range(NP):
        gemm_beta(&_blas, True, False, True, <int>g.O, <int>g.C, <int>T, M + xi * MS, <int>T,
                  V + xi * VS, <int>T, beta, dU + xi * g.O * g.C, <int>g.C)


cdef enum:
    CONV_FWD = 0
    CONV_BWD_INPUT = 1
    CONV_BWD_FILTER = 2
    CONV_WINO = 3  # Winograd F(2x2 or 4x4, 3x3), float32, one group: (x, U, y) (_wino_step)
    CONV_WINO_FILTER = 4  # its filter gradient: (dy, x, dU) (see _wino_filter_step)


cdef void _conv_step(int kind, const real* a, const real* b, real* c, real* cols, real* tmp,
                     const Geo* g, Py_ssize_t n0, Py_ssize_t nbb, Py_ssize_t gi,
                     double beta) noexcept nogil:
    """One block of nbb images from image n0 and one group gi of one kernel:

    - CONV_FWD, (a, b, c) = (x, w, out): out[n] = w_g (og, K) @ cols (K, nbb*P), written
      straight into out when the block is one image, else into tmp and scattered;
    - CONV_BWD_INPUT, (dy, w, dx): cols (K, nbb*P) = w_g^T @ dy_g, then col2im into dx (for a
      1x1 stride-1 block of one image the GEMM writes dx itself);
    - CONV_BWD_FILTER, (dy, x, dw): dw_g (og, K) = dy_g (og, nbb*P) @ cols^T + beta * dw_g.
    """
    cdef bint is32 = real is float
    cdef Py_ssize_t ld = nbb * g.P
    cdef Py_ssize_t x_img = g.C * g.H * g.W, y_img = g.O * g.P
    cdef Py_ssize_t x_off = (n0 * g.C + gi * g.cg) * g.H * g.W
    cdef Py_ssize_t y_off = (n0 * g.O + gi * g.og) * g.P
    cdef const real* wg
    cdef const real* src
    if kind == CONV_WINO:
        if real is float:
            _wino_step(a, b, c, cols, tmp, g, n0, nbb)
        return
    if kind == CONV_WINO_FILTER:
        if real is float:
            _wino_filter_step(a, b, c, cols, tmp, g, n0, nbb, beta)
        return
    if kind == CONV_BWD_FILTER:
        wg = NULL
    else:
        wg = b + gi * g.og * g.K
    if kind == CONV_FWD or kind == CONV_BWD_FILTER:
        # the block's columns: the images themselves, or their im2col
        if g.direct and nbb == 1:
            src = (a if kind == CONV_FWD else b) + x_off
        else:
            _im2col_blk((a if kind == CONV_FWD else b) + x_off, x_img, g, nbb, cols)
            src = cols
        if kind == CONV_FWD:
            if nbb == 1:
                gemm_beta(&_blas, is32, False, False, <int>g.og, <int>ld, <int>g.K, wg,
                          <int>g.K, src, <int>ld, 0.0, c + y_off, <int>ld)
            else:
                gemm_beta(&_blas, is32, False, False, <int>g.og, <int>ld, <int>g.K, wg,
                          <int>g.K, src, <int>ld, 0.0, tmp, <int>ld)
                _scatter_blk(tmp, y_img, g.og, g.P, nbb, c + y_off)
        else:
            if nbb == 1:
                wg = a + y_off  # dy_g of the one image
            else:
                _gather_blk(a + y_off, y_img, g.og, g.P, nbb, tmp)
                wg = tmp
            gemm_beta(&_blas, is32, False, True, <int>g.og, <int>g.K, <int>ld, wg, <int>ld,
                      src, <int>ld, beta, c + gi * g.og * g.K, <int>g.K)
        return
    # CONV_BWD_INPUT
    if nbb == 1:
        src = a + y_off
    else:
        _gather_blk(a + y_off, y_img, g.og, g.P, nbb, tmp)
        src = tmp
    if g.direct and nbb == 1:
        gemm_beta(&_blas, is32, True, False, <int>g.K, <int>ld, <int>g.og, wg, <int>g.K,
                  src, <int>ld, 0.0, c + x_off, <int>ld)
    else:
        gemm_beta(&_blas, is32, True, False, <int>g.K, <int>ld, <int>g.og, wg, <int>g.K,
                  src, <int>ld, 0.0, cols, <int>ld)
        _col2im_blk(cols, x_img, g, nbb, c + x_off)


ctypedef void (*_set_threads_t)(int) noexcept nogil

cdef extern from *:
    """
    static inline Py_ssize_t mc_conv_next(Py_ssize_t* counter) {
        return __atomic_fetch_add(counter, 1, __ATOMIC_RELAXED);
    }
    """
    Py_ssize_t mc_conv_next(Py_ssize_t* counter) nogil


cdef void _blas_one_thread() noexcept nogil:
    """OpenBLAS runs each product in its caller's thread (before a team of threads each runs
    its own products; the wrappers set the count of now again at the next product outside)."""
    if mc_st.blas_set != 1 and mc_st.blas_threads != NULL:
        (<_set_threads_t>mc_st.blas_threads)(1)
        mc_st.blas_set = 1


cdef void _conv_unit(int kind, const real* a, const real* b, real* c, real* cols,
                     real* tmp, real* part, const Geo* g, Py_ssize_t unit) noexcept nogil:
    """The steps of one unit of _conv_blocks: block `unit` of the forward or input gradient,
    or chain `unit` of a filter gradient (its blocks in order into c or its partial)."""
    cdef Py_ssize_t nblocks = (g.N + g.nb - 1) // g.nb, blk, gi, n0, nbb, b0, b1
    cdef bint summed = kind == CONV_BWD_FILTER or kind == CONV_WINO_FILTER
    cdef real* mine = c
    b0, b1 = unit, unit + 1
    if summed:
        b0, b1 = unit * nblocks // g.nch, (unit + 1) * nblocks // g.nch
        if unit > 0:
            mine = part + (unit - 1) * g.O * g.K
    for blk in range(b0, b1):
        n0 = blk * g.nb
        nbb = g.nb if n0 + g.nb <= g.N else g.N - n0
        for gi in range(g.G):
            _conv_step(kind, a, b, mine, cols, tmp, g, n0, nbb, gi, 0.0 if blk == b0 else 1.0)


cdef void _conv_blocks(int kind, const real* a, const real* b, real* c, real* cols,
                       real* tmp, real* part, const Geo* g) noexcept nogil:
    """Every (block, group) step of one kernel. With g.team == 1 the blocks run in order and
    each product is split over the cores by the BLAS; with g.team > 1 each of g.team threads
    takes the next unit of work and runs its steps with a one-thread BLAS in its own buffers
    (cols/tmp + thread * the per-thread sizes): no barrier inside a product. A unit is one
    block (images g.nb at a time) of the forward or input gradient, which writes its own
    images. The filter gradients sum their blocks in g.nch chains of consecutive blocks,
    chain 0 into c and chain j into part + (j-1)*O*K (Winograd's: K = NP*C), each summed in
    block order by one thread, and the chains are added in order at the end: the bits depend
    on the shape (g.nb, g.nch) only, not on the team or the load."""
    cdef Py_ssize_t e, t, OK = g.O * g.K, unit
    cdef Py_ssize_t counter = 0
    cdef Py_ssize_t* next_unit = &counter
    cdef Py_ssize_t cols_n = g.cols_n, tmp_n = g.tmp_n
    cdef bint summed = kind == CONV_BWD_FILTER or kind == CONV_WINO_FILTER
    cdef Py_ssize_t units = g.nch if summed else (g.N + g.nb - 1) // g.nb
    cdef int tid = 0
    if g.team <= 1:
        for unit in range(units):
            _conv_unit(kind, a, b, c, cols, tmp, part, g, unit)
    else:
        _blas_one_thread()
        with parallel(num_threads=g.team):
            tid = threadid()
            unit = mc_conv_next(next_unit)
            while unit < units:
                _conv_unit(kind, a, b, c, cols + tid * cols_n, tmp + tid * tmp_n, part, g,
                           unit)
                unit = mc_conv_next(next_unit)
    if summed and g.nch > 1:
        for e in prange(OK, schedule="static", num_threads=mc_threads_if(OK >= 32768)):
            for t in range(g.nch - 1):
                c[e] += part[t * OK + e]


cdef extern from *:
    """
    /* 2x2, stride-2, unpadded max pooling without an argmax array: the forward writes the
     * maxima only, the backward finds each window's maximum again and writes the whole
     * gradient plane at once (each input belongs to at most one window): no zeroing, no
     * scattered adds. The rule of _max_pool_2x2: the first maximum in the order (0, 0),
     * (0, 1), (1, 0), (1, 1) wins; a NaN wins and stays. dx gets 0 + dy at the maximum (as
     * the zeroed plane plus the routed gradient did: -0.0 becomes 0.0) and 0 elsewhere.
     * Vectorized over the outputs of several rows and planes at once (LeNet's are 14 and 5
     * wide): the rows' windows are split into their four corners (MC_MP2_CHUNK outputs at a
     * time, on the stack), the choice is made with selects on unit-stride arrays (the form
     * the compiler vectorizes, for float and double and every instruction set), and the
     * gradient's corners are joined back into the rows. */
    /* (a if v takes over from the maximum m so far else b): m stays once NaN, a NaN v takes */
    #define MC_MP2_PICK(v, m, a, b) \
        ((m) == (m) ? ((v) != (v) ? (a) : ((v) > (m) ? (a) : (b))) : (b))
    #define MC_MP2_CHUNK 512
    #define MC_MP2(T, SFX)                                                                      \
    static void mc_mp2_split_##SFX(const T* __restrict r, ptrdiff_t n, T* __restrict e,         \
                                   T* __restrict o) {                                           \
        ptrdiff_t k;                                                                            \
        for (k = 0; k < n; k++) { e[k] = r[2 * k]; o[k] = r[2 * k + 1]; }                       \
    }                                                                                           \
    static void mc_mp2_join_##SFX(const T* __restrict e, const T* __restrict o, ptrdiff_t n,    \
                                  T* __restrict r) {                                            \
        ptrdiff_t k;                                                                            \
        for (k = 0; k < n; k++) { r[2 * k] = e[k]; r[2 * k + 1] = o[k]; }                       \
    }                                                                                           \
    /* the windows' corners of output rows R0 .. R0 + rows - 1 (flat over the planes) */        \
    static void mc_mp2_corners_##SFX(const T* x, ptrdiff_t H, ptrdiff_t W, ptrdiff_t Ho,        \
                                     ptrdiff_t Wo, ptrdiff_t R0, ptrdiff_t rows, T* a, T* b,    \
                                     T* c, T* d) {                                              \
        ptrdiff_t R;                                                                            \
        for (R = 0; R < rows; R++) {                                                            \
            const T* r0 = x + ((R0 + R) / Ho) * H * W + 2 * ((R0 + R) % Ho) * W;               \
            mc_mp2_split_##SFX(r0, Wo, a + R * Wo, b + R * Wo);                                 \
            mc_mp2_split_##SFX(r0 + W, Wo, c + R * Wo, d + R * Wo);                             \
        }                                                                                       \
    }                                                                                           \
    static void mc_mp2_fwd_##SFX(const T* x, ptrdiff_t planes, ptrdiff_t H, ptrdiff_t W,        \
                                 ptrdiff_t Ho, ptrdiff_t Wo, T* __restrict y) {                 \
        T a[MC_MP2_CHUNK], b[MC_MP2_CHUNK], c[MC_MP2_CHUNK], d[MC_MP2_CHUNK];                   \
        ptrdiff_t step, R0, rows, k, o0, n;                                                     \
        if (Ho == 0 || Wo == 0) return;                                                         \
        step = Wo > MC_MP2_CHUNK ? 1 : MC_MP2_CHUNK / Wo;                                       \
        for (R0 = 0; R0 < planes * Ho; R0 += step) {                                            \
            rows = planes * Ho - R0 < step ? planes * Ho - R0 : step;                           \
            for (o0 = 0; o0 < Wo; o0 += MC_MP2_CHUNK) {  /* rows wider than a chunk: pieces */  \
                n = Wo - o0 < MC_MP2_CHUNK ? Wo - o0 : MC_MP2_CHUNK;                            \
                if (Wo <= MC_MP2_CHUNK) {                                                       \
                    mc_mp2_corners_##SFX(x, H, W, Ho, Wo, R0, rows, a, b, c, d);                \
                    n = rows * Wo;                                                              \
                } else {                                                                        \
                    const T* r0 = x + (R0 / Ho) * H * W + 2 * (R0 % Ho) * W + 2 * o0;           \
                    mc_mp2_split_##SFX(r0, n, a, b);                                            \
                    mc_mp2_split_##SFX(r0 + W, n, c, d);                                        \
                }                                                                               \
                {                                                                               \
                    T* __restrict yo = y + R0 * Wo + o0;                                        \
                    for (k = 0; k < n; k++) {                                                   \
                        T m = a[k], v;                                                          \
                        v = b[k]; m = MC_MP2_PICK(v, m, v, m);                                  \
                        v = c[k]; m = MC_MP2_PICK(v, m, v, m);                                  \
                        v = d[k]; m = MC_MP2_PICK(v, m, v, m);                                  \
                        yo[k] = m;                                                              \
                    }                                                                           \
                }                                                                               \
                if (Wo <= MC_MP2_CHUNK) break;                                                  \
            }                                                                                   \
        }                                                                                       \
    }                                                                                           \
    static void mc_mp2_bwd_##SFX(const T* x, const T* __restrict dy, ptrdiff_t planes,          \
                                 ptrdiff_t H, ptrdiff_t W, ptrdiff_t Ho, ptrdiff_t Wo, T* dx) { \
        T a[MC_MP2_CHUNK], b[MC_MP2_CHUNK], c[MC_MP2_CHUNK], d[MC_MP2_CHUNK];                   \
        ptrdiff_t step, R0, R, rows, k, o0, n, p;                                               \
        if (Ho == 0 || Wo == 0) {  /* no window: a zero gradient */                             \
            memset(dx, 0, planes * H * W * sizeof(T));                                          \
            return;                                                                             \
        }                                                                                       \
        step = Wo > MC_MP2_CHUNK ? 1 : MC_MP2_CHUNK / Wo;                                       \
        for (R0 = 0; R0 < planes * Ho; R0 += step) {                                            \
            rows = planes * Ho - R0 < step ? planes * Ho - R0 : step;                           \
            for (o0 = 0; o0 < Wo; o0 += MC_MP2_CHUNK) {                                         \
                n = Wo - o0 < MC_MP2_CHUNK ? Wo - o0 : MC_MP2_CHUNK;                            \
                if (Wo <= MC_MP2_CHUNK) {                                                       \
                    mc_mp2_corners_##SFX(x, H, W, Ho, Wo, R0, rows, a, b, c, d);                \
                    n = rows * Wo;                                                              \
                } else {                                                                        \
                    const T* r0 = x + (R0 / Ho) * H * W + 2 * (R0 % Ho) * W + 2 * o0;           \
                    mc_mp2_split_##SFX(r0, n, a, b);                                            \
                    mc_mp2_split_##SFX(r0 + W, n, c, d);                                        \
                }                                                                               \
                {                                                                               \
                    const T* __restrict g = dy + R0 * Wo + o0;                                  \
                    for (k = 0; k < n; k++) {                                                   \
                        T m = a[k], v, gv = (T)0 + g[k], best = 0;                              \
                        v = b[k]; best = MC_MP2_PICK(v, m, (T)1, best);                         \
                        m = MC_MP2_PICK(v, m, v, m);                                            \
                        v = c[k]; best = MC_MP2_PICK(v, m, (T)2, best);                         \
                        m = MC_MP2_PICK(v, m, v, m);                                            \
                        v = d[k]; best = MC_MP2_PICK(v, m, (T)3, best);                         \
                        a[k] = best == 0 ? gv : (T)0;                                           \
                        b[k] = best == 1 ? gv : (T)0;                                           \
                        c[k] = best == 2 ? gv : (T)0;                                           \
                        d[k] = best == 3 ? gv : (T)0;                                           \
                    }                                                                           \
                }                                                                               \
                if (Wo <= MC_MP2_CHUNK) {                                                       \
                    for (R = 0; R < rows; R++) {                                                \
                        T* d0 = dx + ((R0 + R) / Ho) * H * W + 2 * ((R0 + R) % Ho) * W;         \
                        mc_mp2_join_##SFX(a + R * Wo, b + R * Wo, Wo, d0);                      \
                        mc_mp2_join_##SFX(c + R * Wo, d + R * Wo, Wo, d0 + W);                  \
                    }                                                                           \
                    break;                                                                      \
                } else {                                                                        \
                    T* d0 = dx + (R0 / Ho) * H * W + 2 * (R0 % Ho) * W + 2 * o0;                \
                    mc_mp2_join_##SFX(a, b, n, d0);                                             \
                    mc_mp2_join_##SFX(c, d, n, d0 + W);                                         \
                }                                                                               \
            }                                                                                   \
        }                                                                                       \
        /* what no window covers: a last odd column, a last odd row */                          \
        for (p = 0; p < planes; p++) {                                                          \
            T* q = dx + p * H * W;                                                              \
            if (W > 2 * Wo)                                                                     \
                for (R = 0; R < 2 * Ho; R++) q[R * W + W - 1] = 0;                              \
            if (H > 2 * Ho) memset(q + 2 * Ho * W, 0, W * sizeof(T));                           \
        }                                                                                       \
    }
    MC_MP2(float, f)
    MC_MP2(double, d)
    """
    void mc_mp2_fwd_f(const float* x, Py_ssize_t planes, Py_ssize_t H, Py_ssize_t W,
                      Py_ssize_t Ho, Py_ssize_t Wo, float* y) nogil
    void mc_mp2_fwd_d(const double* x, Py_ssize_t planes, Py_ssize_t H, Py_ssize_t W,
                      Py_ssize_t Ho, Py_ssize_t Wo, double* y) nogil
    void mc_mp2_bwd_f(const float* x, const float* dy, Py_ssize_t planes, Py_ssize_t H,
                      Py_ssize_t W, Py_ssize_t Ho, Py_ssize_t Wo, float* dx) nogil
    void mc_mp2_bwd_d(const double* x, const double* dy, Py_ssize_t planes, Py_ssize_t H,
                      Py_ssize_t W, Py_ssize_t Ho, Py_ssize_t Wo, double* dx) nogil


cdef void _max_pool2x2_planes(bint grad, const real* x, const real* dy, Py_ssize_t planes,
                              Py_ssize_t H, Py_ssize_t W, Py_ssize_t Ho, Py_ssize_t Wo,
                              real* out) noexcept nogil:
    """mc_mp2_fwd (y = out) or mc_mp2_bwd (dx = out) over the planes, split into one run of
    planes per thread when there is enough work."""
    cdef Py_ssize_t parts = mc_threads_if(planes > 1 and planes * H * W >= 65536)
    cdef Py_ssize_t per = (planes + parts - 1) // parts
    cdef Py_ssize_t part, p0, n
    for part in prange(parts, schedule="static", num_threads=parts):
        p0 = part * per
        n = min(per, planes - p0)
        if n <= 0:
            continue
        if real is float:
            if grad:
                mc_mp2_bwd_f(x + p0 * H * W, dy + p0 * Ho * Wo, n, H, W, Ho, Wo,
                             out + p0 * H * W)
            else:
                mc_mp2_fwd_f(x + p0 * H * W, n, H, W, Ho, Wo, out + p0 * Ho * Wo)
        else:
            if grad:
                mc_mp2_bwd_d(x + p0 * H * W, dy + p0 * Ho * Wo, n, H, W, Ho, Wo,
                             out + p0 * H * W)
            else:
                mc_mp2_fwd_d(x + p0 * H * W, n, H, W, Ho, Wo, out + p0 * Ho * Wo)


cdef void _max_pool_2x2(const real* x, Py_ssize_t planes, Py_ssize_t H, Py_ssize_t W,
                        Py_ssize_t Ho, Py_ssize_t Wo, real* y, long long* argmax) noexcept nogil:
    """The common 2x2, stride 2, unpadded window: four loads per output, no bounds checks.
    Same rule as the general loop: the first maximum wins; a NaN wins and stays."""
    cdef Py_ssize_t p, oh, ow, k, best, q
    cdef const real* r0
    cdef real m, v
    for p in prange(planes, schedule="static", num_threads=mc_threads_if(planes > 1)):
        for oh in range(Ho):
            r0 = x + p * H * W + 2 * oh * W
            for ow in range(Wo):
                k = 2 * oh * W + 2 * ow
                m = r0[2 * ow]
                best = k
                for q in range(1, 4):
                    v = r0[(q // 2) * W + 2 * ow + q % 2]
                    if (v > m or v != v) and m == m:
                        m = v
                        best = k + (q // 2) * W + q % 2
                y[p * Ho * Wo + oh * Wo + ow] = m
                argmax[p * Ho * Wo + oh * Wo + ow] = best


cdef int _max_pool_fwd(const real[:, :, :, ::1] x, int kh, int kw, int sh, int sw, int pt, int pl,
                 real[:, :, :, ::1] y, long long[:, :, :, ::1] argmax) except -1:
    """Max over each window (padding ignored); argmax = flat index in the H*W plane of the
    first maximum (a NaN wins and stays)."""
    cdef Py_ssize_t N = x.shape[0], C = x.shape[1], H = x.shape[2], W = x.shape[3]
    cdef Py_ssize_t Ho = y.shape[2], Wo = y.shape[3], nc, oh, ow, i, j, ih, iw, best
    cdef const real* xp
    cdef real* yp
    cdef long long* ap
    cdef real m, v
    if kh == 2 and kw == 2 and sh == 2 and sw == 2 and pt == 0 and pl == 0 \
            and 2 * Ho <= H and 2 * Wo <= W:
        with nogil:
            _max_pool_2x2(&x[0, 0, 0, 0], N * C, H, W, Ho, Wo, &y[0, 0, 0, 0],
                          &argmax[0, 0, 0, 0])
        return 0
    with nogil:
        for nc in prange(N * C, schedule="static", num_threads=mc_threads_if(N * C > 1)):
            xp = &x[0, 0, 0, 0] + nc * H * W
            yp = &y[0, 0, 0, 0] + nc * Ho * Wo
            ap = &argmax[0, 0, 0, 0] + nc * Ho * Wo
            for oh in range(Ho):
                for ow in range(Wo):
                    best = -1
                    m = 0
                    for i in range(kh):
                        ih = oh * sh - pt + i
                        if ih < 0 or ih >= H:
                            continue
                        for j in range(kw):
                            iw = ow * sw - pl + j
                            if iw < 0 or iw >= W:
                                continue
                            v = xp[ih * W + iw]
                            if best < 0 or ((v > m or v != v) and m == m):
                                m = v
                                best = ih * W + iw
                    yp[oh * Wo + ow] = m
                    ap[oh * Wo + ow] = best
    return 0


cdef int _max_pool_bwd(const real[:, :, :, ::1] dy, const long long[:, :, :, ::1] argmax,
                 real[:, :, :, ::1] dx) except -1:
    """dx (zeroed by the caller) += dy routed to each window's argmax (-1: no input)."""
    cdef Py_ssize_t N = dy.shape[0], C = dy.shape[1], Ho = dy.shape[2], Wo = dy.shape[3]
    cdef Py_ssize_t H = dx.shape[2], W = dx.shape[3], nc, o, k, bad = 0
    cdef const real* gp
    cdef const long long* ap
    cdef real* dp
    with nogil:
        for nc in prange(N * C, schedule="static", num_threads=mc_threads_if(N * C > 1)):
            gp = &dy[0, 0, 0, 0] + nc * Ho * Wo
            ap = &argmax[0, 0, 0, 0] + nc * Ho * Wo
            dp = &dx[0, 0, 0, 0] + nc * H * W
            for o in range(Ho * Wo):
                k = ap[o]
                if k >= 0 and k < H * W:
                    dp[k] += gp[o]
                elif k != -1:
                    bad += 1
    if bad:
        raise ValueError("max_pool_bwd: %d 'argmax' entries lie outside the %d x %d input "
                         "plane (valid: -1 or 0..%d)" % (bad, H, W, H * W - 1))
    return 0


cdef int _avg_pool_fwd(const real[:, :, :, ::1] x, int kh, int kw, int sh, int sw, int pt, int pl,
                 bint count_include_pad, real[:, :, :, ::1] y) except -1:
    cdef Py_ssize_t N = x.shape[0], C = x.shape[1], H = x.shape[2], W = x.shape[3]
    cdef Py_ssize_t Ho = y.shape[2], Wo = y.shape[3], nc, oh, ow, i, j, ih, iw, cnt
    cdef double s
    with nogil:
        for nc in prange(N * C, schedule="static", num_threads=mc_threads_if(N * C > 1)):
            for oh in range(Ho):
                for ow in range(Wo):
                    s = 0.0
                    cnt = 0
                    for i in range(kh):
                        ih = oh * sh - pt + i
                        if ih < 0 or ih >= H:
                            continue
                        for j in range(kw):
                            iw = ow * sw - pl + j
                            if iw < 0 or iw >= W:
                                continue
                            s = s + x[nc // C, nc % C, ih, iw]
                            cnt = cnt + 1
                    y[nc // C, nc % C, oh, ow] = <real>(s / (kh * kw if count_include_pad
                                                             else (cnt if cnt > 0 else 1)))
    return 0


cdef int _avg_pool_bwd(const real[:, :, :, ::1] dy, int kh, int kw, int sh, int sw, int pt, int pl,
                 bint count_include_pad, real[:, :, :, ::1] dx) except -1:
    """dx (zeroed by the caller) += each window's dy / divisor."""
    cdef Py_ssize_t N = dx.shape[0], C = dx.shape[1], H = dx.shape[2], W = dx.shape[3]
    cdef Py_ssize_t Ho = dy.shape[2], Wo = dy.shape[3], nc, oh, ow, i, j, ih, iw, cnt
    cdef double g
    with nogil:
        for nc in prange(N * C, schedule="static", num_threads=mc_threads_if(N * C > 1)):
            for oh in range(Ho):
                for ow in range(Wo):
                    cnt = 0
                    if not count_include_pad:
                        for i in range(kh):
                            ih = oh * sh - pt + i
                            for j in range(kw):
                                iw = ow * sw - pl + j
                                if ih >= 0 and ih < H and iw >= 0 and iw < W:
                                    cnt = cnt + 1
                    g = dy[nc // C, nc % C, oh, ow] / (kh * kw if count_include_pad
                                                       else (cnt if cnt > 0 else 1))
                    for i in range(kh):
                        ih = oh * sh - pt + i
                        if ih < 0 or ih >= H:
                            continue
                        for j in range(kw):
                            iw = ow * sw - pl + j
                            if iw >= 0 and iw < W:
                                dx[nc // C, nc % C, ih, iw] += <real>g
    return 0


# ----- entry points: check every buffer, then run the loops above -------------------------------
cdef int _window(str kernel, int kh, int kw, int sh, int sw) except -1:
    need_positive(kernel, "kh", kh)
    need_positive(kernel, "kw", kw)
    need_positive(kernel, "sh", sh)
    need_positive(kernel, "sw", sw)
    return 0


cdef int _nchw(str kernel, str name, cnp.ndarray a, int t, bint out) except -1:
    need_array(kernel, name, a, 4, t, out)
    return 0


cdef int _same_nc(str kernel, str name, cnp.ndarray a, str ref_name, cnp.ndarray ref,
                  int naxes=2) except -1:
    """a's first naxes extents (batch and channel by default) are ref's; the message is
    formatted only on failure."""
    cdef int axis
    for axis in range(naxes):
        if cnp.PyArray_DIMS(a)[axis] != cnp.PyArray_DIMS(ref)[axis]:
            need_dim(kernel, name, a, axis, cnp.PyArray_DIMS(ref)[axis],
                     "%s.shape[%d]" % (ref_name, axis))
    return 0


cdef int _half_plane(str kernel, str name, cnp.ndarray a, cnp.ndarray x) except -1:
    """a's plane is x's halved (H // 2, W // 2): the outputs of 2x2 stride-2 windows."""
    cdef cnp.npy_intp* d = cnp.PyArray_DIMS(x)
    need_dim(kernel, name, a, 2, d[2] // 2, "x.shape[2] // 2")
    need_dim(kernel, name, a, 3, d[3] // 2, "x.shape[3] // 2")
    return 0


cdef int _cols_shape(str kernel, cnp.ndarray cols, cnp.ndarray x, int kh, int kw, int sh, int sw,
                     int dh, int dw, Py_ssize_t Ho, Py_ssize_t Wo) except -1:
    """cols is (C*kh*kw, N*Ho*Wo) for x (N, C, H, W)."""
    _window(kernel, kh, kw, sh, sw)
    need_positive(kernel, "dh", dh)
    need_positive(kernel, "dw", dw)
    if Ho < 0 or Wo < 0:
        raise ValueError("%s: 'Ho' and 'Wo' must be >= 0, but got %d and %d" % (kernel, Ho, Wo))
    cdef cnp.npy_intp* d = cnp.PyArray_DIMS(x)
    need_dim(kernel, "cols", cols, 0, d[1] * kh * kw, "C*kh*kw of x")
    need_dim(kernel, "cols", cols, 1, d[0] * Ho * Wo, "N*Ho*Wo of x")
    return 0


cdef int _conv_geo(str kernel, cnp.ndarray x, cnp.ndarray w, cnp.ndarray y, int sh, int sw,
                   int pt, int pl, int dh, int dw, int groups, Py_ssize_t nb, Geo* g,
                   str x_name, str w_name, str y_name, int out_arg) except -1:
    """Checks x (N, C, H, W), w (O, C/groups, kh, kw) and y (N, O, Ho, Wo) (one float dtype,
    4-D, C-contiguous; the one numbered out_arg, 0 x, 1 w, 2 y, writeable) against each other
    and fills g; returns the numpy type number."""
    cdef int t = float_type(kernel, x_name, x)
    _nchw(kernel, x_name, x, t, out_arg == 0)
    _nchw(kernel, w_name, w, t, out_arg == 1)
    _nchw(kernel, y_name, y, t, out_arg == 2)
    cdef cnp.npy_intp* dx = cnp.PyArray_DIMS(x)
    cdef cnp.npy_intp* dwt = cnp.PyArray_DIMS(w)
    cdef cnp.npy_intp* dy = cnp.PyArray_DIMS(y)
    _window(kernel, dwt[2], dwt[3], sh, sw)
    need_positive(kernel, "dh", dh)
    need_positive(kernel, "dw", dw)
    need_positive(kernel, "groups", groups)
    need_positive(kernel, "nb", nb)
    if dwt[0] % groups:
        raise ValueError("%s: the %d output channels of '%s' are not divisible by groups=%d"
                         % (kernel, dwt[0], w_name, groups))
    need_dim(kernel, x_name, x, 1, dwt[1] * groups, "%s.shape[1] * groups" % w_name)
    need_dim(kernel, y_name, y, 0, dx[0], "%s.shape[0]" % x_name)
    need_dim(kernel, y_name, y, 1, dwt[0], "%s.shape[0]" % w_name)
    g.N, g.C, g.H, g.W = dx[0], dx[1], dx[2], dx[3]
    g.O, g.G, g.cg, g.og = dwt[0], groups, dwt[1], dwt[0] // groups
    g.kh, g.kw, g.Ho, g.Wo = dwt[2], dwt[3], dy[2], dy[3]
    g.P, g.K = g.Ho * g.Wo, g.cg * g.kh * g.kw
    g.nb = nb if nb < g.N else max(g.N, 1)
    g.sh, g.sw, g.pt, g.pl, g.dh, g.dw = sh, sw, pt, pl, dh, dw
    g.direct = g.kh == 1 and g.kw == 1 and sh == 1 and sw == 1 and pt == 0 and pl == 0 \
        and g.Ho == g.H and g.Wo == g.W
    if g.og > INT_MAX or g.K > INT_MAX or g.nb * g.P > INT_MAX or g.cg * g.H * g.W > INT_MAX:
        raise ValueError("%s: extents above %d are not supported, but got %s %s, %s %s"
                         % (kernel, INT_MAX, x_name, (<object>x).shape, w_name,
                            (<object>w).shape))
    return t


cdef inline void _require_blas() except *:
    if _blas.sgemm == NULL or _blas.dgemm == NULL:
        raise RuntimeError("mindcell._C.conv: no BLAS bound; import mindcell first")


cdef Py_ssize_t _forced_team = 0


def set_block_team(Py_ssize_t team):
    """Threads that share the blocks of a convolution: 0 (default) lets each call choose from
    the thread count of now and its shape; n >= 1 forces n (1: the blocks in order, each
    product split by the BLAS). The results do not depend on it. For tests and
    measurements."""
    global _forced_team
    if team < 0:
        raise ValueError("set_block_team: expects team >= 0, but got %d" % team)
    _forced_team = team


# A block's products below this many multiply-adds are left whole to one thread each (a team
# of threads shares the blocks): OpenBLAS runs products under ~1M multiply-adds on one
# thread and splits a few million poorly over two, and a block's im2col and product split
# separately wake the OpenMP and the BLAS threads in turn, while a team needs one parallel
# region per call. Below 128M: every W9 layer with two blocks or more except the 128-channel
# stride-2 one (2 blocks of 302M), which measured 1.08x slower shared. Filter gradients of such blocks sum them in up to MAX_CHAINS chains (a partial
# of at most CHAIN_MAX_PART floats each), so that the team can share them.
cdef Py_ssize_t TEAM_MNK = 128 << 20
cdef Py_ssize_t MAX_CHAINS = 4
cdef Py_ssize_t CHAIN_MAX_PART = 1 << 18


cdef void _plan(Geo* g, bint summed, Py_ssize_t part_n, Py_ssize_t mnk):
    """g.nch (filter gradients: chains of blocks, part_n floats each) from the shape only,
    and g.team: the threads of now when the blocks' products (mnk multiply-adds each) are
    small and there are units of work for two threads, else 1 (each product split by the
    BLAS). g.nb is kept, so the products and the bits are the same in either case."""
    cdef Py_ssize_t threads = _forced_team if _forced_team > 0 else mc_threads_adapted()
    cdef Py_ssize_t nblocks = (g.N + g.nb - 1) // g.nb
    cdef bint small = mnk < TEAM_MNK
    g.team = 1
    g.nch = 1
    if summed and small and part_n <= CHAIN_MAX_PART:
        g.nch = min(nblocks, MAX_CHAINS)
    if threads <= 1 or (_forced_team == 0 and not small):
        return
    g.team = <int>min(threads, g.nch if summed else nblocks)


cdef bint _winograd = True
cdef Py_ssize_t WINO_MIN_CHANNELS = 16  # below, the im2col products are as short and cheaper
# Floats of one thread's transformed tiles (V and M) and the fewest tiles per block: blocks of
# 256 KB or less measured faster (one 32x32 or 16x16 image at a time), unless the products
# get narrower than 64 tiles (8x8 images: 4 at a time).
cdef Py_ssize_t WINO_BUDGET = 1 << 18
cdef Py_ssize_t WINO_MIN_TILES = 64
# The smallest results (and inputs) of the forward and input gradient on Winograd: 4x4
# images measured faster by im2col than by F(2x2, 3x3) (4 tiles each), but F(4x4, 3x3) (one
# tile each, 4x fewer products than im2col) took 0.56x (forward) and 0.34x (input gradient)
# of im2col's time at 512 channels (W9's last stage, one thread).
cdef Py_ssize_t WINO_MIN_SIZE = 8
cdef Py_ssize_t WINO4_MIN_SIZE = 4
cdef Py_ssize_t WINO_MIN_SIZE_FILTER = 4  # except the filter gradient: 0.81x there


cdef Py_ssize_t _forced_tile = 0


# F(4x4, 3x3) by default: per layer on W9's shapes it took 0.59x / 0.61x / 0.69x of
# F(2x2, 3x3)'s time (forward / input gradient / filter gradient, one thread) on 64-channel
# 32x32 results, 0.90x / 0.86x / 0.89x on 128-channel 16x16 and 0.77x / 0.76x on 256-channel
# 8x8 ones; the filter gradient keeps F(2x2, 3x3) below 16-wide results (1.08x on 8x8,
# 2.8x on 4x4: a few tiles per image and channel).
cdef Py_ssize_t WINO4_MIN_WIDTH_FILTER = 16


cdef Py_ssize_t _wino_tile(int kind, const Geo* g) noexcept nogil:
    """The output tile of a Winograd call on g (the geometry of the convolution it computes:
    for the input gradient, that of dy with the flipped filter): F(4x4, 3x3) (4), 2.25x fewer
    products than F(2x2, 3x3) (2) per output, except for the filter gradient of results
    narrower than WINO4_MIN_WIDTH_FILTER."""
    if _forced_tile:
        return _forced_tile
    if kind == CONV_BWD_FILTER and g.Wo < WINO4_MIN_WIDTH_FILTER:
        return 2
    return 4


def set_winograd_tile(Py_ssize_t tile):
    """The Winograd output tile: 0 (default) chooses per call, 2 forces F(2x2, 3x3), 4
    F(4x4, 3x3). For tests and measurements."""
    global _forced_tile
    if tile not in (0, 2, 4):
        raise ValueError("set_winograd_tile: expects tile 0, 2 or 4, but got %d" % tile)
    _forced_tile = tile


def set_winograd(bint flag, Py_ssize_t budget=0):
    """Whether float32 3x3 stride-1 convolutions of one group (forward and both gradients,
    at least 16 channels in and out, results at least 4x4; 8x8 for the forward and input
    gradient when F(2x2, 3x3) is forced) use
    Winograd (default: F(4x4, 3x3), F(2x2, 3x3) for the filter gradient of results under
    16 wide; see set_winograd_tile) or im2col + GEMM, and (budget > 0) how many floats one thread's transformed
    tiles may take (default 2**18). For tests and measurements; float64 always takes
    im2col + GEMM (exact sums)."""
    global _winograd, WINO_BUDGET
    if budget < 0:
        raise ValueError("set_winograd: expects budget >= 0, but got %d" % budget)
    _winograd = flag
    if budget > 0:
        WINO_BUDGET = budget


# Winograd's transformed filter of the largest layers (36 planes of 512 x 512 floats, 38 MB
# for W9's last stage) is above malloc's mmap threshold (32 MB, mindcell/_malloc.py): a fresh
# array per call faulted in and zeroed all its pages each time (a third of that forward's
# time, one thread). Such buffers are kept: one spare, the largest asked for, taken and given
# back under the GIL (a concurrent call makes its own).
cdef Py_ssize_t KEEP_FLOATS = 4 << 20
cdef object _spare = None


cdef cnp.ndarray _take_floats(cnp.npy_intp n):
    global _spare
    cdef cnp.ndarray b
    if n >= KEEP_FLOATS and _spare is not None \
            and cnp.PyArray_DIMS(<cnp.ndarray>_spare)[0] >= n:
        b = <cnp.ndarray>_spare
        _spare = None
        return b
    return cnp.PyArray_EMPTY(1, &n, cnp.NPY_FLOAT32, 0)


cdef void _give_back(cnp.ndarray b):
    global _spare
    if cnp.PyArray_DIMS(b)[0] >= KEEP_FLOATS and (
            _spare is None or cnp.PyArray_DIMS(<cnp.ndarray>_spare)[0] < cnp.PyArray_DIMS(b)[0]):
        _spare = b


cdef void _run_winograd(int kind, cnp.ndarray a, cnp.ndarray b, cnp.ndarray c, Geo* g):
    """The forward (x, w) -> out, or the input gradient (dy, w) -> dx as the convolution of
    dy with w flipped and transposed at padding 2 - p, by Winograd (the tile of _wino_tile)
    in blocks of images (_conv_blocks with CONV_WINO); the filter is transformed once per
    call."""
    cdef Geo wg = g[0]
    if kind == CONV_BWD_INPUT:
        wg.C, wg.O, wg.H, wg.W, wg.Ho, wg.Wo = g.O, g.C, g.Ho, g.Wo, g.H, g.W
        wg.pt, wg.pl = 2 - g.pt, 2 - g.pl
    wg.wm = _wino_tile(kind, &wg)
    cdef Py_ssize_t NP = (wg.wm + 2) * (wg.wm + 2)
    wg.th, wg.tw = (wg.Ho + wg.wm - 1) // wg.wm, (wg.Wo + wg.wm - 1) // wg.wm
    cdef Py_ssize_t tiles = wg.th * wg.tw
    wg.nb = max(1, WINO_BUDGET // max(NP * (wg.C + wg.O) * tiles, 1),
                (WINO_MIN_TILES + tiles - 1) // tiles)
    wg.nb = min(wg.nb, wg.N)
    _plan(&wg, kind == CONV_BWD_FILTER, NP * wg.O * wg.C, wg.O * wg.C * wg.nb * tiles)
    cdef Py_ssize_t T = wg.nb * tiles
    wg.cols_n = NP * _wino_plane(wg.C * T) + _wino_rows_n(&wg) * max(mc_get_threads(), 1)
    wg.tmp_n = NP * _wino_plane(wg.O * T)
    if kind == CONV_BWD_FILTER:
        _run_winograd_filter(a, b, c, &wg)
        return
    cdef cnp.npy_intp nu = NP * wg.O * wg.C
    cdef cnp.npy_intp ncols = wg.cols_n * wg.team
    cdef cnp.npy_intp ntmp = wg.tmp_n * wg.team
    cdef cnp.ndarray U = _take_floats(nu)
    cdef cnp.ndarray V = cnp.PyArray_EMPTY(1, &ncols, cnp.NPY_FLOAT32, 0)
    cdef cnp.ndarray M = cnp.PyArray_EMPTY(1, &ntmp, cnp.NPY_FLOAT32, 0)
    cdef float* pa = <float*>cnp.PyArray_DATA(a)
    cdef float* pw = <float*>cnp.PyArray_DATA(b)
    cdef float* pc = <float*>cnp.PyArray_DATA(c)
    cdef float* pu = <float*>cnp.PyArray_DATA(U)
    cdef float* pv = <float*>cnp.PyArray_DATA(V)
    cdef float* pm = <float*>cnp.PyArray_DATA(M)
    with nogil:
        _wino_filter(pw, wg.O, wg.C, kind == CONV_BWD_INPUT, pu, wg.wm)
        _conv_blocks[float](CONV_WINO, pa, pu, pc, pv, pm, NULL, &wg)
    _give_back(U)


cdef void _run_winograd_filter(cnp.ndarray dy, cnp.ndarray x, cnp.ndarray dw, Geo* wg):
    """The filter gradient by Winograd F(2x2, 3x3) or F(4x4, 3x3): the gradient of the
    transformed filter dU (16, O, C; 36 planes for F(4x4, 3x3)), summed over the blocks'
    tiles (in g.nch chains, see _conv_blocks), then dw = G^T dU G."""
    cdef Py_ssize_t NP = (wg.wm + 2) * (wg.wm + 2)
    wg.K = NP * wg.C  # the partials of _conv_blocks: (O, NP*C) each
    cdef cnp.npy_intp nu = NP * wg.O * wg.C
    cdef cnp.npy_intp ncols = wg.cols_n * wg.team
    cdef cnp.npy_intp ntmp = wg.tmp_n * wg.team
    cdef cnp.npy_intp npart = max(nu * (wg.nch - 1), 1)
    cdef cnp.ndarray dU = _take_floats(nu)
    cdef cnp.ndarray V = cnp.PyArray_EMPTY(1, &ncols, cnp.NPY_FLOAT32, 0)
    cdef cnp.ndarray M = cnp.PyArray_EMPTY(1, &ntmp, cnp.NPY_FLOAT32, 0)
    cdef cnp.ndarray part = cnp.PyArray_EMPTY(1, &npart, cnp.NPY_FLOAT32, 0)
    cdef float* pdy = <float*>cnp.PyArray_DATA(dy)
    cdef float* px = <float*>cnp.PyArray_DATA(x)
    cdef float* pdw = <float*>cnp.PyArray_DATA(dw)
    cdef float* pu = <float*>cnp.PyArray_DATA(dU)
    cdef float* pv = <float*>cnp.PyArray_DATA(V)
    cdef float* pm = <float*>cnp.PyArray_DATA(M)
    cdef float* pp = <float*>cnp.PyArray_DATA(part)
    with nogil:
        _conv_blocks[float](CONV_WINO_FILTER, pdy, px, pu, pv, pm, pp, wg)
        _wino_filter_grad(pu, wg.O, wg.C, pdw, wg.wm)
    _give_back(dU)


cdef void _run_conv(int kind, int t, cnp.ndarray a, cnp.ndarray b, cnp.ndarray c, Geo* g):
    """Plan the blocks (_plan), make each thread's column buffer (K, nb*P; none when one
    image of a 1x1 stride-1 convolution is its own), staging buffer (og, nb*P, for blocks of
    several images) and, for the filter gradient, the (O, K) partials of chains 1..nch-1,
    then run one kernel on (a, b) -> c: (x, w) -> out, (dy, w) -> dx or (dy, x) -> dw, in
    float32 or float64, without the GIL."""
    if _winograd and t == cnp.NPY_FLOAT32 and g.G == 1 \
            and g.kh == 3 and g.kw == 3 and g.sh == 1 and g.sw == 1 and g.dh == 1 \
            and g.dw == 1 and g.C >= WINO_MIN_CHANNELS and g.O >= WINO_MIN_CHANNELS \
            and min(g.Ho, g.Wo, g.H, g.W) >= (
                WINO_MIN_SIZE_FILTER if kind == CONV_BWD_FILTER
                else WINO_MIN_SIZE if _forced_tile == 2 else WINO4_MIN_SIZE):
        _run_winograd(kind, a, b, c, g)
        return
    _plan(g, kind == CONV_BWD_FILTER, g.O * g.K, g.og * g.K * g.nb * g.P)
    g.cols_n = 0 if (g.direct and g.nb == 1) else g.K * g.nb * g.P
    g.tmp_n = g.og * g.nb * g.P if g.nb > 1 else 0
    cdef cnp.npy_intp ncols = max(g.cols_n * g.team, 1)
    cdef cnp.npy_intp ntmp = max(g.tmp_n * g.team, 1)
    cdef cnp.npy_intp npart = max(g.O * g.K * (g.nch - 1), 1) if kind == CONV_BWD_FILTER else 1
    cdef cnp.ndarray cols = cnp.PyArray_EMPTY(1, &ncols, t, 0)
    cdef cnp.ndarray tmp = cnp.PyArray_EMPTY(1, &ntmp, t, 0)
    cdef cnp.ndarray part = cnp.PyArray_EMPTY(1, &npart, t, 0)
    cdef void* pa = cnp.PyArray_DATA(a)
    cdef void* pb = cnp.PyArray_DATA(b)
    cdef void* pc = cnp.PyArray_DATA(c)
    cdef void* pcols = cnp.PyArray_DATA(cols)
    cdef void* ptmp = cnp.PyArray_DATA(tmp)
    cdef void* ppart = cnp.PyArray_DATA(part)
    with nogil:
        if t == cnp.NPY_FLOAT32:
            _conv_blocks[float](kind, <float*>pa, <float*>pb, <float*>pc, <float*>pcols,
                                <float*>ptmp, <float*>ppart, g)
        else:
            _conv_blocks[double](kind, <double*>pa, <double*>pb, <double*>pc, <double*>pcols,
                                 <double*>ptmp, <double*>ppart, g)


def conv2d_fwd(cnp.ndarray x, cnp.ndarray w, int sh, int sw, int pt, int pl, int dh, int dw,
               int groups, cnp.ndarray out, Py_ssize_t nb=1):
    """out (N, O, Ho, Wo) = the convolution of x (N, C, H, W) with w (O, C/groups, kh, kw),
    stride (sh, sw), zero padding pt rows above and pl columns left (Ho and Wo set the rest),
    dilation (dh, dw), computed nb images at a time."""
    _require_blas()
    cdef Geo g
    cdef int t = _conv_geo("conv2d_fwd", x, w, out, sh, sw, pt, pl, dh, dw, groups, nb, &g,
                           "x", "w", "out", 2)
    if g.N * g.O * g.P == 0:
        return
    if g.K == 0:
        out[...] = 0
        return
    _run_conv(CONV_FWD, t, x, w, out, &g)


def conv2d_bwd_input(cnp.ndarray dy, cnp.ndarray w, int sh, int sw, int pt, int pl, int dh,
                     int dw, int groups, cnp.ndarray dx, Py_ssize_t nb=1):
    """dx (N, C, H, W; overwritten) = the gradient of conv2d_fwd's input for the output
    gradient dy (N, O, Ho, Wo) and the filter w (O, C/groups, kh, kw)."""
    _require_blas()
    cdef Geo g
    cdef int t = _conv_geo("conv2d_bwd_input", dx, w, dy, sh, sw, pt, pl, dh, dw, groups, nb,
                           &g, "dx", "w", "dy", 0)
    if g.N * g.C * g.H * g.W == 0:
        return
    if g.P == 0 or g.og == 0:
        dx[...] = 0
        return
    _run_conv(CONV_BWD_INPUT, t, dy, w, dx, &g)


def conv2d_bwd_filter(cnp.ndarray dy, cnp.ndarray x, int sh, int sw, int pt, int pl, int dh,
                      int dw, int groups, cnp.ndarray dw_out, Py_ssize_t nb=1):
    """dw_out (O, C/groups, kh, kw; overwritten) = the gradient of conv2d_fwd's filter for
    the input x (N, C, H, W) and the output gradient dy (N, O, Ho, Wo), accumulated over
    blocks of nb images."""
    _require_blas()
    cdef Geo g
    cdef int t = _conv_geo("conv2d_bwd_filter", x, dw_out, dy, sh, sw, pt, pl, dh, dw, groups,
                           nb, &g, "x", "dw_out", "dy", 1)
    if g.O * g.K == 0:
        return
    if g.N * g.P == 0:
        dw_out[...] = 0
        return
    _run_conv(CONV_BWD_FILTER, t, dy, x, dw_out, &g)


def im2col(cnp.ndarray x, int kh, int kw, int sh, int sw, int pt, int pl, int dh, int dw,
           Py_ssize_t Ho, Py_ssize_t Wo, cnp.ndarray cols):
    """cols[(c*kh + i)*kw + j, (n*Ho + oh)*Wo + ow] = x[n, c, oh*sh - pt + i*dh, ...] (0 pad);
    x (N, C, H, W), cols (C*kh*kw, N*Ho*Wo)."""
    cdef int t = float_type("im2col", "x", x)
    _nchw("im2col", "x", x, t, False)
    need_array("im2col", "cols", cols, 2, t, True)
    _cols_shape("im2col", cols, x, kh, kw, sh, sw, dh, dw, Ho, Wo)
    if t == cnp.NPY_FLOAT32:
        _im2col[float](x, kh, kw, sh, sw, pt, pl, dh, dw, Ho, Wo, cols)
    else:
        _im2col[double](x, kh, kw, sh, sw, pt, pl, dh, dw, Ho, Wo, cols)


def col2im(cnp.ndarray cols, int kh, int kw, int sh, int sw, int pt, int pl, int dh, int dw,
           Py_ssize_t Ho, Py_ssize_t Wo, cnp.ndarray x):
    """The adjoint of im2col: x (N, C, H, W; zeroed by the caller) += scattered columns."""
    cdef int t = float_type("col2im", "cols", cols)
    need_array("col2im", "cols", cols, 2, t, False)
    _nchw("col2im", "x", x, t, True)
    _cols_shape("col2im", cols, x, kh, kw, sh, sw, dh, dw, Ho, Wo)
    if t == cnp.NPY_FLOAT32:
        _col2im[float](cols, kh, kw, sh, sw, pt, pl, dh, dw, Ho, Wo, x)
    else:
        _col2im[double](cols, kh, kw, sh, sw, pt, pl, dh, dw, Ho, Wo, x)


def max_pool_fwd(cnp.ndarray x, int kh, int kw, int sh, int sw, int pt, int pl,
                 cnp.ndarray y, cnp.ndarray argmax):
    """Max over each window (padding ignored); argmax (int64, y's shape) = flat index in the
    H*W plane of the first maximum (a NaN wins and stays), -1 for a window without input."""
    cdef int t = float_type("max_pool_fwd", "x", x)
    _window("max_pool_fwd", kh, kw, sh, sw)
    _nchw("max_pool_fwd", "x", x, t, False)
    _nchw("max_pool_fwd", "y", y, t, True)
    need_array("max_pool_fwd", "argmax", argmax, 4, cnp.NPY_INT64, True)
    _same_nc("max_pool_fwd", "y", y, "x", x)
    _same_nc("max_pool_fwd", "argmax", argmax, "y", y, 4)
    if t == cnp.NPY_FLOAT32:
        _max_pool_fwd[float](x, kh, kw, sh, sw, pt, pl, y, argmax)
    else:
        _max_pool_fwd[double](x, kh, kw, sh, sw, pt, pl, y, argmax)


def max_pool_bwd(cnp.ndarray dy, cnp.ndarray argmax, cnp.ndarray dx):
    """dx (N, C, H, W; zeroed by the caller) += dy routed to each window's argmax (int64,
    dy's shape, entries -1 or in [0, H*W))."""
    cdef int t = float_type("max_pool_bwd", "dy", dy)
    _nchw("max_pool_bwd", "dy", dy, t, False)
    need_array("max_pool_bwd", "argmax", argmax, 4, cnp.NPY_INT64, False)
    _nchw("max_pool_bwd", "dx", dx, t, True)
    _same_nc("max_pool_bwd", "argmax", argmax, "dy", dy, 4)
    _same_nc("max_pool_bwd", "dx", dx, "dy", dy)
    if t == cnp.NPY_FLOAT32:
        _max_pool_bwd[float](dy, argmax, dx)
    else:
        _max_pool_bwd[double](dy, argmax, dx)


def max_pool2x2_fwd(cnp.ndarray x, cnp.ndarray y):
    """y (N, C, H // 2, W // 2) = the maxima of the 2x2, stride-2 windows of x (N, C, H, W)
    (a last odd row / column left out; the first maximum, a NaN wins), without an argmax."""
    cdef int t = float_type("max_pool2x2_fwd", "x", x)
    _nchw("max_pool2x2_fwd", "x", x, t, False)
    _nchw("max_pool2x2_fwd", "y", y, t, True)
    _same_nc("max_pool2x2_fwd", "y", y, "x", x)
    _half_plane("max_pool2x2_fwd", "y", y, x)
    cdef Py_ssize_t planes = x.shape[0] * x.shape[1]
    cdef void* px = cnp.PyArray_DATA(x)
    cdef void* py = cnp.PyArray_DATA(y)
    with nogil:
        if t == cnp.NPY_FLOAT32:
            _max_pool2x2_planes[float](False, <float*>px, NULL, planes, x.shape[2], x.shape[3],
                                       y.shape[2], y.shape[3], <float*>py)
        else:
            _max_pool2x2_planes[double](False, <double*>px, NULL, planes, x.shape[2],
                                        x.shape[3], y.shape[2], y.shape[3], <double*>py)


def max_pool2x2_bwd(cnp.ndarray x, cnp.ndarray dy, cnp.ndarray dx):
    """dx (N, C, H, W; overwritten) = the gradient of max_pool2x2_fwd for the input x and the
    output gradient dy (N, C, H // 2, W // 2): dy at each window's first maximum, 0 elsewhere
    (the maxima found again from x: no argmax array to write, read or scatter through)."""
    cdef int t = float_type("max_pool2x2_bwd", "x", x)
    _nchw("max_pool2x2_bwd", "x", x, t, False)
    _nchw("max_pool2x2_bwd", "dy", dy, t, False)
    _nchw("max_pool2x2_bwd", "dx", dx, t, True)
    _same_nc("max_pool2x2_bwd", "dy", dy, "x", x)
    _same_nc("max_pool2x2_bwd", "dx", dx, "x", x)
    if dx.shape[2] != x.shape[2] or dx.shape[3] != x.shape[3]:
        raise ValueError("max_pool2x2_bwd: 'dx' must have the shape of 'x' %s, but got %s"
                         % ((<object>x).shape, (<object>dx).shape))
    _half_plane("max_pool2x2_bwd", "dy", dy, x)
    cdef Py_ssize_t planes = x.shape[0] * x.shape[1]
    cdef void* px = cnp.PyArray_DATA(x)
    cdef void* pdy = cnp.PyArray_DATA(dy)
    cdef void* pdx = cnp.PyArray_DATA(dx)
    with nogil:
        if t == cnp.NPY_FLOAT32:
            _max_pool2x2_planes[float](True, <float*>px, <float*>pdy, planes, x.shape[2],
                                       x.shape[3], dy.shape[2], dy.shape[3], <float*>pdx)
        else:
            _max_pool2x2_planes[double](True, <double*>px, <double*>pdy, planes, x.shape[2],
                                        x.shape[3], dy.shape[2], dy.shape[3], <double*>pdx)


def avg_pool_fwd(cnp.ndarray x, int kh, int kw, int sh, int sw, int pt, int pl,
                 bint count_include_pad, cnp.ndarray y):
    """Mean over each window of x (N, C, H, W) into y (N, C, Ho, Wo)."""
    cdef int t = float_type("avg_pool_fwd", "x", x)
    _window("avg_pool_fwd", kh, kw, sh, sw)
    _nchw("avg_pool_fwd", "x", x, t, False)
    _nchw("avg_pool_fwd", "y", y, t, True)
    _same_nc("avg_pool_fwd", "y", y, "x", x)
    if t == cnp.NPY_FLOAT32:
        _avg_pool_fwd[float](x, kh, kw, sh, sw, pt, pl, count_include_pad, y)
    else:
        _avg_pool_fwd[double](x, kh, kw, sh, sw, pt, pl, count_include_pad, y)


def avg_pool_bwd(cnp.ndarray dy, int kh, int kw, int sh, int sw, int pt, int pl,
                 bint count_include_pad, cnp.ndarray dx):
    """dx (N, C, H, W; zeroed by the caller) += each window's dy (N, C, Ho, Wo) / divisor."""
    cdef int t = float_type("avg_pool_bwd", "dy", dy)
    _window("avg_pool_bwd", kh, kw, sh, sw)
    _nchw("avg_pool_bwd", "dy", dy, t, False)
    _nchw("avg_pool_bwd", "dx", dx, t, True)
    _same_nc("avg_pool_bwd", "dx", dx, "dy", dy)
    if t == cnp.NPY_FLOAT32:
        _avg_pool_bwd[float](dy, kh, kw, sh, sw, pt, pl, count_include_pad, dx)
    else:
        _avg_pool_bwd[double](dy, kh, kw, sh, sw, pt, pl, count_include_pad, dx)
