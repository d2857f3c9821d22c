"""Numpy image resizing with OpenCV's sampling (what MindSpore's CPU kernels use): LINEAR
samples at half-pixel centres clamped to the border, NEAREST at ``floor(dst * scale)``.
Integer images are rounded and saturated; OpenCV's uint8 path uses 11-bit fixed-point weights,
so uint8 results can differ from it by 1."""
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


def _like(values, dtype):
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        return np.clip(np.rint(values), info.min, info.max).astype(dtype)
    if dtype == np.bool_:
        return values >= 0.5
    return values.astype(dtype)
