"""Pooling and sampling MindSpore has as kernels and mindcell composes (``mint.nn.functional``
and the ``ops`` functions call these): 3-D average pooling (a grouped ones-kernel conv3d over the padded input, divided by the
window counts), adaptive 3-D average pooling (per-axis averaging matrices), 2-D max unpooling (a
scatter into the flattened planes) and grid sampling (gathers of the four neighbours)."""
import numpy as np

from mindcell import dtype as mstype
from mindcell import ops
from mindcell.common.tensor import Tensor
from mindcell.ops._errors import public_name, show, check_int, check_bool, check_choice


def _triple(v, op, arg, low):
    if isinstance(v, int) and not isinstance(v, bool):
        v = (v,) * 3
    if not isinstance(v, (tuple, list)) or len(v) != 3:
        raise TypeError("%s: '%s' must be an int or 3 ints, but got %s"
                        % (public_name(op), arg, show(v)))
    return tuple(check_int(i, op, arg, low) for i in v)


def _out_len(size, k, s, p, ceil):
    n = size + 2 * p - k
    out = (n + (s - 1 if ceil else 0)) // s + 1
    if ceil and (out - 1) * s >= size + p:  # the last window must start inside the input
        out -= 1
    return out


def avg_pool3d(input, kernel_size, stride, padding, ceil_mode, count_include_pad,
               divisor_override):
    op = "avg_pool3d"
    k = _triple(kernel_size, op, "kernel_size", 1)
    s = k if stride is None else _triple(stride, op, "stride", 1)
    p = _triple(padding, op, "padding", 0)
    if any(pi * 2 > ki for pi, ki in zip(p, k)):
        raise ValueError("%s: 'padding' %s must be at most half the kernel size %s"
                         % (public_name(op), p, k))
    check_bool(ceil_mode, op, "ceil_mode")
    check_bool(count_include_pad, op, "count_include_pad")
    batched = input.ndim == 5
    x = input if batched else ops.unsqueeze(input, 0)
    spatial = x.shape[2:]
    outs = [_out_len(n, ki, si, pi, ceil_mode) for n, ki, si, pi in zip(spatial, k, s, p)]
    # pad so every window (ceil-mode ones too) lies inside: p before, p + overhang after
    extra = [max(0, (o - 1) * si + ki - (n + 2 * pi)) for o, si, ki, n, pi in
             zip(outs, s, k, spatial, p)]
    pads = []
    for pi, ei in reversed(list(zip(p, extra))):
        pads += [pi, pi + ei]
    c = x.shape[1]
    ones = Tensor(np.ones((c, 1) + k, np.float32), x.dtype)
    total = ops.conv3d(ops.pad(x, tuple(pads)), ones, None, s, "valid", 0, 1, c)
    if divisor_override is not None:
        return _unbatch(total / check_int(divisor_override, op, "divisor_override", 1), batched)
    # window counts: of real elements, or of elements inside the zero-padded input
    region = np.zeros([n + 2 * pi + ei for n, pi, ei in zip(spatial, p, extra)], np.float32)
    inner = tuple(slice(pi, pi + n) for pi, n in zip(p, spatial))
    padded = tuple(slice(0, n + 2 * pi) for pi, n in zip(p, spatial))
    region[inner if not count_include_pad else padded] = 1
    counts = _window_sums(region, k, s)
    return _unbatch(total / Tensor(counts, x.dtype), batched)


def _window_sums(region, k, s):
    from numpy.lib.stride_tricks import sliding_window_view
    windows = sliding_window_view(region, k)[::s[0], ::s[1], ::s[2]]
    return windows.sum(axis=(-3, -2, -1))


def _unbatch(out, batched):
    return out if batched else ops.squeeze(out, 0)


def _averaging_matrix(size, out):
    """(out, size): row i averages input positions [floor(i*size/out), ceil((i+1)*size/out))."""
    m = np.zeros((out, size), np.float64)
    for i in range(out):
        lo, hi = (i * size) // out, -((-(i + 1) * size) // out)
        m[i, lo:hi] = 1.0 / (hi - lo)
    return m


def adaptive_avg_pool3d(input, output_size):
    op = "adaptive_avg_pool3d"
    if not isinstance(input, Tensor) or input.ndim not in (4, 5):
        raise ValueError("%s: 'input' must be a 4-D or 5-D Tensor, but got %s"
                         % (public_name(op), show(input)))
    sizes = output_size if isinstance(output_size, (tuple, list)) else (output_size,) * 3
    if len(sizes) != 3:
        raise TypeError("%s: 'output_size' must be an int or 3 values, but got %r"
                        % (public_name(op), output_size))
    spatial = input.shape[-3:]
    sizes = [n if o is None else check_int(o, op, "output_size", 1)
             for o, n in zip(sizes, spatial)]
    out = input
    for axis, (n, o) in enumerate(zip(spatial, sizes)):
        d = input.ndim - 3 + axis
        moved = ops.swapaxes(out, d, -1)
        moved = ops.matmul(moved, Tensor(_averaging_matrix(n, o).T, input.dtype))
        out = ops.swapaxes(moved, d, -1)
    return out


def max_unpool2d(input, indices, kernel_size, stride, padding, output_size):
    op = "max_unpool2d"
    pair = (lambda v, arg, low: (check_int(v, op, arg, low),) * 2 if isinstance(v, int)
            else tuple(check_int(i, op, arg, low) for i in v))  # noqa: E731
    k = pair(kernel_size, "kernel_size", 1)
    s = k if stride is None else pair(stride, "stride", 1)
    p = pair(padding, "padding", 0)
    batched = input.ndim == 4
    x = input if batched else ops.unsqueeze(input, 0)
    idx = indices if batched else ops.unsqueeze(indices, 0)
    n, c, h, w = x.shape
    if output_size is None:
        size = ((h - 1) * s[0] - 2 * p[0] + k[0], (w - 1) * s[1] - 2 * p[1] + k[1])
    else:
        size = tuple(output_size)[-2:]
    from mindcell.ops.function.nn_more_func import unpool_scatter
    return _unbatch(unpool_scatter(x, idx, size), batched)


def _unnormalize(coord, size, align_corners):
    if align_corners:
        return (coord + 1) * ((size - 1) / 2.0)
    return ((coord + 1) * size - 1) / 2.0


def _reflect(coord, size, align_corners):
    """Coordinates reflected into the image (torch's 'reflection' padding)."""
    lo, span = (0.0, size - 1.0) if align_corners else (-0.5, float(size))
    if span <= 0:
        return ops.zeros_like(coord)
    x = ops.abs(coord - lo)
    flips = ops.floor(x / span)
    extra = x - flips * span
    even = ops.equal(ops.floor(flips / 2) * 2, flips)
    out = ops.where(even, extra + lo, span - extra + lo)
    return ops.clamp(out, 0, size - 1)


def _gather_plane(flat, iy, ix, h, w):
    """``flat`` (N, C, H*W) at integer (N, Ho, Wo) positions, zero outside the image."""
    inside = ops.logical_and(ops.logical_and(ops.ge(iy, 0), ops.lt(iy, h)),
                             ops.logical_and(ops.ge(ix, 0), ops.lt(ix, w)))
    index = ops.clamp(iy, 0, h - 1) * w + ops.clamp(ix, 0, w - 1)
    n, c = flat.shape[:2]
    idx = ops.broadcast_to(ops.reshape(index, (n, 1, -1)),
                           (n, c, index.shape[1] * index.shape[2]))
    vals = ops.reshape(ops.gather_elements(flat, 2, ops.cast(idx, mstype.int64)),
                       (n, c) + tuple(index.shape[1:]))
    return vals * ops.unsqueeze(ops.cast(inside, flat.dtype), 1)


def grid_sample(input, grid, mode, padding_mode, align_corners):
    """4-D ``input`` (N, C, H, W) sampled at ``grid`` (N, Ho, Wo, 2) normalised (x, y) points."""
    op = "grid_sample"
    # 'bicubic' too is a ValueError: MindSpore 2.10's grid_sample has no such mode (ms-oracle)
    check_choice(mode, op, "mode", ("bilinear", "nearest"), ValueError)
    check_choice(padding_mode, op, "padding_mode", ("zeros", "border", "reflection"),
                 ValueError)
    align = False if align_corners is None else check_bool(align_corners, op, "align_corners")
    if input.ndim != 4 or grid.ndim != 4 or grid.shape[-1] != 2 or grid.shape[0] != \
            input.shape[0]:
        raise ValueError("%s: expects input (N, C, H, W) and grid (N, Ho, Wo, 2), but got %s "
                         "and %s" % (public_name(op), input.shape, grid.shape))
    n, c, h, w = input.shape
    gx = _unnormalize(grid[..., 0], w, align)
    gy = _unnormalize(grid[..., 1], h, align)
    if padding_mode == "border":
        gx, gy = ops.clamp(gx, 0, w - 1), ops.clamp(gy, 0, h - 1)
    elif padding_mode == "reflection":
        gx, gy = _reflect(gx, w, align), _reflect(gy, h, align)
    flat = ops.reshape(input, (n, c, h * w))
    if mode == "nearest":
        ix = ops.cast(ops.round(gx), mstype.int64)
        iy = ops.cast(ops.round(gy), mstype.int64)
        return _gather_plane(flat, iy, ix, h, w)
    x0, y0 = ops.floor(gx), ops.floor(gy)
    wx, wy = ops.unsqueeze(gx - x0, 1), ops.unsqueeze(gy - y0, 1)
    x0, y0 = ops.cast(x0, mstype.int64), ops.cast(y0, mstype.int64)
    x1, y1 = x0 + 1, y0 + 1
    return (_gather_plane(flat, y0, x0, h, w) * (1 - wx) * (1 - wy)
            + _gather_plane(flat, y0, x1, h, w) * wx * (1 - wy)
            + _gather_plane(flat, y1, x0, h, w) * (1 - wx) * wy
            + _gather_plane(flat, y1, x1, h, w) * wx * wy)


def avg_pool1d(input, kernel_size, stride, padding, ceil_mode, count_include_pad):
    """1-D average pooling as 2-D pooling over a unit height."""
    def one(v, arg):
        v = v[0] if isinstance(v, (tuple, list)) and len(v) == 1 else v
        return check_int(v, "avg_pool1d", arg, 0)
    kernel = (1, one(kernel_size, "kernel_size"))
    out = ops.avg_pool2d(ops.unsqueeze(input, -2), kernel,
                         kernel if stride is None else (1, one(stride, "stride")),
                         (0, one(padding, "padding")), ceil_mode, count_include_pad)
    return ops.squeeze(out, -2)
