"""Resampling ops: interpolate/upsample, pixel_shuffle/pixel_unshuffle and adaptive pooling
for any output size. All are composites of Gather (constant index maps), MatMul and
reductions, so they trace and differentiate like their parts."""
import numpy as np

from mindcell._arrays import c_contiguous
from mindcell.common import dtype as mstype
from mindcell.common.tensor import Tensor
from mindcell.ops._errors import check_bool, check_choice, check_int, public_name, show
from mindcell.ops._helpers import check_float, check_tensor
from mindcell.ops.function import array_func as A
from mindcell.ops.function import math_func as M
from mindcell.ops.function import reduce_func as R
from mindcell.ops.function.pad_func import adaptive_windows, take, window_index

_MODES = ("nearest", "nearest-exact", "linear", "bilinear", "trilinear", "area", "bicubic")
_MODE_RANK = {"linear": 3, "bilinear": 4, "trilinear": 5, "bicubic": 4}


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
    """Applies 1-D adaptive average pooling: the last dimension (length L) is averaged over
    ``output_size`` windows, window ``i`` spanning
    ``[floor(i * L / out), ceil((i + 1) * L / out))``.

    Args:
        input (Tensor): a float tensor of shape (N, C, L) or (C, L), L > 0.
        output_size (int): the output length, positive.

    Returns:
        Tensor of shape (N, C, output_size) or (C, output_size), ``input``'s dtype.

    Raises:
        TypeError: ``input`` is not a float tensor, or ``output_size`` is not an int.
        ValueError: ``input`` is not 2-D or 3-D, L is 0, or ``output_size`` is not positive.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([[[1.0, 2.0, 3.0, 4.0, 5.0]]], np.float32))
        >>> print(ops.adaptive_avg_pool1d(x, 2))
        [[[2. 4.]]]
    """
    x = _pool_input(input, 1, "adaptive_avg_pool1d")
    return _adaptive_avg(x, _output_sizes(output_size, x.shape[-1:], "adaptive_avg_pool1d"))


def adaptive_avg_pool2d(input, output_size):
    """Applies 2-D adaptive average pooling: H and W are each averaged over adaptive windows (as
    in :func:`adaptive_avg_pool1d`) to give the output size.

    Args:
        input (Tensor): a float tensor of shape (N, C, H, W) or (C, H, W), H and W > 0.
        output_size (Union[int, tuple[int]]): the output (H, W), one int for both; a None entry
            keeps that input size.

    Returns:
        Tensor of ``input``'s rank and dtype with the last two dims ``output_size``.

    Raises:
        TypeError: ``input`` is not a float tensor, or a size is not an int.
        ValueError: ``input`` is not 3-D or 4-D, has an empty spatial dim, or ``output_size``
            has a wrong length or a non-positive entry.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.arange(16, dtype=np.float32).reshape(1, 4, 4))
        >>> print(ops.adaptive_avg_pool2d(x, 2))
        [[[ 2.5  4.5]
          [10.5 12.5]]]
        >>> print(ops.adaptive_avg_pool2d(x, (None, 1)).shape)
        (1, 4, 1)
    """
    x = _pool_input(input, 2, "adaptive_avg_pool2d")
    return _adaptive_avg(x, _output_sizes(output_size, x.shape[-2:], "adaptive_avg_pool2d"))


def adaptive_max_pool1d(input, output_size):
    """Applies 1-D adaptive max pooling: the maximum of each of ``output_size`` adaptive windows
    of the last dimension (windows as in :func:`adaptive_avg_pool1d`).

    Args:
        input (Tensor): a float tensor of shape (N, C, L) or (C, L), L > 0.
        output_size (int): the output length, positive.

    Returns:
        Tensor of shape (N, C, output_size) or (C, output_size), ``input``'s dtype.

    Raises:
        TypeError: ``input`` is not a float tensor, or ``output_size`` is not an int.
        ValueError: ``input`` is not 2-D or 3-D, L is 0, or ``output_size`` is not positive.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([[1.0, 5.0, 2.0, 0.0, 3.0]], np.float32))
        >>> print(ops.adaptive_max_pool1d(x, 3))
        [[5. 5. 3.]]
    """
    x = _pool_input(input, 1, "adaptive_max_pool1d")
    return _adaptive_max(x, _output_sizes(output_size, x.shape[-1:], "adaptive_max_pool1d"),
                         False)


def adaptive_max_pool2d(input, output_size, return_indices=False):
    """Applies 2-D adaptive max pooling: the maximum of each adaptive window of (H, W) (windows
    as in :func:`adaptive_avg_pool1d`, per dimension).

    Args:
        input (Tensor): a float tensor of shape (N, C, H, W) or (C, H, W), H and W > 0.
        output_size (Union[int, tuple[int]]): the output (H, W), one int for both; a None entry
            keeps that input size.
        return_indices (bool): also return the Int64 position ``h * W + w`` of each maximum in
            its input plane. Default: ``False``.

    Returns:
        Tensor, or ``(output, indices)`` with ``return_indices``.

    Raises:
        TypeError: ``input`` is not a float tensor, a size is not an int, or
            ``return_indices`` is not a bool.
        ValueError: ``input`` is not 3-D or 4-D, has an empty spatial dim, or ``output_size``
            has a wrong length or a non-positive entry.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([[[1.0, 2.0, 0.0], [4.0, 3.0, 5.0]]], np.float32))
        >>> out, idx = ops.adaptive_max_pool2d(x, (1, 2), return_indices=True)
        >>> print(out, idx)
        [[[4. 5.]]] [[[3 5]]]
    """
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


def _cubic(t, a):
    """The cubic convolution kernel with parameter ``a`` at distances ``t``."""
    t = np.abs(t)
    near = ((a + 2) * t - (a + 3)) * t * t + 1
    far = ((a * t - 5 * a) * t + 8 * a) * t - 4 * a
    return np.where(t <= 1, near, np.where(t < 2, far, 0.0))


def _bicubic_matrix(n, out, align_corners):
    """(out, n) matrix of bicubic weights along one axis, as MindSpore 2.10 computes them
    (ms-oracle): the fractional offset rounded to 1/1024 (a 1024-entry weight table); with
    ``align_corners`` the kernel ``a = -0.75`` and taps past the edges clamped onto them,
    otherwise half-pixel centers, ``a = -0.5``, and taps past the edges dropped with the
    remaining weights renormalised."""
    m = np.zeros((out, n))
    a = -0.75 if align_corners else -0.5
    taps = np.arange(-1, 3)
    for i in range(out):
        if align_corners:
            src = i * ((n - 1) / (out - 1) if out > 1 else 0.0)
        else:
            src = (i + 0.5) * n / out - 0.5
        base = np.floor(src)
        frac = np.round((src - base) * 1024) / 1024
        w = _cubic(frac - taps, a)
        idx = base + taps
        if not align_corners:
            w = w * ((idx >= 0) & (idx <= n - 1))
            w = w / w.sum()
        np.add.at(m[i], np.clip(idx, 0, n - 1).astype(np.int64), w)
    return m


def _bicubic(x, sizes, align_corners):
    """Bicubic resize of the last two dims: one matmul per dim with a constant weight
    matrix, so it traces and differentiates. Float16 is computed in float32 and rounded once
    at the end, as MindSpore does (ms-oracle)."""
    dtype = x.dtype
    if x._np_dtype == np.float16:
        x = M.cast(x, mstype.float32)
    for k, out in enumerate(sizes):
        axis = x.ndim - 2 + k
        m = _bicubic_matrix(x.shape[axis], out, align_corners).astype(x._np_dtype)
        moved = A.swapaxes(x, axis, -1) if axis != x.ndim - 1 else x
        y = R.matmul(moved, Tensor._make(c_contiguous(m.T)))
        x = A.swapaxes(y, axis, -1) if axis != x.ndim - 1 else y
    return M.cast(x, dtype) if x.dtype != dtype else x


def interpolate(input, size=None, scale_factor=None, mode="nearest", align_corners=None,
                recompute_scale_factor=None):
    """Resizes the spatial dimensions of ``(N, C, *spatial)`` input.

    Exactly one of ``size`` and ``scale_factor`` is given. Modes: ``'nearest'`` (source index
    ``floor(i * step)``), ``'nearest-exact'`` (``floor((i + 0.5) * step)``), ``'linear'``
    (3-D input), ``'bilinear'`` (4-D), ``'trilinear'`` (5-D), ``'bicubic'`` (4-D; ``size``, or
    ``scale_factor`` with ``recompute_scale_factor``) and ``'area'`` (adaptive average
    pooling). ``step`` is ``in / out``, or ``1 / scale_factor`` when a scale is given and not
    recomputed. Bicubic weights are MindSpore's: with ``align_corners`` the kernel parameter
    -0.75 and edge taps clamped, otherwise half-pixel centers, -0.5 and edge taps dropped (the
    other weights renormalised), fractional offsets rounded to 1/1024.

    Args:
        input (Tensor): a float tensor, 3-D, 4-D or 5-D.
        size (Union[int, tuple[int]], optional): the output spatial size. Default: ``None``.
        scale_factor (Union[float, tuple[float]], optional): positive multipliers of the
            spatial sizes (the output size is floored). Default: ``None``.
        mode (str): the interpolation. Default: ``'nearest'``.
        align_corners (bool, optional): linear and bicubic modes only: map the corner pixels of
            input and output onto each other (True) or use half-pixel centers. Default:
            ``None`` (False).
        recompute_scale_factor (bool, optional): with ``scale_factor``, use ``in / out`` as the
            step instead of ``1 / scale_factor``. Default: ``None``.

    Returns:
        Tensor of shape ``(N, C, *out_spatial)`` and ``input``'s dtype.

    Raises:
        TypeError: ``input`` is not a float tensor, ``mode`` is not a str, or a flag is not a
            bool.
        ValueError: an unknown ``mode``, an input rank that does not fit the mode, both or
            neither of ``size`` and ``scale_factor``, ``scale_factor`` for 'bicubic' without
            ``recompute_scale_factor``, ``align_corners`` with a non-linear mode, ``recompute_scale_factor`` with ``size``, or sizes/scales that are
            not positive.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([[[1.0, 2.0, 4.0]]], np.float32))
        >>> print(ops.interpolate(x, scale_factor=2.0))
        [[[1. 1. 2. 2. 4. 4.]]]
        >>> print(ops.interpolate(x, size=5, mode="linear", align_corners=True))
        [[[1.  1.5 2.  3.  4. ]]]
    """
    op = "interpolate"
    check_float(input, op)
    check_choice(mode, op, "mode", _MODES)
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
    if mode == "bicubic" and scale_factor is not None and not recompute_scale_factor:
        # MindSpore 2.10 refuses this combination (ms-oracle)
        raise ValueError("%s: mode 'bicubic' takes 'size', or 'scale_factor' with "
                         "recompute_scale_factor=True, but got scale_factor=%s"
                         % (public_name(op), show(scale_factor)))
    sizes, steps = _out_sizes(input, size, scale_factor, recompute_scale_factor, op)
    if mode == "bicubic":
        return _bicubic(input, sizes, bool(align_corners))
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
    """Resizes the spatial dimensions of ``(N, C, *spatial)`` input: the same as
    :func:`interpolate`.

    Args:
        input (Tensor): a float tensor, 3-D, 4-D or 5-D.
        size (Union[int, tuple[int]], optional): the output spatial size. Default: ``None``.
        scale_factor (Union[float, tuple[float]], optional): multipliers of the spatial sizes.
            Default: ``None``.
        mode (str): ``'nearest'``, ``'nearest-exact'``, ``'linear'``, ``'bilinear'``,
            ``'trilinear'``, ``'bicubic'`` or ``'area'``. Default: ``'nearest'``.
        align_corners (bool, optional): linear and bicubic modes only. Default: ``None``.
        recompute_scale_factor (bool, optional): with ``scale_factor`` only. Default: ``None``.

    Returns:
        Tensor of shape ``(N, C, *out_spatial)`` and ``input``'s dtype.

    Raises:
        TypeError: ``input`` is not a float tensor, or a flag is not a bool.
        ValueError: as :func:`interpolate`.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([[[[1.0, 2.0], [3.0, 4.0]]]], np.float32))
        >>> print(ops.upsample(x, size=(3, 3), mode="bilinear")[0, 0])
        [[1.  1.5 2. ]
         [2.  2.5 3. ]
         [3.  3.5 4. ]]
    """
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
    """Rearranges a tensor of shape ``(*, C * r * r, H, W)`` into ``(*, C, H * r, W * r)``,
    ``r`` being ``upscale_factor``: each group of ``r * r`` channels becomes an ``r`` x ``r``
    block of pixels.

    Args:
        input (Tensor): a tensor of at least 3 dimensions, its channels divisible by ``r * r``.
        upscale_factor (int): ``r``, positive.

    Returns:
        Tensor of shape ``(*, C, H * r, W * r)`` and ``input``'s dtype.

    Raises:
        TypeError: ``input`` is not a Tensor, or ``upscale_factor`` is not an int.
        ValueError: ``input`` is below 3-D, ``upscale_factor`` is not positive, or the channels
            are not divisible by its square.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.arange(4, dtype=np.int32).reshape(1, 4, 1, 1))
        >>> print(ops.pixel_shuffle(x, 2))
        [[[[0 1]
           [2 3]]]]
    """
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
    """Rearranges a tensor of shape ``(*, C, H * r, W * r)`` into ``(*, C * r * r, H, W)``,
    ``r`` being ``downscale_factor``: the inverse of :func:`pixel_shuffle`.

    Args:
        input (Tensor): a tensor of at least 3 dimensions, H and W divisible by ``r``.
        downscale_factor (int): ``r``, positive.

    Returns:
        Tensor of shape ``(*, C * r * r, H, W)`` and ``input``'s dtype.

    Raises:
        TypeError: ``input`` is not a Tensor, or ``downscale_factor`` is not an int.
        ValueError: ``input`` is below 3-D, ``downscale_factor`` is not positive, or H or W is
            not divisible by it.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.arange(16, dtype=np.float32).reshape(1, 1, 4, 4))
        >>> y = ops.pixel_unshuffle(x, 2)
        >>> print(y.shape)
        (1, 4, 2, 2)
        >>> print(y[0, :, 0, 0])
        [0. 1. 4. 5.]
    """
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
