"""conv3d as a sum of Conv2D calls, one per kernel depth tap.

For tap k the depth slices d*stride + k*dilation of every output depth d are gathered, folded
into the batch and convolved in 2-D with weight[:, :, k]; the taps' results add up. That keeps
the Conv2D kernel (im2col + GEMM, its bprop) doing all the arithmetic, with kd calls instead of
a new primitive."""
import numpy as np

from mindcell.ops._errors import check_ints, public_name
from mindcell.ops._helpers import cast_to
from mindcell.ops.defs import shape as S
from mindcell.ops.function import array_func as A
from mindcell.ops.function import math_func as M
from mindcell.common.tensor import Tensor
from mindcell.ops.function.nn_func import (_check_conv_bias, _check_conv_groups,
                                           _check_conv_operands, _empty_conv, conv2d,
                                           same_padding)
from mindcell.ops.function.pad_func import take


def triple(v, op, arg, low=1):
    """An int or 3 ints (or MindSpore's 5-entry (1, 1, d, h, w) form for stride/dilation)."""
    if isinstance(v, (tuple, list)) and len(v) == 5:
        v = tuple(v[2:])
    return check_ints(v, op, arg, 3, low)


def padding6(padding, op):
    """(head, tail, top, bottom, left, right) from an int, 3 ints (both sides) or 6 ints."""
    if isinstance(padding, (tuple, list)) and len(padding) == 3:
        padding = tuple(p for p in padding for _ in (0, 1))
    return check_ints(padding, op, "padding", 6, 0)


def conv3d(input, weight, bias=None, stride=1, pad_mode="valid", padding=0, dilation=1,
           groups=1):
    """Applies a 3-D convolution (cross-correlation) to NCDHW input.

    Args:
        input (Tensor): float, of shape (N, C_in, D, H, W).
        weight (Tensor): of shape (C_out, C_in / groups, kD, kH, kW); cast to ``input``'s dtype.
        bias (Tensor, optional): of shape (C_out,). Default: ``None``.
        stride (Union[int, tuple[int]]): an int, 3 ints or MindSpore's (1, 1, sD, sH, sW).
            Default: ``1``.
        pad_mode (str): ``'valid'``, ``'same'`` or ``'pad'`` (``padding``). Default: ``'valid'``.
        padding (Union[int, tuple[int]]): with 'pad', an int, 3 ints (both sides of D, H, W) or
            (head, tail, top, bottom, left, right); must be 0 otherwise. Default: ``0``.
        dilation (Union[int, tuple[int]]): an int, 3 ints or (1, 1, dD, dH, dW). Default: ``1``.
        groups (int): split the channels into groups convolved separately. Default: ``1``.

    Returns:
        Tensor of shape (N, C_out, D_out, H_out, W_out).

    Raises:
        TypeError: ``input`` is not a float tensor, or ``weight``/``bias`` is not a Tensor.
        ValueError: ``input``/``weight`` are not 5-D, an unknown ``pad_mode``, non-zero
            ``padding`` without 'pad', channels that do not match ``groups``, a kernel larger than
            the padded input, or a ``bias`` of the wrong shape.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.ones((1, 2, 3, 4, 4), np.float32))
        >>> w = Tensor(np.ones((4, 2, 2, 3, 3), np.float32))
        >>> y = ops.conv3d(x, w, pad_mode="pad", padding=(0, 1, 1))
        >>> print(y.shape, y[0, 0, 0, 0, 0])
        (1, 4, 2, 4, 4) 16.0
    """
    op = "conv3d"
    _check_conv_operands(input, weight, pad_mode, op, ("NCDHW", "OIDHW"))
    stride, dilation = triple(stride, op, "stride"), triple(dilation, op, "dilation")
    groups = _check_conv_groups(input, weight, groups, op)
    pads = padding6(padding, op)
    if pad_mode != "pad" and any(pads):
        raise ValueError("%s: 'padding' must be 0 unless pad_mode is 'pad'" % public_name(op))
    ksize = weight.shape[2:]
    if pad_mode == "same":
        pads = sum((same_padding(n, k, s, d) for n, k, s, d in
                    zip(input.shape[2:], ksize, stride, dilation)), ())
    spans = [n + pads[2 * i] + pads[2 * i + 1] - dilation[i] * (ksize[i] - 1) - 1
             for i, n in enumerate(input.shape[2:])]
    padded = [n + pads[2 * i] + pads[2 * i + 1] for i, n in enumerate(input.shape[2:])]
    if _empty_conv(spans, stride, ksize, padded, op):
        return Tensor(np.zeros(input.shape[:1] + weight.shape[:1]
                               + tuple(max(sp + 1, 0) for sp in spans), input._np_dtype))
    out = _conv3d_taps(input, cast_to(weight, input._np_dtype), stride, pads, dilation, groups,
                       spans[0] // stride[0] + 1)
    if bias is not None:
        _check_conv_bias(bias, weight, op)
        out = M.add(out, A.reshape(cast_to(bias, input._np_dtype), (1, -1, 1, 1, 1)))
    return out


def _conv3d_taps(x, w, stride, pads, dilation, groups, d_out):
    n, c = x.shape[:2]
    if pads[0] or pads[1]:
        pairs = ((0, 0), (0, 0), (pads[0], pads[1]), (0, 0), (0, 0))
        x = S.pad_p.bind(x, paddings=pairs, value=0)
    total = None
    for k in range(w.shape[2]):
        depth = np.arange(d_out) * stride[0] + k * dilation[0]
        xs = A.transpose(take(x, depth, 2), (0, 2, 1, 3, 4))  # (N, Do, C, H, W)
        xs = A.reshape(xs, (n * d_out, c) + x.shape[3:])
        y = conv2d(xs, A.squeeze(A.narrow(w, 2, k, 1), 2), None, stride[1:], "pad", pads[2:],
                   dilation[1:], groups)
        total = y if total is None else M.add(total, y)
    total = A.reshape(total, (n, d_out) + total.shape[1:])
    return A.transpose(total, (0, 2, 1, 3, 4))


__all__ = ["conv3d"]
