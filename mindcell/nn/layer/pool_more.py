"""LPPool1d, LPPool2d and MaxPool3d with MindSpore 2.10's signatures, attributes and argument
checks, on mindcell's functional pooling (so both modes and gradients work)."""
import math
import numbers

import numpy as np

from mindcell.common.tensor import Tensor
from mindcell.nn.cell import Cell
from mindcell.ops import functional as F
from mindcell.ops import operations as P


def _is_int(v):
    return isinstance(v, numbers.Integral) and not isinstance(v, (bool, np.bool_))


def _norm_type(norm_type, op):
    if not isinstance(norm_type, (float, int)) or isinstance(norm_type, bool):
        raise TypeError("For %s, the type of 'norm_type' must be float or int, but got %s"
                        % (op, type(norm_type).__name__))
    if norm_type == 0:
        raise ValueError("For %s, the value of 'norm_type' can not be 0." % op)
    return float(norm_type)


def lp_pool1d(*args):
    """ops.lp_pool1d (imported on first use: mindcell.ops loads the layers' module first)."""
    from mindcell.ops.function.nn_compose_func import lp_pool1d as fn
    return fn(*args)


def lp_pool2d(*args):
    """ops.lp_pool2d (imported on first use)."""
    from mindcell.ops.function.nn_compose_func import lp_pool2d as fn
    return fn(*args)


class LPPool1d(Cell):
    r"""LPPool1d(norm_type, kernel_size, stride=None, ceil_mode=False): the power-average
    pooling :math:`(\sum_{window} x^p)^{1/p}` over the last axis.

    Args:
        norm_type (Union[int, float]): the power :math:`p`, not 0.
        kernel_size (int): the window length.
        stride (int, optional): the step; ``None`` for ``kernel_size``. Default: ``None``.
        ceil_mode (bool): round the output length up (a last, partial window). Default:
            ``False``.

    Inputs:
        - **x** (Tensor) - :math:`(N, C, L)` or :math:`(C, L)`.

    Outputs:
        Tensor, :math:`(N, C, L_{out})` or :math:`(C, L_{out})`.

    Raises:
        TypeError: ``norm_type`` is not an int or float.
        ValueError: ``norm_type`` is 0.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> x = ms.Tensor(np.array([[[3.0, 4.0, 1.0, 1.0]]], np.float32))
        >>> print(ms.nn.LPPool1d(2, 2)(x))
        [[[5.        1.4142135]]]
    """

    def __init__(self, norm_type, kernel_size, stride=None, ceil_mode=False):
        super().__init__()
        self.norm_type = norm_type
        self.kernel_size = kernel_size
        self.stride = stride
        self.ceil_mode = ceil_mode

    def construct(self, x):
        p = _norm_type(self.norm_type, "lp_pool1d")
        k = self.kernel_size
        s = k if self.stride is None else self.stride
        if not _is_int(k) or not _is_int(s):
            raise TypeError("For lp_pool1d, 'kernel_size' and 'stride' must be ints, but got %r "
                            "and %r" % (k, s))
        if len(x.shape) not in (2, 3):
            raise ValueError("For lp_pool1d, 'x' must be 2-D or 3-D, but got %d-D"
                             % len(x.shape))
        if not isinstance(self.ceil_mode, bool):  # the avg_pool2d error it always raised
            x3 = F.expand_dims(x, 0) if len(x.shape) == 2 else x
            F.avg_pool2d(F.expand_dims(x3, 2), (1, k), (1, s), 0, self.ceil_mode)
        return lp_pool1d(x, p, k, s, self.ceil_mode)


class LPPool2d(Cell):
    r"""LPPool2d(norm_type, kernel_size, stride=None, ceil_mode=False): the power-average
    pooling :math:`(\sum_{window} x^p)^{1/p}` over the last two axes of an
    :math:`(N, C, H, W)` input.

    Args:
        norm_type (Union[int, float]): the power :math:`p`, not 0.
        kernel_size (Union[int, tuple[int]]): the window, one int for both axes or
            ``(kH, kW)``.
        stride (Union[int, tuple[int]], optional): the step; ``None`` for ``kernel_size``.
            Default: ``None``.
        ceil_mode (bool): round the output size up (last, partial windows). Default: ``False``.

    Inputs:
        - **x** (Tensor) - :math:`(N, C, H, W)`.

    Outputs:
        Tensor, :math:`(N, C, H_{out}, W_{out})`.

    Raises:
        TypeError: ``norm_type`` is not an int or float.
        ValueError: ``norm_type`` is 0, or ``x`` is not 4-D.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> x = ms.Tensor(np.array([[[[3.0, 4.0], [0.0, 0.0]]]], np.float32))
        >>> print(ms.nn.LPPool2d(2, 2)(x))
        [[[[5.]]]]
    """

    def __init__(self, norm_type, kernel_size, stride=None, ceil_mode=False):
        super().__init__()
        self.norm_type = norm_type
        self.kernel_size = kernel_size
        self.stride = stride
        self.ceil_mode = ceil_mode

    def construct(self, x):
        p = _norm_type(self.norm_type, "lp_pool2d")
        k = self.kernel_size if isinstance(self.kernel_size, tuple) else \
            (self.kernel_size, self.kernel_size)
        s = k if self.stride is None else self.stride
        if len(x.shape) != 4:
            raise ValueError("For lp_pool2d, 'x' must be 4-D (N, C, H, W), but got %d-D"
                             % len(x.shape))
        if not all(_is_int(v) for v in k) or not isinstance(self.ceil_mode, bool):
            F.avg_pool2d(x, k, s, 0, self.ceil_mode)  # the avg_pool2d error it always raised
        return lp_pool2d(x, p, k, s, self.ceil_mode)


def _triple(v, op, arg, low):
    if _is_int(v):
        v = (v,) * 3
    if not isinstance(v, (tuple, list)) or len(v) != 3 or not all(_is_int(i) for i in v):
        raise TypeError("For '%s', '%s' must be an int or a tuple of 3 ints, but got %r"
                        % (op, arg, v))
    if any(i < low for i in v):
        raise ValueError("For '%s', each '%s' must be at least %d, but got %r"
                         % (op, arg, low, tuple(v)))
    return tuple(int(i) for i in v)


def _pad6(padding):
    return tuple(p for p in padding for _ in (0, 1))


class MaxPool3d(Cell):
    r"""MaxPool3d(kernel_size=1, stride=1, pad_mode='valid', padding=0, dilation=1,
    return_indices=False, ceil_mode=False): the maximum over 3-D windows of an
    :math:`(N, C, D, H, W)` or :math:`(C, D, H, W)` input.

    Args:
        kernel_size (Union[int, tuple[int]]): the window, an int or ``(kD, kH, kW)``.
            Default: ``1``.
        stride (Union[int, tuple[int]]): the step. Default: ``1``.
        pad_mode (str): ``'valid'`` (no padding), ``'same'`` (output size
            ``ceil(input / stride)``, padded with -inf, the extra at the end) or ``'pad'``
            (``padding``). Default: ``'valid'``.
        padding (Union[int, tuple[int]]): the padding on both sides of D, H, W; only with
            ``'pad'``. Default: ``0``.
        dilation (Union[int, tuple[int]]): the spacing of the window's elements; not 1 only
            with ``'pad'``. Default: ``1``.
        return_indices (bool): also return the flat indices of the maxima; only with
            ``'pad'``. Default: ``False``.
        ceil_mode (bool): round the output size up; only with ``'pad'``. Default: ``False``.

    Inputs:
        - **x** (Tensor) - a 4-D or 5-D Tensor.

    Outputs:
        Tensor, the pooled values; with ``return_indices`` a tuple (values, indices).

    Raises:
        TypeError: ``kernel_size``, ``stride``, ``padding`` or ``dilation`` is not an int or 3
            ints.
        ValueError: a size is out of range, ``pad_mode`` is not one of the three, or
            ``padding``, ``dilation``, ``return_indices`` or ``ceil_mode`` is used without
            ``'pad'``.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> x = ms.Tensor(np.arange(16, dtype=np.float32).reshape(1, 1, 2, 2, 4))
        >>> print(ms.nn.MaxPool3d(2, 2)(x))
        [[[[[13. 15.]]]]]
    """

    def __init__(self, kernel_size=1, stride=1, pad_mode="valid", padding=0, dilation=1,
                 return_indices=False, ceil_mode=False):
        super().__init__()
        name = "MaxPool3d"
        self._ksize = _triple(kernel_size, name, "kernel_size", 1)
        self._strides = _triple(stride, name, "stride", 1)
        # as given (an int stays an int), as MindSpore stores them; construct uses the triples
        self.kernel_size = tuple(kernel_size) if isinstance(kernel_size, list) else kernel_size
        self.stride = tuple(stride) if isinstance(stride, list) else stride
        if not isinstance(pad_mode, str) or pad_mode.upper() not in ("VALID", "SAME", "PAD"):
            raise ValueError("For '%s', 'pad_mode' must be 'valid', 'same' or 'pad', but got "
                             "%r" % (name, pad_mode))
        self.pad_mode = pad_mode.upper()
        self.padding = _triple(padding, name, "padding", 0)
        self.dilation = _triple(dilation, name, "dilation", 1)
        self.return_indices = bool(return_indices)
        self.ceil_mode = bool(ceil_mode)
        if self.pad_mode != "PAD":
            for arg, bad in (("padding", any(self.padding)),
                             ("dilation", self.dilation != (1, 1, 1)),
                             ("return_indices", self.return_indices),
                             ("ceil_mode", self.ceil_mode)):
                if bad:
                    raise ValueError("For '%s', the pad_mode must be 'pad' when '%s' is set, "
                                     "but got pad_mode: %s" % (name, arg, pad_mode))
        # MindSpore's attributes (set once; construct does not read them): 'NCHW', and a
        # MaxPool3D primitive unless dilation/return_indices ask for MaxPool3DWithArgmax,
        # which mindcell does not hold as a primitive
        self.format = "NCHW"
        self.only_pad = self.dilation != (1, 1, 1) or self.return_indices
        if not self.only_pad:
            self.max_pool = P.MaxPool3D(self._ksize, self._strides, self.pad_mode,
                                        _pad6(self.padding), True if self.ceil_mode else None)

    def construct(self, x):
        expand = len(x.shape) == 4
        if expand:
            x = F.expand_dims(x, 0)
        if len(x.shape) != 5:
            raise ValueError("For 'MaxPool3d', the input must be 4-D or 5-D, but got %d-D"
                             % len(x.shape))
        if self.pad_mode == "PAD":
            out = F.max_pool3d(x, self._ksize, self._strides, self.padding, self.dilation,
                               self.ceil_mode, self.return_indices)
        else:
            if self.pad_mode == "SAME":
                pads = []
                for size, k, s in zip(reversed(x.shape[2:]), reversed(self._ksize),
                                      reversed(self._strides)):
                    total = max((int(math.ceil(size / s)) - 1) * s + k - size, 0)
                    pads += [total // 2, total - total // 2]
                if any(pads):
                    x = F.pad(x, tuple(pads), "constant", float("-inf"))
            out = F.max_pool3d(x, self._ksize, self._strides, 0)
        if expand:
            if isinstance(out, tuple):
                return F.squeeze(out[0], 0), F.squeeze(out[1], 0)
            return F.squeeze(out, 0)
        return out


def _axis_plan(length, k, s, mode, pad, ceil_mode):
    """(pad before, pad after including any ceil_mode extension, output size, per-window
    counts including the padding, per-window counts of input elements) along one axis."""
    if mode == "SAME":
        out = -(-length // s)
        total = max((out - 1) * s + k - length, 0)
        before, after = total // 2, total - total // 2
    elif mode == "PAD":
        before = after = pad
        span = length + 2 * pad - k
        out = (-(-span // s) if ceil_mode else span // s) + 1
        if ceil_mode and (out - 1) * s >= length + pad:
            out -= 1
    else:
        before = after = 0
        out = (length - k) // s + 1
    extra = max((out - 1) * s + k - (length + before + after), 0)
    starts = np.arange(out) * s
    ends = starts + k
    with_pad = np.minimum(ends, before + length + after) - starts
    inside = np.minimum(ends, before + length) - np.maximum(starts, before)
    return before, after + extra, out, with_pad, np.maximum(inside, 0)


class AvgPool3d(Cell):
    r"""AvgPool3d(kernel_size=1, stride=1, pad_mode='valid', padding=0, ceil_mode=False,
    count_include_pad=True, divisor_override=None): the average over 3-D windows of an
    :math:`(N, C, D, H, W)` or :math:`(C, D, H, W)` input.

    Args:
        kernel_size (Union[int, tuple[int]]): the window, an int or ``(kD, kH, kW)``.
            Default: ``1``.
        stride (Union[int, tuple[int]]): the step. Default: ``1``.
        pad_mode (str): ``'valid'``, ``'same'`` (output size ``ceil(input / stride)``, the
            extra padding at the end) or ``'pad'`` (``padding``). Default: ``'valid'``.
        padding (Union[int, tuple[int]]): zero padding on both sides of D, H, W; only with
            ``'pad'``. Default: ``0``.
        ceil_mode (bool): round the output size up (windows may end past the padding; the
            part past it is not counted). Default: ``False``.
        count_include_pad (bool): count the padding in the divisor. Default: ``True``.
        divisor_override (int, optional): divide every window's sum by this instead.
            Default: ``None``.

    Inputs:
        - **x** (Tensor) - a 4-D or 5-D float Tensor.

    Outputs:
        Tensor, the pooled values.

    Raises:
        TypeError: ``kernel_size``, ``stride`` or ``padding`` is not an int or 3 ints.
        ValueError: a size is out of range, ``pad_mode`` is not one of the three,
            ``padding`` is used without ``'pad'``, or ``divisor_override`` is not above 0.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> x = ms.Tensor(np.arange(16, dtype=np.float32).reshape(1, 1, 2, 2, 4))
        >>> print(ms.nn.AvgPool3d(2, 2)(x))
        [[[[[6.5 8.5]]]]]
    """

    def __init__(self, kernel_size=1, stride=1, pad_mode="valid", padding=0, ceil_mode=False,
                 count_include_pad=True, divisor_override=None):
        super().__init__()
        name = "AvgPool3d"
        self._ksize = _triple(kernel_size, name, "kernel_size", 1)
        self._strides = _triple(stride, name, "stride", 1)
        # as given (an int stays an int), as MindSpore stores them; construct uses the triples
        self.kernel_size = tuple(kernel_size) if isinstance(kernel_size, list) else kernel_size
        self.stride = tuple(stride) if isinstance(stride, list) else stride
        if not isinstance(pad_mode, str) or pad_mode.upper() not in ("VALID", "SAME", "PAD"):
            raise ValueError("For '%s', 'pad_mode' must be 'valid', 'same' or 'pad', but got "
                             "%r" % (name, pad_mode))
        self.pad_mode = pad_mode.upper()
        if isinstance(padding, (tuple, list)) and len(padding) != 3:
            raise ValueError("For '%s', 'padding' must be an int or 3 ints, but got %r"
                             % (name, padding))
        self.padding = _triple(padding, name, "padding", 0)
        if self.pad_mode != "PAD" and any(self.padding):
            raise ValueError("For '%s', 'padding' must be 0 unless pad_mode is 'pad', but got "
                             "%r with pad_mode %r" % (name, padding, pad_mode))
        if divisor_override is not None and divisor_override <= 0:
            raise ValueError("For '%s', the 'divisor_override' must be > 0, but got %r."
                             % (name, divisor_override))
        self.ceil_mode = bool(ceil_mode)
        self.count_include_pad = bool(count_include_pad)
        self.divisor_override = divisor_override
        self.format = "NCHW"  # MindSpore's attribute, and its AvgPool3D primitive
        if not self.ceil_mode:  # mindcell's AvgPool3D primitive has no ceil_mode
            self.avg_pool = P.AvgPool3D(self._ksize, self._strides, self.pad_mode.lower(),
                                        _pad6(self.padding), False, self.count_include_pad,
                                        divisor_override or 0)

    def construct(self, x):
        expand = len(x.shape) == 4
        if expand:
            x = F.expand_dims(x, 0)
        if len(x.shape) != 5:
            raise ValueError("For 'AvgPool3d', the input must be 4-D or 5-D, but got %d-D"
                             % len(x.shape))
        n, c = x.shape[0], x.shape[1]
        plans = [_axis_plan(length, k, s, self.pad_mode, p, self.ceil_mode) for length, k, s, p
                 in zip(x.shape[2:], self._ksize, self._strides, self.padding)]
        pads = []
        for before, after, _, _, _ in reversed(plans):
            pads += [before, after]
        y = F.reshape(x, (n * c, 1) + tuple(x.shape[2:]))
        if any(pads):
            y = F.pad(y, tuple(pads))
        ones = Tensor(np.ones((1, 1) + self._ksize, np.float32)).astype(x.dtype)
        sums = F.conv3d(y, ones, stride=self._strides)
        sums = F.reshape(sums, (n, c) + tuple(sums.shape[2:]))
        if self.divisor_override is not None:
            out = sums / float(self.divisor_override)
        else:
            idx = 3 if self.count_include_pad else 4
            counts = plans[0][idx][:, None, None] * plans[1][idx][None, :, None] * \
                plans[2][idx][None, None, :]
            out = sums / Tensor(counts.astype(np.float32)).astype(x.dtype)
        return F.squeeze(out, 0) if expand else out
