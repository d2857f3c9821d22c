"""Numpy versions of the OpenCV image routines MindSpore's CPU transforms are built on, with
OpenCV's arithmetic so uint8 results match pixel for pixel: gray conversion (15-bit fixed
point), ``addWeighted`` (float32, fused multiply-add), the 8-bit full-range HSV round trip,
histogram equalisation, the sharpness smoothing filter and ``warpAffine`` (coordinates in
1/32 pixel, bilinear weights in 15-bit fixed point)."""
import math

import numpy as np

_F32 = np.float32


def saturate_u8(values):
    """``values`` rounded half to even and clipped to [0, 255], as uint8."""
    return np.clip(np.rint(values), 0, 255).astype(np.uint8)


def rgb_to_gray(img, blue_first=False):
    """Y = 0.299 R + 0.587 G + 0.114 B of a <H, W, 3|4> uint8 image, OpenCV's 8-bit rule."""
    c = img[..., :3].astype(np.int64)
    r, g, b = (c[..., 2], c[..., 1], c[..., 0]) if blue_first else (c[..., 0], c[..., 1],
                                                                   c[..., 2])
    return ((r * 9798 + g * 19235 + b * 3735 + (1 << 14)) >> 15).astype(np.uint8)


def add_weighted(src1, alpha, src2, beta):
    """``src1 * alpha + src2 * beta`` of uint8 images as OpenCV computes it: float32 weights,
    ``src2 * beta`` rounded to float32, then one fused multiply-add, then rounding."""
    a, b = np.float64(_F32(alpha)), _F32(beta)
    part = (src2.astype(_F32) * b).astype(np.float64)
    return saturate_u8((src1.astype(np.float64) * a + part).astype(_F32))


def blend(img, other, alpha, img_first=False):
    """``img * alpha + other * (1 - alpha)``; which operand OpenCV sees first changes the
    rounding, and MindSpore's kernels differ in it."""
    alpha = _F32(alpha)
    if img_first:
        return add_weighted(img, alpha, other, _F32(1.0) - alpha)
    return add_weighted(other, _F32(1.0) - alpha, img, alpha)


_SHIFT = 12


def rgb_to_hsv_full(img):
    """8-bit HSV with the hue over 0..255 (OpenCV's COLOR_RGB2HSV_FULL), int64 <H, W, 3>."""
    i = np.arange(256, dtype=np.float64)
    with np.errstate(divide="ignore"):
        sdiv = np.where(i > 0, np.rint((255 << _SHIFT) / i), 0).astype(np.int64)
        hdiv = np.where(i > 0, np.rint((256 << _SHIFT) / (6.0 * i)), 0).astype(np.int64)
    r, g, b = (img[..., k].astype(np.int64) for k in range(3))
    v = np.maximum(np.maximum(r, g), b)
    diff = v - np.minimum(np.minimum(r, g), b)
    s = (diff * sdiv[v] + (1 << (_SHIFT - 1))) >> _SHIFT
    h = np.where(v == r, g - b, np.where(v == g, b - r + 2 * diff, r - g + 4 * diff))
    h = (h * hdiv[diff] + (1 << (_SHIFT - 1))) >> _SHIFT
    return np.stack([np.where(h < 0, h + 256, h), s, v], -1)


# per hue sector, which of (v, p, q, t) is red, green and blue
_SECTORS = np.array([[0, 3, 1], [2, 0, 1], [1, 0, 3], [1, 2, 0], [3, 1, 0], [0, 1, 2]])


def hsv_full_to_rgb(hsv):
    """The inverse of :func:`rgb_to_hsv_full` as OpenCV's COLOR_HSV2RGB_FULL: float32
    arithmetic with the hue over 0..255. OpenCV's vector loop (32 pixels at a time along
    each row) truncates to uint8 while its scalar tail rounds, and MindSpore's results show
    both, so each row's last ``width % 32`` pixels are rounded and the others truncated."""
    h = hsv[..., 0].astype(_F32) * _F32(6.0 / 255)
    s = hsv[..., 1].astype(_F32) * _F32(1 / 255.)
    v = hsv[..., 2].astype(_F32) * _F32(1 / 255.)
    sector = np.floor(h).astype(np.int64)
    f = (h - sector.astype(_F32)).astype(_F32)
    sector %= 6
    one = _F32(1)
    tab = np.stack([v, v * (one - s), v * (one - s * f), v * (one - s * (one - f))], -1)
    rgb = np.take_along_axis(tab, _SECTORS[sector], -1) * _F32(255)
    width = hsv.shape[1]
    tail = np.arange(width) >= width - width % 32
    out = np.where(tail[:, None], np.rint(rgb), np.floor(rgb))
    return np.clip(out, 0, 255).astype(np.uint8)


def equalize_plane(plane):
    """OpenCV's equalizeHist of one uint8 plane."""
    hist = np.bincount(plane.ravel(), minlength=256)
    first = int(np.flatnonzero(hist)[0])
    if hist[first] == plane.size:
        return plane.copy()
    scale = 255.0 / (plane.size - hist[first])
    lut = saturate_u8((np.cumsum(hist) - hist[first]) * scale)
    lut[:first] = 0
    return lut[plane]


def autocontrast_plane(plane, cutoff, ignore):
    """Stretch one uint8 plane so its [cutoff %, 100 - cutoff %] range covers [0, 255]
    (``cutoff`` truncated to an integer percentage, as MindSpore does)."""
    hist = np.bincount(plane.ravel(), minlength=256).astype(np.int64)
    hist[list(ignore)] = 0
    cut = int((int(cutoff) / 100.0) * int(hist.sum()))
    for order in (slice(None), slice(None, None, -1)):
        view, left = hist[order], cut
        for i in range(256):
            if left <= 0:
                break
            take = min(left, view[i])
            view[i] -= take
            left -= take
    nonzero = np.flatnonzero(hist)
    lo = int(nonzero[0]) if nonzero.size else 255
    hi = int(nonzero[-1]) if nonzero.size else -1
    if hi <= lo:
        return plane.copy()
    scale = _F32(255.0 / (hi - lo))
    lut = (np.arange(256, dtype=_F32) * scale + _F32(-lo) * scale).astype(np.int64)
    return np.clip(lut, 0, 255).astype(np.uint8)[plane]


def smooth(img):
    """The sharpness filter's smoothed image: [[1, 1, 1], [1, 5, 1], [1, 1, 1]] / 13, the
    border rows and columns kept from ``img``."""
    kernel = np.full((3, 3), 1 / 13., _F32)
    kernel[1, 1] = 5 / 13.
    h, w = img.shape[:2]
    padded = np.pad(img.astype(np.float64), [(1, 1), (1, 1)] + [(0, 0)] * (img.ndim - 2),
                    mode="reflect")
    acc = np.zeros(img.shape, np.float64)
    for dy in range(3):
        for dx in range(3):
            acc += np.float64(kernel[dy, dx]) * padded[dy:dy + h, dx:dx + w]
    out = saturate_u8(acc) if img.dtype == np.uint8 else acc.astype(img.dtype)
    out[0], out[-1], out[:, 0], out[:, -1] = img[0], img[-1], img[:, 0], img[:, -1]
    return out


def rotation_matrix(center, degrees):
    """OpenCV's getRotationMatrix2D(center, degrees, 1): counter-clockwise on screen."""
    t = math.radians(degrees)
    a, b = math.cos(t), math.sin(t)
    cx, cy = center
    return np.array([[a, b, (1 - a) * cx - b * cy], [-b, a, b * cx + (1 - a) * cy]])


def rotated_bounds(center, size, degrees):
    """(width, height) of the box around a (w, h) rectangle turned by ``degrees`` (float32
    corners, as OpenCV's RotatedRect.boundingRect2f)."""
    t = math.radians(degrees)
    b, a = _F32(math.cos(t) * 0.5), _F32(math.sin(t) * 0.5)
    w, h = _F32(size[0]), _F32(size[1])
    cx, cy = _F32(center[0]), _F32(center[1])
    x0, y0 = cx - a * h - b * w, cy + b * h - a * w
    x1, y1 = cx + a * h - b * w, cy - b * h - a * w
    xs = [x0, x1, _F32(2) * cx - x0, _F32(2) * cx - x1]
    ys = [y0, y1, _F32(2) * cy - y0, _F32(2) * cy - y1]
    return float(max(xs) - min(xs)), float(max(ys) - min(ys))


_AB_BITS, _INTER_BITS = 10, 5
_TAB = 1 << _INTER_BITS


def _inverse(m):
    d = m[0, 0] * m[1, 1] - m[0, 1] * m[1, 0]
    d = 1.0 / d if d != 0 else 0.0
    a11, a22, a12, a21 = m[1, 1] * d, m[0, 0] * d, -m[0, 1] * d, -m[1, 0] * d
    return np.array([[a11, a12, -a11 * m[0, 2] - a12 * m[1, 2]],
                     [a21, a22, -a21 * m[0, 2] - a22 * m[1, 2]]])


def _fill_pixel(img, fill):
    # like an OpenCV Scalar: one value for every channel, or one per channel (the first
    # for a one-channel image)
    values = np.asarray(fill, np.float64).ravel()
    pixel = np.zeros(img.shape[2:], np.float64)
    pixel[...] = values[0] if values.size == 1 or img.ndim == 2 else values[:img.shape[2]]
    return pixel


def warp_affine(img, matrix, out_hw, bilinear, fill):
    """OpenCV's warpAffine of an <H, W> or <H, W, C> image with the forward 2x3 ``matrix``
    into ``out_hw`` = (height, width); outside pixels take ``fill`` (a number or one value
    per channel). ``bilinear``: False (nearest), True (bilinear) or "cubic" (bicubic)."""
    inv = _inverse(np.asarray(matrix, np.float64))
    oh, ow = out_hw
    scale = 1 << _AB_BITS
    xs, ys = np.arange(ow, dtype=np.float64), np.arange(oh, dtype=np.float64)[:, None]
    delta = scale // 2 if not bilinear else scale // _TAB // 2
    gx = np.rint(inv[0, 0] * xs * scale).astype(np.int64) \
        + np.rint((inv[0, 1] * ys + inv[0, 2]) * scale).astype(np.int64) + delta
    gy = np.rint(inv[1, 0] * xs * scale).astype(np.int64) \
        + np.rint((inv[1, 1] * ys + inv[1, 2]) * scale).astype(np.int64) + delta
    if bilinear:
        gx, gy = gx >> (_AB_BITS - _INTER_BITS), gy >> (_AB_BITS - _INTER_BITS)
    else:
        gx, gy = gx >> _AB_BITS, gy >> _AB_BITS
    return _remap(img, gx, gy, bilinear, _fill_pixel(img, fill))


def _remap(img, gx, gy, bilinear, pixel):
    """Sample ``img`` at source positions ``gx``, ``gy`` (whole pixels for nearest, 1/32 pixel
    otherwise) as OpenCV's remap with a constant border of ``pixel``; ``bilinear`` is False
    (nearest), True (bilinear) or "cubic"."""
    if bilinear == "cubic":
        return _remap_cubic(img, gx, gy, pixel)
    h, w = img.shape[:2]
    oh, ow = gx.shape
    if not bilinear:
        inside = (gx >= 0) & (gx < w) & (gy >= 0) & (gy < h)
        out = np.empty((oh, ow) + img.shape[2:], img.dtype)
        out[...] = pixel.astype(img.dtype)
        out[inside] = img[gy[inside], gx[inside]]
        return out
    sx, sy, fx, fy = gx >> _INTER_BITS, gy >> _INTER_BITS, gx & (_TAB - 1), gy & (_TAB - 1)
    # a one-pixel border of the fill value stands for the taps just outside the image
    padded = np.empty((h + 2, w + 2) + img.shape[2:], img.dtype)
    padded[...] = pixel.astype(img.dtype)
    padded[1:-1, 1:-1] = img
    cx, cy = np.clip(sx, -1, w - 1) + 1, np.clip(sy, -1, h - 1) + 1
    flat = padded.reshape((h + 2) * (w + 2), -1)
    base = (cy * (w + 2) + cx).astype(np.intp)
    integer = img.dtype == np.uint8
    kind = np.int32 if integer else np.float64
    acc = 0
    for ox, oy in ((0, 0), (1, 0), (0, 1), (1, 1)):
        wgt = ((fx if ox else _TAB - fx) * (fy if oy else _TAB - fy)).astype(kind)
        tap = np.take(flat, base + (oy * (w + 2) + ox), axis=0).astype(kind)
        acc = acc + wgt[..., None] * tap
    acc = acc.reshape(gx.shape + img.shape[2:])
    gone = (sx >= w) | (sx + 1 < 0) | (sy >= h) | (sy + 1 < 0)
    if integer:  # OpenCV's 15-bit fixed point: weights * 32, rounded shift
        out = np.clip((acc * 32 + (1 << 14)) >> 15, 0, 255).astype(np.uint8)
    else:
        out = (acc / (_TAB * _TAB)).astype(img.dtype)
    out[gone] = pixel.astype(img.dtype)
    return out

def _cubic_1d(t):
    """OpenCV's cubic convolution weights (A = -0.75) of the taps at -1, 0, 1, 2 for a
    fraction ``t``, in float32."""
    a, t = _F32(-0.75), _F32(t)
    one = _F32(1)
    c0 = ((a * (t + one) - _F32(5) * a) * (t + one) + _F32(8) * a) * (t + one) - _F32(4) * a
    c1 = ((a + _F32(2)) * t - (a + _F32(3))) * t * t + one
    c2 = ((a + _F32(2)) * (one - t) - (a + _F32(3))) * (one - t) * (one - t) + one
    return np.array([c0, c1, c2, one - c0 - c1 - c2], _F32)


def _cubic_tables():
    """(float, int16) 4x4 weights for each (y, x) fraction in 1/32: the integer ones in 1/32768,
    their rounding error moved onto one tap so each table sums to 32768 (as OpenCV)."""
    fl = np.empty((_TAB, _TAB, 4, 4), np.float64)
    it = np.empty((_TAB, _TAB, 4, 4), np.int64)
    for i in range(_TAB):
        vy = _cubic_1d(i / _TAB)
        for j in range(_TAB):
            w = (vy[:, None] * _cubic_1d(j / _TAB)[None, :]).astype(_F32)
            fl[i, j] = w
            q = np.rint(w.astype(np.float64) * 32768).astype(np.int64)
            diff = int(q.sum()) - 32768
            if diff:  # OpenCV searches the 2x2 block from tap (2, 2) (measured)
                block = q[2:4, 2:4]
                lo = np.unravel_index(np.argmin(block), (2, 2))
                hi = np.unravel_index(np.argmax(block), (2, 2))
                r, c = (hi if diff < 0 else lo)
                q[2 + r, 2 + c] -= diff
            it[i, j] = q
    return fl, it


_CUBIC = None


def _remap_cubic(img, gx, gy, pixel):
    """Bicubic sampling at 1/32-pixel source positions with a constant border (OpenCV's)."""
    global _CUBIC
    if _CUBIC is None:
        _CUBIC = _cubic_tables()
    h, w = img.shape[:2]
    sx, sy = (gx >> _INTER_BITS) - 1, (gy >> _INTER_BITS) - 1
    fx, fy = gx & (_TAB - 1), gy & (_TAB - 1)
    padded = np.empty((h + 6, w + 6) + img.shape[2:], img.dtype)
    padded[...] = pixel.astype(img.dtype)
    padded[3:-3, 3:-3] = img
    cx, cy = np.clip(sx, -3, w - 1) + 3, np.clip(sy, -3, h - 1) + 3
    flat = padded.reshape((h + 6) * (w + 6), -1)
    base = (cy * (w + 6) + cx).astype(np.intp)
    integer = img.dtype == np.uint8
    table = _CUBIC[1] if integer else _CUBIC[0]
    weights = table[fy, fx]
    acc = 0
    for r in range(4):
        for c in range(4):
            tap = np.take(flat, base + (r * (w + 6) + c), axis=0)
            acc = acc + weights[..., r, c][..., None] * tap.astype(weights.dtype)
    acc = acc.reshape(gx.shape + img.shape[2:])
    gone = (sx >= w) | (sx + 4 <= 0) | (sy >= h) | (sy + 4 <= 0)
    if integer:
        out = np.clip((acc + (1 << 14)) >> 15, 0, 255).astype(np.uint8)
    else:
        out = acc.astype(img.dtype)
    out[gone] = pixel.astype(img.dtype)
    return out


def perspective_matrix(src, dst):
    """OpenCV's getPerspectiveTransform: the 3x3 matrix taking the 4 ``src`` (x, y) points to
    ``dst``."""
    rows, rhs = [], []
    for (x, y), (u, v) in zip(src, dst):
        rows += [[x, y, 1, 0, 0, 0, -x * u, -y * u], [0, 0, 0, x, y, 1, -x * v, -y * v]]
        rhs += [u, v]
    m = np.linalg.solve(np.array(rows, np.float64), np.array(rhs, np.float64))
    return np.append(m, 1.0).reshape(3, 3)


def warp_perspective(img, matrix, bilinear):
    """OpenCV's warpPerspective of ``img`` by the forward 3x3 ``matrix`` into the same size,
    outside pixels 0: source positions in 1/32 pixel, bilinear weights as warp_affine's."""
    inv = np.linalg.inv(np.asarray(matrix, np.float64))
    h, w = img.shape[:2]
    xs, ys = np.meshgrid(np.arange(w, dtype=np.float64), np.arange(h, dtype=np.float64))
    x0 = inv[0, 0] * xs + inv[0, 1] * ys + inv[0, 2]
    y0 = inv[1, 0] * xs + inv[1, 1] * ys + inv[1, 2]
    wgt = inv[2, 0] * xs + inv[2, 1] * ys + inv[2, 2]
    scale = _TAB if bilinear else 1
    with np.errstate(divide="ignore"):
        wgt = np.where(wgt != 0, scale / np.where(wgt != 0, wgt, 1), 0.0)
    gx = np.clip(np.rint(x0 * wgt), -2 ** 31, 2 ** 31 - 1).astype(np.int64)
    gy = np.clip(np.rint(y0 * wgt), -2 ** 31, 2 ** 31 - 1).astype(np.int64)
    return _remap(img, gx, gy, bilinear, _fill_pixel(img, 0))


def gaussian_kernel(size, sigma, fixed):
    """OpenCV's Gaussian kernel of odd ``size``; ``fixed`` gives the 8-bit images' integer
    kernel in 1/256 (rounded cumulatively from the edge, the centre taking the remainder)."""
    x = np.arange(size) - (size - 1) / 2.0
    k = np.exp(-x * x / (2.0 * sigma * sigma))
    k /= k.sum()
    if not fixed:
        return k
    half = size // 2
    cum = np.rint(np.cumsum(k[:half]) * 256).astype(np.int64)
    side = np.diff(np.concatenate([[0], cum]))
    return np.concatenate([side, [256 - 2 * cum[-1] if half else 256], side[::-1]])


def gaussian_blur(img, kx, ky, sx, sy):
    """OpenCV's GaussianBlur (reflect-101 border); uint8 images in its fixed point."""
    fixed = img.dtype == np.uint8
    wx, wy = gaussian_kernel(kx, sx, fixed), gaussian_kernel(ky, sy, fixed)
    pad = [(ky // 2, ky // 2), (kx // 2, kx // 2)] + [(0, 0)] * (img.ndim - 2)
    src = np.pad(img.astype(np.int64 if fixed else np.float64), pad, mode="reflect")
    h, w = img.shape[:2]
    rows = sum(wx[i] * src[:, i:i + w] for i in range(kx))
    out = sum(wy[i] * rows[i:i + h] for i in range(ky))
    if fixed:
        return np.clip((out + (1 << 15)) >> 16, 0, 255).astype(np.uint8)
    return out.astype(img.dtype)
