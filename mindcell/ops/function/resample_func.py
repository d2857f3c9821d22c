"""Resampling ops: interpolate/upsample, pixel_shuffle/pixel_unshuffle and adaptive pooling
for any output size. All are composites of Gather (constant index maps), MatMul and
reductions, so they trace and differentiate like their parts."""
import numpy as np

from mindcell._arrays import c_contiguous
from mindcell.common.tensor import Tensor
from mindcell.ops._errors import check_bool, check_choice, check_int, public_name, show
from mindcell.ops._helpers import check_float, check_tensor
from mindcell.ops.function import array_func as A
from mindcell.ops.function import math_func as M
from mindcell.ops.function import reduce_func as R
from mindcell.ops.function.pad_func import adaptive_windows, take, window_index

_MODES = ("nearest", "nearest-exact", "linear", "bilinear", "trilinear", "area", "bicubic")
_MODE_RANK = {"linear": 3, "bilinear": 4, "trilinear": 5}


def _const(a, like):
    return Tensor._make(c_contiguous(a, like._np_dtype))


# ----- adaptive pooling ---------------------------------------------------------------------
def _output_sizes(output_size, spatial, op):
    """``output_size`` as one positive int per spatial dim; None keeps that input size."""
    n = len(spatial)
    if isinstance(output_size, (tuple, list)):
        if len(output_size) != n:
            raise ValueError("%s: 'output_size' must have %d entries, but got %r"
                             % (public_name(op), n, output_size))
        sizes = output_size
    else:
        sizes = (output_size,) * n
    return tuple(s if o is None else check_int(o, op, "output_size", 1, 2 ** 31 - 1)
                 for o, s in zip(sizes, spatial))


def _pool_input(input, ndims, op):
    check_float(input, op)
    if input.ndim not in (ndims + 1, ndims + 2):
        raise ValueError("%s: input must be %d-D or %d-D, but got shape %s"
                         % (public_name(op), ndims + 1, ndims + 2, input.shape))
    if any(n == 0 for n in input.shape[-ndims:]):
        raise ValueError("%s: spatial dims must be non-empty, but got shape %s"
                         % (public_name(op), input.shape))
    return input


def _avg_matrix(size, out, dtype):
    """(out, size) matrix whose row i averages window i."""
    starts, ends = adaptive_windows(size, out)
    m = np.zeros((out, size))
    for i, (s, e) in enumerate(zip(starts, ends)):
        m[i, s:e] = 1.0 / (e - s)
    return m.astype(dtype)


def _adaptive_avg(x, sizes):
    """Mean over adaptive windows of the last len(sizes) dims: one matmul per dim with a
    constant averaging matrix."""
    nd = len(sizes)
    for k, out in enumerate(sizes):
        axis = x.ndim - nd + k
        m = _avg_matrix(x.shape[axis], out, x._np_dtype)
        moved = A.swapaxes(x, axis, -1) if axis != x.ndim - 1 else x
        y = R.matmul(moved, Tensor._make(c_contiguous(m.T)))
        x = A.swapaxes(y, axis, -1) if axis != x.ndim - 1 else y
    return x


def _adaptive_max(x, sizes, with_indices):
    """Max over adaptive windows of the last len(sizes) dims; with the flat spatial index
    (h*W+w) of each max when ``with_indices``."""
    nd, lead = len(sizes), x.ndim - len(sizes)
    flat = np.arange(int(np.prod(x.shape[lead:]))).reshape(x.shape[lead:])
    window = 1
    for k, out in enumerate(sizes):  # each dim d -> (out_d, window_d)
        idx, kk = window_index(*adaptive_windows(x.shape[lead + 2 * k], out))
        x = take(x, idx.reshape(-1), lead + 2 * k)
        x = A.reshape(x, x.shape[:lead + 2 * k] + (out, kk) + x.shape[lead + 2 * k + 1:])
        flat = np.take(flat, idx, axis=2 * k)
        window *= kk
    local = tuple(2 * k for k in range(nd)) + tuple(2 * k + 1 for k in range(nd))
    x = A.transpose(x, tuple(range(lead)) + tuple(lead + p for p in local))
    x = A.reshape(x, x.shape[:lead] + tuple(sizes) + (window,))  # (..., out..., window)
    values = R.amax(x, -1)
    if not with_indices:
        return values
    flat = np.transpose(flat, local).reshape(-1)  # window position -> flat input index
    base = np.arange(int(np.prod(sizes))).reshape(sizes) * x.shape[-1]
    pos = M.add(R.argmax(x, -1), Tensor._make(base.astype(np.int64)))
    return values, A.gather(Tensor._make(flat.astype(np.int64)), pos, 0)


def adaptive_avg_pool1d(input, output_size):
    """adaptive_avg_pool1d(input, output_size): mean over adaptive windows of (N, C, L)
    input: window i is [floor(i*L/out), ceil((i+1)*L/out))."""
    x = _pool_input(input, 1, "adaptive_avg_pool1d")
    return _adaptive_avg(x, _output_sizes(output_size, x.shape[-1:], "adaptive_avg_pool1d"))


def adaptive_avg_pool2d(input, output_size):
    """adaptive_avg_pool2d(input, output_size): mean over adaptive windows of (N)CHW input, for
    any output size (None keeps that input size)."""
    x = _pool_input(input, 2, "adaptive_avg_pool2d")
    return _adaptive_avg(x, _output_sizes(output_size, x.shape[-2:], "adaptive_avg_pool2d"))


def adaptive_max_pool1d(input, output_size):
    """adaptive_max_pool1d(input, output_size): max over adaptive windows of (N, C, L) input."""
    x = _pool_input(input, 1, "adaptive_max_pool1d")
    return _adaptive_max(x, _output_sizes(output_size, x.shape[-1:], "adaptive_max_pool1d"),
                         False)


def adaptive_max_pool2d(input, output_size, return_indices=False):
    """adaptive_max_pool2d(input, output_size, return_indices=False): max over adaptive windows
    of (N)CHW input; with ``return_indices`` also the int64 index h*W+w of each max."""
    op = "adaptive_max_pool2d"
    x = _pool_input(input, 2, op)
    return _adaptive_max(x, _output_sizes(output_size, x.shape[-2:], op),
                         check_bool(return_indices, op, "return_indices"))


# ----- interpolation ------------------------------------------------------------------------
def _out_sizes(x, size, scale_factor, recompute, op):
    """Output sizes and the source step per spatial dim (in/out, or 1/scale_factor as PyTorch
    and MindSpore use when a scale is given and not recomputed)."""
    spatial = x.shape[2:]
    if (size is None) == (scale_factor is None):
        raise ValueError("%s: exactly one of 'size' and 'scale_factor' must be given, but got "
                         "size=%r, scale_factor=%r" % (public_name(op), size, scale_factor))
    if size is not None:
        sizes = _output_sizes(size, spatial, op)
        return sizes, [i / o for i, o in zip(spatial, sizes)]
    scales = scale_factor if isinstance(scale_factor, (tuple, list)) else \
        (scale_factor,) * len(spatial)
    if len(scales) != len(spatial) or not all(
            isinstance(s, (int, float)) and not isinstance(s, bool) and s > 0 for s in scales):
        raise ValueError("%s: 'scale_factor' must be a positive number or %d of them, but got %s"
                         % (public_name(op), len(spatial), show(scale_factor)))
    sizes = tuple(int(np.floor(i * s)) for i, s in zip(spatial, scales))
    if any(o < 1 for o in sizes):
        raise ValueError("%s: scale_factor %r gives an empty output for input %s"
                         % (public_name(op), scale_factor, spatial))
    if recompute:
        return sizes, [i / o for i, o in zip(spatial, sizes)]
    return sizes, [1.0 / s for s in scales]


def _nearest(x, axis, out, step, exact):
    n = x.shape[axis]
    src = (np.arange(out) + 0.5) * step if exact else np.arange(out) * step
    return take(x, np.minimum(np.floor(src).astype(np.int64), n - 1), axis)


def _linear(x, axis, out, step, align_corners):
    """Linear interpolation along ``axis``: two gathers and constant weights."""
    n = x.shape[axis]
    if align_corners:
        src = np.arange(out) * ((n - 1) / (out - 1) if out > 1 else 0.0)
    else:
        src = np.maximum((np.arange(out) + 0.5) * step - 0.5, 0.0)
    i0 = np.minimum(np.floor(src).astype(np.int64), n - 1)
    i1 = np.minimum(i0 + 1, n - 1)
    shape = (out,) + (1,) * (x.ndim - 1 - axis)
    lam = _const((src - i0).reshape(shape), x)
    lo, hi = take(x, i0, axis), take(x, i1, axis)
    return M.add(lo, M.mul(M.sub(hi, lo), lam))


def interpolate(input, size=None, scale_factor=None, mode="nearest", align_corners=None,
                recompute_scale_factor=None):
    """interpolate(input, size=None, scale_factor=None, mode='nearest', align_corners=None,
    recompute_scale_factor=None): resize the spatial dims of ``(N, C, *spatial)`` input. Modes
    'nearest', 'nearest-exact', 'linear' (3-D), 'bilinear' (4-D), 'trilinear' (5-D) and
    'area' (adaptive average); 'bicubic' is not implemented and raises."""
    op = "interpolate"
    check_float(input, op)
    check_choice(mode, op, "mode", _MODES)
    if mode == "bicubic":
        raise ValueError("%s: mode 'bicubic' is not supported by mindcell" % public_name(op))
    if input.ndim not in (3, 4, 5) or (mode in _MODE_RANK and input.ndim != _MODE_RANK[mode]):
        want = _MODE_RANK.get(mode, "3, 4 or 5")
        raise ValueError("%s: mode %r needs a %s-D input, but got shape %s"
                         % (public_name(op), mode, want, input.shape))
    linear = mode in _MODE_RANK
    if align_corners is not None:
        check_bool(align_corners, op, "align_corners")
        if align_corners and not linear:
            raise ValueError("%s: 'align_corners' only applies to linear modes, not %r"
                             % (public_name(op), mode))
    if recompute_scale_factor is not None:
        check_bool(recompute_scale_factor, op, "recompute_scale_factor")
        if recompute_scale_factor and size is not None:
            raise ValueError("%s: 'recompute_scale_factor' needs 'scale_factor', not 'size'"
                             % public_name(op))
    sizes, steps = _out_sizes(input, size, scale_factor, recompute_scale_factor, op)
    if mode == "area":
        return _adaptive_avg(input, sizes)
    x = input
    for k, (out, step) in enumerate(zip(sizes, steps)):
        if linear:
            x = _linear(x, 2 + k, out, step, bool(align_corners))
        else:
            x = _nearest(x, 2 + k, out, step, mode == "nearest-exact")
    return x


def upsample(input, size=None, scale_factor=None, mode="nearest", align_corners=None,
             recompute_scale_factor=None):
    """upsample(input, size=None, scale_factor=None, mode='nearest', align_corners=None,
    recompute_scale_factor=None): alias of ``interpolate``."""
    return interpolate(input, size, scale_factor, mode, align_corners, recompute_scale_factor)


# ----- pixel shuffle ------------------------------------------------------------------------
def _shuffle_input(x, factor, op, arg):
    check_tensor(x, op)
    factor = check_int(factor, op, arg, 1, 2 ** 31 - 1)
    if x.ndim < 3:
        raise ValueError("%s: input must be at least 3-D (..., C, H, W), but got shape %s"
                         % (public_name(op), x.shape))
    return factor


def pixel_shuffle(input, upscale_factor):
    """pixel_shuffle(input, upscale_factor): (*, C*r*r, H, W) -> (*, C, H*r, W*r)."""
    op = "pixel_shuffle"
    r = _shuffle_input(input, upscale_factor, op, "upscale_factor")
    *lead, c, h, w = input.shape
    if c % (r * r):
        raise ValueError("%s: channels %d must be divisible by upscale_factor**2 (%d)"
                         % (public_name(op), c, r * r))
    b = len(lead)
    x = A.reshape(input, tuple(lead) + (c // (r * r), r, r, h, w))
    x = A.transpose(x, tuple(range(b)) + (b, b + 3, b + 1, b + 4, b + 2))
    return A.reshape(x, tuple(lead) + (c // (r * r), h * r, w * r))


def pixel_unshuffle(input, downscale_factor):
    """pixel_unshuffle(input, downscale_factor): (*, C, H*r, W*r) -> (*, C*r*r, H, W)."""
    op = "pixel_unshuffle"
    r = _shuffle_input(input, downscale_factor, op, "downscale_factor")
    *lead, c, h, w = input.shape
    if h % r or w % r:
        raise ValueError("%s: height %d and width %d must be divisible by downscale_factor %d"
                         % (public_name(op), h, w, r))
    b = len(lead)
    x = A.reshape(input, tuple(lead) + (c, h // r, r, w // r, r))
    x = A.transpose(x, tuple(range(b)) + (b, b + 2, b + 4, b + 1, b + 3))
    return A.reshape(x, tuple(lead) + (c * r * r, h // r, w // r))


__all__ = ["adaptive_avg_pool1d", "adaptive_avg_pool2d", "adaptive_max_pool1d",
           "adaptive_max_pool2d", "interpolate", "upsample", "pixel_shuffle", "pixel_unshuffle"]
