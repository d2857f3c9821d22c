"""Numpy image resizing with OpenCV's sampling (what MindSpore's CPU kernels use): LINEAR
samples at half-pixel centres clamped to the border, NEAREST at ``floor(dst * scale)``, CUBIC
the 4 taps of the A = -0.75 kernel around the half-pixel centre (border pixels repeated), AREA
the source pixels' overlap with the output pixel when shrinking both axes (else OpenCV's
area-weighted linear rule). Integer images are rounded and saturated. LINEAR on uint8 images
follows OpenCV's fixed-point path bit for bit (11-bit weights rounded from float32 positions, the
row pass in integers, the column pass with its shifts; an exact halving of both sides averages
2x2 blocks), as MindSpore's Resize does; the other kinds can differ from OpenCV's uint8 results
by 1. PILCUBIC is Pillow's bicubic resampling (A = -0.5, the kernel widened by the scale when
shrinking, 22-bit fixed-point weights, the horizontal pass first, each pass rounded and
saturated), as MindSpore's C++ kernel computes it on uint8 images."""
import numpy as np


def _linear_axis(n_in, n_out):
    src = (np.arange(n_out) + 0.5) * (n_in / n_out) - 0.5
    src = np.clip(src, 0, n_in - 1)
    i0 = np.floor(src).astype(np.int64)
    i1 = np.minimum(i0 + 1, n_in - 1)
    return i0, i1, src - i0


_COEF_BITS = 11  # OpenCV's INTER_RESIZE_COEF_BITS
_COEF_ONE = 1 << _COEF_BITS


def _fixed_axis(n_in, n_out):
    """OpenCV's uint8 bilinear taps along one axis: (first source index, its 11-bit weight,
    the next index, its weight); positions in float32 as cv::resize computes them."""
    scale = 1.0 / (n_out / n_in)
    f = ((np.arange(n_out) + 0.5) * scale - 0.5).astype(np.float32)
    i0 = np.floor(f).astype(np.int64)
    f = (f - i0.astype(np.float32)).astype(np.float32)
    return i0, f


def _weights(f):
    one = np.float32(_COEF_ONE)
    return (np.rint((np.float32(1) - f) * one).astype(np.int64),
            np.rint(f * one).astype(np.int64))


def _resize_linear_u8(img, out_h, out_w):
    h, w = img.shape[:2]
    if out_h * 2 == h and out_w * 2 == w:  # cv::resize takes INTER_AREA's 2x2 average here
        s = img.astype(np.int64)
        total = s[0::2, 0::2] + s[1::2, 0::2] + s[0::2, 1::2] + s[1::2, 1::2]
        return ((total + 2) >> 2).astype(np.uint8)
    x0, fx = _fixed_axis(w, out_w)
    low, high = x0 < 0, x0 >= w - 1  # the border columns take one source pixel
    fx[low | high] = 0
    x0 = np.clip(x0, 0, w - 1)
    ax0, ax1 = _weights(fx)
    x1 = np.minimum(x0 + 1, w - 1)
    extra = (1,) * (img.ndim - 2)
    s = img.astype(np.int64)
    rows = s[:, x0] * ax0.reshape((1, -1) + extra) + s[:, x1] * ax1.reshape((1, -1) + extra)
    y0, fy = _fixed_axis(h, out_h)  # rows are clamped, their weights are not
    by0, by1 = _weights(fy)
    r0 = rows[np.clip(y0, 0, h - 1)] >> 4
    r1 = rows[np.clip(y0 + 1, 0, h - 1)] >> 4
    by0 = by0.reshape((-1, 1) + extra)
    by1 = by1.reshape((-1, 1) + extra)
    out = (((by0 * r0) >> 16) + ((by1 * r1) >> 16) + 2) >> 2
    return np.clip(out, 0, 255).astype(np.uint8)


def resize_linear(img, out_h, out_w):
    h, w = img.shape[:2]
    if img.dtype == np.uint8:
        return _resize_linear_u8(img, out_h, out_w)
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


_PIL_BITS = 22  # Pillow's PRECISION_BITS for 8-bit images


def _pil_cubic_axis(n_in, n_out):
    """The (n_out, n_in) matrix of Pillow's normalized bicubic weights along one axis."""
    scale = n_in / n_out
    widen = max(scale, 1.0)  # shrinking widens the kernel to cover every source pixel
    support = 2.0 * widen
    m = np.zeros((n_out, n_in))
    for j in range(n_out):
        centre = (j + 0.5) * scale
        lo = max(int(centre - support + 0.5), 0)
        hi = min(int(centre + support + 0.5), n_in)
        t = np.abs((np.arange(lo, hi) - centre + 0.5) / widen)
        w = np.where(t < 1, (1.5 * t - 2.5) * t * t + 1,
                     np.where(t < 2, ((t - 5) * t + 8) * t * -0.5 + 2.0, 0.0))
        total = w.sum()
        m[j, lo:hi] = w / total if total != 0 else w
    return m


def _pil_pass(img, m, axis):
    """One Pillow resampling pass along ``axis``: integer taps on uint8, float ones otherwise."""
    src = np.moveaxis(img, axis, 0)
    if img.dtype == np.uint8:
        k = m * (1 << _PIL_BITS)
        k = np.where(k < 0, np.trunc(k - 0.5), np.trunc(k + 0.5)).astype(np.int64)
        out = np.tensordot(k, src.astype(np.int64), axes=(1, 0)) + (1 << (_PIL_BITS - 1))
        out = np.clip(out >> _PIL_BITS, 0, 255).astype(np.uint8)
    else:
        out = _like(np.tensordot(m, src.astype(np.float64), axes=(1, 0)), img.dtype)
    return np.moveaxis(out, 0, axis)


def resize_pilcubic(img, out_h, out_w):
    if img.ndim != 3 or img.shape[2] != 3:
        raise ValueError("Resize: Interpolation mode PILCUBIC only supports image with 3 "
                         "channels, but got an image of shape %s" % (img.shape,))
    h, w = img.shape[:2]
    if out_w != w:
        img = _pil_pass(img, _pil_cubic_axis(w, out_w), 1)
    if out_h != h:
        img = _pil_pass(img, _pil_cubic_axis(h, out_h), 0)
    return img


def _like(values, dtype):
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        return np.clip(np.rint(values), info.min, info.max).astype(dtype)
    if dtype == np.bool_:
        return values >= 0.5
    return values.astype(dtype)
