"""AdaptiveAvgPool3d, AdaptiveMaxPool3d and RReLU with MindSpore 2.10's signatures, attributes
and argument checks. The 3-D adaptive pools are separable (a box's mean is the mean over its
depth of the means of its (H, W) slices, and likewise the maximum), so they run on the 2-D
adaptive pools: both modes and gradients work."""
import numbers

import numpy as np

from mindcell.common import dtype as mstype
from mindcell.common.tensor import Tensor
from mindcell.nn.cell import Cell
from mindcell.ops import functional as F
from mindcell.ops import operations as P


def _size3(output_size, op):
    if isinstance(output_size, numbers.Integral) and not isinstance(output_size, bool):
        output_size = (output_size,) * 3
    if not isinstance(output_size, (tuple, list)) or len(output_size) != 3 or not all(
            s is None or (isinstance(s, numbers.Integral) and not isinstance(s, bool) and s > 0)
            for s in output_size):
        raise ValueError("For '%s', 'output_size' must be a positive int or a tuple of 3 "
                         "positive ints or None, but got %r" % (op, output_size))
    return tuple(output_size)


def _adaptive3d(x, size, op, pool2d):
    expand = len(x.shape) == 4
    if expand:
        x = F.expand_dims(x, 0)
    if len(x.shape) != 5:
        raise ValueError("For '%s', the input must be 4-D or 5-D, but got %d-D"
                         % (op, len(x.shape)))
    n, c, d, h, w = x.shape
    od, oh, ow = [i if s is None else s for s, i in zip(size, (d, h, w))]
    y = F.reshape(pool2d(F.reshape(x, (n, c * d, h, w)), (oh, ow)), (n, c, d, oh, ow))
    y = F.transpose(y, (0, 1, 3, 4, 2))                     # depth last
    y = F.reshape(pool2d(F.reshape(y, (n, c * oh, ow, d)), (ow, od)), (n, c, oh, ow, od))
    y = F.transpose(y, (0, 1, 4, 2, 3))
    return F.squeeze(y, 0) if expand else y


class AdaptiveAvgPool3d(Cell):
    r"""AdaptiveAvgPool3d(output_size): the average over adaptive 3-D windows, so that the
    output has spatial size ``output_size`` (window ``i`` of an axis of size ``L`` pooled to
    ``O`` covers ``[floor(i L / O), ceil((i + 1) L / O))``).

    Args:
        output_size (Union[int, tuple]): :math:`(D_{out}, H_{out}, W_{out})` or one int for
            all; a ``None`` entry keeps the input's size.

    Inputs:
        - **input** (Tensor) - a 4-D or 5-D float Tensor.

    Outputs:
        Tensor, the input with its last 3 axes pooled to ``output_size``.

    Raises:
        ValueError: ``output_size`` is not a positive int or 3 of them (or None), or the
            input is not 4-D or 5-D.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> x = ms.Tensor(np.arange(8, dtype=np.float32).reshape(1, 1, 2, 2, 2))
        >>> print(ms.nn.AdaptiveAvgPool3d(1)(x).reshape(-1))
        [3.5]
    """

    def __init__(self, output_size):
        super().__init__()
        self.output_size = _size3(output_size, "AdaptiveAvgPool3d")
        self.adaptive_avg_pool3d = P.AdaptiveAvgPool3D(output_size)  # as MindSpore holds

    def construct(self, input):  # noqa: A002 - MindSpore's input name
        return _adaptive3d(input, self.output_size, "AdaptiveAvgPool3d", F.adaptive_avg_pool2d)


class AdaptiveMaxPool3d(Cell):
    r"""AdaptiveMaxPool3d(output_size, return_indices=False): the maximum over adaptive 3-D
    windows (as in AdaptiveAvgPool3d), the output's spatial size ``output_size``; the gradient
    goes to the first maximum of each window, as in MindSpore.

    The attribute ``output_size`` is an int32 Tensor of the three sizes, as in MindSpore.

    Args:
        output_size (Union[int, tuple[int]]): :math:`(D_{out}, H_{out}, W_{out})` or one int.
        return_indices (bool): also return the index of each maximum, flat over the input's
            last 3 axes (``d * H * W + h * W + w``, Int32, as MindSpore). Default: ``False``.

    Inputs:
        - **input** (Tensor) - a 4-D or 5-D float Tensor.

    Outputs:
        Tensor, the input with its last 3 axes pooled to ``output_size``; with
        ``return_indices`` a tuple of it and the indices.

    Raises:
        ValueError: ``output_size`` is not a positive int or 3 of them, or the input is not
            4-D or 5-D.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> x = ms.Tensor(np.arange(8, dtype=np.float32).reshape(1, 1, 2, 2, 2))
        >>> print(ms.nn.AdaptiveMaxPool3d(1)(x).reshape(-1))
        [7.]
        >>> print(ms.nn.AdaptiveMaxPool3d((1, 1, 2), True)(x)[1].reshape(-1))
        [6 7]
    """

    def __init__(self, output_size, return_indices=False):
        super().__init__()
        size = _size3(output_size, "AdaptiveMaxPool3d")
        if any(s is None for s in size):
            raise ValueError("For 'AdaptiveMaxPool3d', 'output_size' must be positive ints, but "
                             "got %r" % (output_size,))
        self._size = size
        self.output_size = Tensor(np.array(size, np.int32))
        self.return_indices = return_indices

    def construct(self, input):  # noqa: A002 - MindSpore's input name
        x = input
        expand = len(x.shape) == 4
        if expand:
            x = F.expand_dims(x, 0)
        if len(x.shape) != 5:
            raise ValueError("For 'AdaptiveMaxPool3d', the input must be 4-D or 5-D, but got "
                             "%d-D" % len(x.shape))
        od, oh, ow = self._size
        if self.return_indices:
            from mindcell.ops.function.resample_func import _adaptive_max
            y, index = _adaptive_max(x, (od, oh, ow), True)
            index = F.cast(index, mstype.int32)
            return (F.squeeze(y, 0), F.squeeze(index, 0)) if expand else (y, index)
        # W, then H, then D: the gradient goes to the first maximum in (d, h, w) order
        y = _adaptive_max_last(x, ow)
        y = F.transpose(_adaptive_max_last(F.transpose(y, (0, 1, 2, 4, 3)), oh), (0, 1, 2, 4, 3))
        y = F.transpose(_adaptive_max_last(F.transpose(y, (0, 1, 4, 3, 2)), od), (0, 1, 4, 3, 2))
        return F.squeeze(y, 0) if expand else y


def _adaptive_max_last(x, out):
    """The adaptive max pooling of the last axis to ``out`` entries, one max_pool2d per
    window (its gradient goes to the window's first maximum, as MindSpore's does)."""
    length = x.shape[-1]
    lead = tuple(x.shape[:-1])
    flat = F.reshape(x, (-1, 1, 1, length))
    parts = []
    for i in range(out):
        start, end = (i * length) // out, -((-(i + 1) * length) // out)
        parts.append(F.max_pool2d(flat[..., start:end], (1, end - start), (1, end - start)))
    return F.reshape(F.concat(parts, -1), lead + (out,))


class RReLU(Cell):
    r"""RReLU(lower=1/8, upper=1/3): the randomized leaky ReLU, ``x`` where ``x >= 0`` and
    ``a * x`` elsewhere, ``a`` drawn uniformly from ``[lower, upper)`` for each element at
    every call (in training and evaluation alike, as in MindSpore 2.10).

    ``lower`` and ``upper`` are kept as float32 Tensors.

    Args:
        lower (Union[int, float]): the least slope. Default: ``1/8``.
        upper (Union[int, float]): the greatest slope, at least ``lower``. Default: ``1/3``.

    Inputs:
        - **x** (Tensor) - a float Tensor.

    Outputs:
        Tensor, the shape and dtype of ``x``.

    Raises:
        TypeError: ``lower`` or ``upper`` is not an int or float, or ``x`` not a Tensor.
        ValueError: ``lower`` is greater than ``upper``.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> print(ms.nn.RReLU(0.25, 0.25)(ms.Tensor(np.array([-4.0, 2.0], np.float32))))
        [-1.  2.]
    """

    def __init__(self, lower=1 / 8, upper=1 / 3):
        super().__init__()
        for arg, v in (("upper", upper), ("lower", lower)):
            if not isinstance(v, (float, int)) or isinstance(v, bool):
                raise TypeError("For 'RReLU', '%s' must be an int or float, but got %s"
                                % (arg, type(v).__name__))
        if lower > upper:
            raise ValueError("For RReLU, the value of 'upper' must be greater than or equal to "
                             "'lower', but got upper: %r, lower: %r. " % (upper, lower))
        self.lower = Tensor(float(lower), mstype.float32)
        self.upper = Tensor(float(upper), mstype.float32)
        self._lo, self._hi = float(lower), float(upper)
        self.sign = P.Sign()  # MindSpore's primitive

    def construct(self, x):
        if not isinstance(x, Tensor):
            raise TypeError("For 'rrelu', the input must be a Tensor, but got %s"
                            % type(x).__name__)
        if self._lo == self._hi:
            slope = F.fill(x.dtype, x.shape, self._lo)
        else:
            u = F.stop_gradient(F.cast(F.rand(*x.shape), x.dtype))
            slope = u * (self._hi - self._lo) + self._lo
        return F.where(x < 0, x * slope, x)
