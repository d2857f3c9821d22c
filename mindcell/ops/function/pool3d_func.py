"""3-D max pooling (``ops.max_pool3d`` and the MaxPool3D primitive's 'VALID'/'SAME'/'PAD'
modes) as a composite: pad with the dtype's lowest finite value (what MindSpore's kernel gives a
window of padding only), gather each window along D, H and W with constant index maps, reduce
with max. It differentiates and traces like its parts."""
import numpy as np

from mindcell.common.tensor import Tensor
from mindcell.ops._errors import check_bool, check_ints, public_name
from mindcell.ops._helpers import check_float
from mindcell.ops.defs import shape as S
from mindcell.ops.function import array_func as A
from mindcell.ops.function import reduce_func as R
from mindcell.ops.function.nn_func import _pool_len
from mindcell.ops.function.pad_func import take


def _input5d(x, op):
    check_float(x, op, "x")
    if x.ndim not in (4, 5):
        raise ValueError("%s: 'x' must be 4-D (C, D, H, W) or 5-D (N, C, D, H, W), but got "
                         "shape %s" % (public_name(op), x.shape))
    return x


def window_taps(size, k, s, dilation, before, after, ceil_mode, op):
    """(out, k) padded-input positions of each window along one axis, and the extra trailing
    padding ceil_mode needs."""
    span = (k - 1) * dilation + 1
    out, extra = _pool_len(size, span, s, before, after, ceil_mode, op)
    starts = np.arange(out) * s
    return starts[:, None] + np.arange(k)[None, :] * dilation, extra


def pool3d_max(x, kernel, stride, dilation, pads, ceil_mode, op, with_indices=False):
    """Max over windows of the last three dims; ``pads`` is (d0, d1, h0, h1, w0, w1)."""
    squeeze = x.ndim == 4
    if squeeze:
        x = A.expand_dims(x, 0)
    taps, extras = [], []
    for i in range(3):
        t, e = window_taps(x.shape[2 + i], kernel[i], stride[i], dilation[i], pads[2 * i],
                           pads[2 * i + 1], ceil_mode, op)
        taps.append(t)
        extras.append(e)
    pairs = tuple((0, 0) for _ in range(2)) + tuple(
        (pads[2 * i], pads[2 * i + 1] + extras[i]) for i in range(3))
    lowest = float(np.finfo(x._np_dtype).min)
    y = S.pad_p.bind(x, paddings=pairs, value=lowest) if any(map(any, pairs)) else x
    n, c = x.shape[:2]
    outs = [t.shape[0] for t in taps]
    for i, t in enumerate(taps):  # (N, C, od, kd, oh, kh, ow, kw) after the three gathers
        axis = 2 + 2 * i
        y = take(y, t.ravel(), axis)
        y = A.reshape(y, y.shape[:axis] + t.shape + y.shape[axis + 1:])
    y = A.reshape(A.transpose(y, (0, 1, 2, 4, 6, 3, 5, 7)), (n, c, *outs, -1))
    values = R.amax(y, -1)
    if not with_indices:
        return A.squeeze(values, 0) if squeeze else values
    flat = _flat_sources(taps, pads, x.shape[2:])
    best = R.argmax(y, -1, True)
    table = A.broadcast_to(Tensor._make(flat), (n, c) + flat.shape)
    index = A.squeeze(A.gather_elements(table, 5, best), 5)
    if squeeze:
        return A.squeeze(values, 0), A.squeeze(index, 0)
    return values, index


def _flat_sources(taps, pads, spatial):
    """(od, oh, ow, kd*kh*kw) flat D*H*W index of each window element in the unpadded input
    (padding positions get -1; they never hold the maximum)."""
    d, h, w = (t - pads[2 * i] for i, t in enumerate(taps))
    D, H, W = spatial
    ok = ((d >= 0) & (d < D))[:, None, None, :, None, None] & \
        ((h >= 0) & (h < H))[None, :, None, None, :, None] & \
        ((w >= 0) & (w < W))[None, None, :, None, None, :]
    flat = (d[:, None, None, :, None, None] * H + h[None, :, None, None, :, None]) * W + \
        w[None, None, :, None, None, :]
    flat = np.where(ok, flat, -1)
    return flat.reshape(flat.shape[:3] + (-1,)).astype(np.int64)


def max_pool3d(x, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
               return_indices=False):
    """max_pool3d(x, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
    return_indices=False): 3-D max pooling of (N, C, D, H, W) or (C, D, H, W) input.

    Args:
        x (Tensor): float input.
        kernel_size (Union[int, tuple[int]]): window size, one int or one per dim.
        stride (Union[int, tuple[int]]): window step. Default: None (the kernel size).
        padding (Union[int, tuple[int]]): implicit padding on both sides (never the maximum of a
            window that reaches the input), at most half the kernel. Default: 0.
        dilation (Union[int, tuple[int]]): spacing of window elements. Default: 1.
        ceil_mode (bool): round the output size up. Default: False.
        return_indices (bool): also return the flat D*H*W index of each maximum (Int64).
            Default: False.

    Returns:
        Tensor, or (Tensor, Tensor) with ``return_indices``.

    Raises:
        TypeError: a non-float input or wrong argument types.
        ValueError: wrong ranks, sizes or padding.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.arange(8, dtype=np.float32).reshape(1, 1, 2, 2, 2))
        >>> ops.max_pool3d(x, 2).asnumpy().ravel().tolist()
        [7.0]
    """
    op = "max_pool3d"
    _input5d(x, op)
    kernel = check_ints(kernel_size, op, "kernel_size", 3, 1)
    stride = kernel if stride is None else check_ints(stride, op, "stride", 3, 1)
    pad = check_ints(padding, op, "padding", 3, 0)
    dilation = check_ints(dilation, op, "dilation", 3, 1)
    for p, k in zip(pad, kernel):
        if 2 * p > k:
            raise ValueError("%s: 'padding' must be at most half the kernel size %s, but got %s"
                             % (public_name(op), kernel, padding))
    ceil_mode = check_bool(ceil_mode, op, "ceil_mode")
    pads = (pad[0], pad[0], pad[1], pad[1], pad[2], pad[2])
    return pool3d_max(x, kernel, stride, dilation, pads, ceil_mode, op,
                      check_bool(return_indices, op, "return_indices"))


__all__ = ["max_pool3d"]
