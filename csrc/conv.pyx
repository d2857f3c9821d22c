# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Convolution helpers (im2col / col2im around BLAS GEMM) and pooling forward/backward for
NCHW tensors with asymmetric zero padding, stride and dilation. Parallel over the batch.
Buffer shapes, dtypes, contiguity and window sizes are checked before the GIL is released."""
cimport numpy as cnp
from cython.parallel cimport prange
from _threads cimport mc_threads_if
from _common cimport real
from _check cimport float_type, need_array, need_dim, need_positive

cnp.import_array()
include "_threads.pxi"


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
