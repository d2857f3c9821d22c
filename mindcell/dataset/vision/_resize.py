"""Numpy image resizing with OpenCV's sampling (what MindSpore's CPU kernels use): LINEAR
samples at half-pixel centres clamped to the border, NEAREST at ``floor(dst * scale)``, CUBIC
the 4 taps of the A = -0.75 kernel around the half-pixel centre (border pixels repeated), AREA
the source pixels' overlap with the output pixel when shrinking both axes (else OpenCV's
area-weighted linear rule). Integer images are rounded and saturated; OpenCV's uint8 path
uses fixed-point weights, so uint8 results can differ from it by 1."""
import numpy as np


def _linear_axis(n_in, n_out):
    src = (np.arange(n_out) + 0.5) * (n_in / n_out) - 0.5
    src = np.clip(src, 0, n_in - 1)
    i0 = np.floor(src).astype(np.int64)
    i1 = np.minimum(i0 + 1, n_in - 1)
    return i0, i1, src - i0


def resize_linear(img, out_h, out_w):
    h, w = img.shape[:2]
    y0, y1, wy = _linear_axis(h, out_h)
    x0, x1, wx = _linear_axis(w, out_w)
    extra = (1,) * (img.ndim - 2)
    wy = wy.reshape((-1, 1) + extra)
    wx = wx.reshape((1, -1) + extra)
    f = img.astype(np.float64)
    top = f[y0][:, x0] * (1 - wx) + f[y0][:, x1] * wx
    bottom = f[y1][:, x0] * (1 - wx) + f[y1][:, x1] * wx
    return _like(top * (1 - wy) + bottom * wy, img.dtype)


def resize_nearest(img, out_h, out_w):
    h, w = img.shape[:2]
    ys = np.minimum(np.floor(np.arange(out_h) * (h / out_h)).astype(np.int64), h - 1)
    xs = np.minimum(np.floor(np.arange(out_w) * (w / out_w)).astype(np.int64), w - 1)
    return img[ys][:, xs]


_A = -0.75  # OpenCV's bicubic kernel parameter


def _cubic_axis(n_in, n_out):
    """The (n_out, n_in) matrix of bicubic weights along one axis."""
    src = (np.arange(n_out) + 0.5) * (n_in / n_out) - 0.5
    base = np.floor(src)
    f = src - base
    w0 = ((_A * (f + 1) - 5 * _A) * (f + 1) + 8 * _A) * (f + 1) - 4 * _A
    w1 = ((_A + 2) * f - (_A + 3)) * f * f + 1
    w2 = ((_A + 2) * (1 - f) - (_A + 3)) * (1 - f) * (1 - f) + 1
    weights = np.stack([w0, w1, w2, 1 - w0 - w1 - w2], 1)
    taps = np.clip(base[:, None].astype(np.int64) + np.arange(-1, 3), 0, n_in - 1)
    m = np.zeros((n_out, n_in))
    np.add.at(m, (np.repeat(np.arange(n_out), 4), taps.ravel()), weights.ravel())
    return m


def _area_axis(n_in, n_out, shrink):
    """The (n_out, n_in) matrix of INTER_AREA weights along one axis."""
    scale = n_in / n_out
    m = np.zeros((n_out, n_in))
    if shrink:  # each output pixel averages the source interval it covers
        lo = np.arange(n_out) * scale
        for j in range(n_in):
            m[:, j] = np.clip(np.minimum(lo + scale, j + 1) - np.maximum(lo, j), 0, None)
        return m / scale
    d = np.arange(n_out)
    sx = np.floor(d * scale).astype(np.int64)
    f = (d + 1) - (sx + 1) / scale
    f = np.where(f <= 0, 0.0, f - np.floor(f))
    np.add.at(m, (d, np.minimum(sx, n_in - 1)), 1 - f)
    np.add.at(m, (d, np.minimum(sx + 1, n_in - 1)), f)
    return m


def _separable(img, my, mx):
    out = np.tensordot(my, img.astype(np.float64), axes=(1, 0))
    out = np.moveaxis(np.tensordot(mx, out, axes=(1, 1)), 0, 1)
    return _like(out, img.dtype)


def resize_cubic(img, out_h, out_w):
    h, w = img.shape[:2]
    return _separable(img, _cubic_axis(h, out_h), _cubic_axis(w, out_w))


def resize_area(img, out_h, out_w):
    h, w = img.shape[:2]
    shrink = h >= out_h and w >= out_w
    return _separable(img, _area_axis(h, out_h, shrink), _area_axis(w, out_w, shrink))


def _like(values, dtype):
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        return np.clip(np.rint(values), info.min, info.max).astype(dtype)
    if dtype == np.bool_:
        return values >= 0.5
    return values.astype(dtype)
