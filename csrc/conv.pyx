# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Convolution helpers (im2col / col2im around BLAS GEMM) and pooling forward/backward for
NCHW tensors with asymmetric zero padding, stride and dilation. Parallel over the batch."""
cimport numpy as cnp
from cython.parallel cimport prange
from _common cimport real

cnp.import_array()


def im2col(real[:, :, :, ::1] x, int kh, int kw, int sh, int sw, int pt, int pl, int dh,
           int dw, Py_ssize_t Ho, Py_ssize_t Wo, real[:, ::1] cols):
    """cols[(c*kh + i)*kw + j, (n*Ho + oh)*Wo + ow] = x[n, c, oh*sh - pt + i*dh, ...] (0 pad)."""
    cdef Py_ssize_t N = x.shape[0], C = x.shape[1], H = x.shape[2], W = x.shape[3]
    cdef Py_ssize_t n, c, i, j, oh, ow, row, col, ih, iw
    with nogil:
        for n in prange(N, schedule="static", num_threads=2 if N > 1 else 1):
            for c in range(C):
                for i in range(kh):
                    for j in range(kw):
                        row = (c * kh + i) * kw + j
                        for oh in range(Ho):
                            ih = oh * sh - pt + i * dh
                            col = (n * Ho + oh) * Wo
                            if ih < 0 or ih >= H:
                                for ow in range(Wo):
                                    cols[row, col + ow] = 0
                                continue
                            for ow in range(Wo):
                                iw = ow * sw - pl + j * dw
                                if iw < 0 or iw >= W:
                                    cols[row, col + ow] = 0
                                else:
                                    cols[row, col + ow] = x[n, c, ih, iw]


def col2im(real[:, ::1] cols, int kh, int kw, int sh, int sw, int pt, int pl, int dh, int dw,
           Py_ssize_t Ho, Py_ssize_t Wo, real[:, :, :, ::1] x):
    """The adjoint of im2col: x (zeroed by the caller) += scattered columns."""
    cdef Py_ssize_t N = x.shape[0], C = x.shape[1], H = x.shape[2], W = x.shape[3]
    cdef Py_ssize_t n, c, i, j, oh, ow, row, col, ih, iw
    with nogil:
        for n in prange(N, schedule="static", num_threads=2 if N > 1 else 1):
            for c in range(C):
                for i in range(kh):
                    for j in range(kw):
                        row = (c * kh + i) * kw + j
                        for oh in range(Ho):
                            ih = oh * sh - pt + i * dh
                            if ih < 0 or ih >= H:
                                continue
                            col = (n * Ho + oh) * Wo
                            for ow in range(Wo):
                                iw = ow * sw - pl + j * dw
                                if iw >= 0 and iw < W:
                                    x[n, c, ih, iw] += cols[row, col + ow]


def max_pool_fwd(real[:, :, :, ::1] x, int kh, int kw, int sh, int sw, int pt, int pl,
                 real[:, :, :, ::1] y, long long[:, :, :, ::1] argmax):
    """Max over each window (padding ignored); argmax = flat index in the H*W plane of the
    first maximum."""
    cdef Py_ssize_t N = x.shape[0], C = x.shape[1], H = x.shape[2], W = x.shape[3]
    cdef Py_ssize_t Ho = y.shape[2], Wo = y.shape[3], nc, oh, ow, i, j, ih, iw, best
    cdef real m
    with nogil:
        for nc in prange(N * C, schedule="static", num_threads=2 if N * C > 1 else 1):
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
                            if best < 0 or x[nc // C, nc % C, ih, iw] > m or \
                                    x[nc // C, nc % C, ih, iw] != x[nc // C, nc % C, ih, iw]:
                                if best >= 0 and m != m:
                                    continue
                                m = x[nc // C, nc % C, ih, iw]
                                best = ih * W + iw
                    y[nc // C, nc % C, oh, ow] = m
                    argmax[nc // C, nc % C, oh, ow] = best


def max_pool_bwd(real[:, :, :, ::1] dy, long long[:, :, :, ::1] argmax,
                 real[:, :, :, ::1] dx):
    """dx (zeroed by the caller) += dy routed to each window's argmax."""
    cdef Py_ssize_t N = dy.shape[0], C = dy.shape[1], Ho = dy.shape[2], Wo = dy.shape[3]
    cdef Py_ssize_t W = dx.shape[3], nc, oh, ow, k
    with nogil:
        for nc in prange(N * C, schedule="static", num_threads=2 if N * C > 1 else 1):
            for oh in range(Ho):
                for ow in range(Wo):
                    k = argmax[nc // C, nc % C, oh, ow]
                    if k >= 0:
                        dx[nc // C, nc % C, k // W, k % W] += dy[nc // C, nc % C, oh, ow]


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
