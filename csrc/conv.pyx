# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Convolution helpers (im2col / col2im around BLAS GEMM) and pooling forward/backward for
NCHW tensors with asymmetric zero padding, stride and dilation. Parallel over the batch."""
cimport numpy as cnp
from cython.parallel cimport prange
from _common cimport real

cnp.import_array()


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


def im2col(real[:, :, :, ::1] x, int kh, int kw, int sh, int sw, int pt, int pl, int dh,
           int dw, Py_ssize_t Ho, Py_ssize_t Wo, real[:, ::1] cols):
    """cols[(c*kh + i)*kw + j, (n*Ho + oh)*Wo + ow] = x[n, c, oh*sh - pt + i*dh, ...] (0 pad)."""
    cdef Py_ssize_t N = x.shape[0], C = x.shape[1], H = x.shape[2], W = x.shape[3]
    cdef Py_ssize_t n, c, i, j, oh, ow, row, ih, off, lo, hi
    cdef Span span
    cdef real* dst
    cdef const real* src
    with nogil:
        for n in prange(N, schedule="static", num_threads=2 if N > 1 else 1):
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


def col2im(real[:, ::1] cols, int kh, int kw, int sh, int sw, int pt, int pl, int dh, int dw,
           Py_ssize_t Ho, Py_ssize_t Wo, real[:, :, :, ::1] x):
    """The adjoint of im2col: x (zeroed by the caller) += scattered columns."""
    cdef Py_ssize_t N = x.shape[0], C = x.shape[1], H = x.shape[2], W = x.shape[3]
    cdef Py_ssize_t n, c, i, j, oh, ow, row, ih, off, lo, hi
    cdef Span span
    cdef const real* src
    cdef real* dst
    with nogil:
        for n in prange(N, schedule="static", num_threads=2 if N > 1 else 1):
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


cdef void _max_pool_2x2(const real* x, Py_ssize_t planes, Py_ssize_t H, Py_ssize_t W,
                        Py_ssize_t Ho, Py_ssize_t Wo, real* y, long long* argmax) noexcept nogil:
    """The common 2x2, stride 2, unpadded window: four loads per output, no bounds checks.
    Same rule as the general loop: the first maximum wins; a NaN wins and stays."""
    cdef Py_ssize_t p, oh, ow, k, best, q
    cdef const real* r0
    cdef real m, v
    for p in prange(planes, schedule="static", num_threads=2 if planes > 1 else 1):
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


def max_pool_fwd(real[:, :, :, ::1] x, int kh, int kw, int sh, int sw, int pt, int pl,
                 real[:, :, :, ::1] y, long long[:, :, :, ::1] argmax):
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
        _max_pool_2x2(&x[0, 0, 0, 0], N * C, H, W, Ho, Wo, &y[0, 0, 0, 0], &argmax[0, 0, 0, 0])
        return
    with nogil:
        for nc in prange(N * C, schedule="static", num_threads=2 if N * C > 1 else 1):
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


def max_pool_bwd(real[:, :, :, ::1] dy, long long[:, :, :, ::1] argmax,
                 real[:, :, :, ::1] dx):
    """dx (zeroed by the caller) += dy routed to each window's argmax."""
    cdef Py_ssize_t N = dy.shape[0], C = dy.shape[1], Ho = dy.shape[2], Wo = dy.shape[3]
    cdef Py_ssize_t H = dx.shape[2], W = dx.shape[3], nc, o, k
    cdef const real* gp
    cdef const long long* ap
    cdef real* dp
    with nogil:
        for nc in prange(N * C, schedule="static", num_threads=2 if N * C > 1 else 1):
            gp = &dy[0, 0, 0, 0] + nc * Ho * Wo
            ap = &argmax[0, 0, 0, 0] + nc * Ho * Wo
            dp = &dx[0, 0, 0, 0] + nc * H * W
            for o in range(Ho * Wo):
                k = ap[o]
                if k >= 0:
                    dp[k] += gp[o]


def avg_pool_fwd(real[:, :, :, ::1] x, int kh, int kw, int sh, int sw, int pt, int pl,
                 bint count_include_pad, real[:, :, :, ::1] y):
    cdef Py_ssize_t N = x.shape[0], C = x.shape[1], H = x.shape[2], W = x.shape[3]
    cdef Py_ssize_t Ho = y.shape[2], Wo = y.shape[3], nc, oh, ow, i, j, ih, iw, cnt
    cdef double s
    with nogil:
        for nc in prange(N * C, schedule="static", num_threads=2 if N * C > 1 else 1):
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


def avg_pool_bwd(real[:, :, :, ::1] dy, int kh, int kw, int sh, int sw, int pt, int pl,
                 bint count_include_pad, real[:, :, :, ::1] dx):
    """dx (zeroed by the caller) += each window's dy / divisor."""
    cdef Py_ssize_t N = dx.shape[0], C = dx.shape[1], H = dx.shape[2], W = dx.shape[3]
    cdef Py_ssize_t Ho = dy.shape[2], Wo = dy.shape[3], nc, oh, ow, i, j, ih, iw, cnt
    cdef double g
    with nogil:
        for nc in prange(N * C, schedule="static", num_threads=2 if N * C > 1 else 1):
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
