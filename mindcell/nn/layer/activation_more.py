"""More activation cells with MindSpore 2.10's names and signatures: CELU, Softsign, SoftShrink,
Tanhshrink, Threshold, Softmin, Softmax2d and SeLU, composed from mindcell's functional ops (so
both modes and gradients work)."""
import numbers

import numpy as np

from mindcell.common import dtype as mstype
from mindcell.common.tensor import Tensor
from mindcell.nn.cell import Cell
from mindcell.nn.layer.activation import _activation
from mindcell.ops import functional as F
from mindcell.ops import operations as P

_FLOAT_TYPES = tuple(t for t in (getattr(mstype, n, None) for n in
                                 ("float16", "float32", "float64", "bfloat16")) if t is not None)
# SELU's constants (Klambauer et al., "Self-Normalizing Neural Networks").
_SELU_ALPHA = 1.6732632423543772848170429916717
_SELU_SCALE = 1.0507009873554804934193349852946


def _check_tensor(op, arg, x):
    if not isinstance(x, Tensor):
        raise TypeError("For '%s', '%s' must be a Tensor, but got %s"
                        % (op, arg, type(x).__name__))


def _check_float(op, arg, x):
    _check_tensor(op, arg, x)
    if x.dtype not in _FLOAT_TYPES:
        raise TypeError("For '%s', '%s' must be a float Tensor (float16, float32, float64 or "
                        "bfloat16), but got %s" % (op, arg, x.dtype))


def _is_real(v):
    return isinstance(v, numbers.Real) and not isinstance(v, (bool, np.bool_))


class CELU(Cell):
    r"""CELU(alpha=1.0): the continuously differentiable exponential linear unit,
    :math:`\max(0, x) + \min(0, \alpha (\exp(x / \alpha) - 1))` element-wise.

    Args:
        alpha (float): the scale :math:`\alpha` of the negative part. Default: ``1.0``.

    Inputs:
        - **x** (Tensor) - a float16 or float32 Tensor of any shape.

    Outputs:
        Tensor, the same shape and dtype as ``x``.

    Raises:
        TypeError: ``alpha`` is not a float, or ``x`` is not a float Tensor.
        ValueError: ``alpha`` is 0.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> print(ms.nn.CELU(alpha=2.0)(ms.Tensor(np.array([-1.0, 0.0, 2.0], np.float32))))
        [-0.78693867  0.          2.        ]
    """

    def __init__(self, alpha=1.0):
        super().__init__()
        if not isinstance(alpha, float):
            raise TypeError("For 'CELU', 'alpha' must be a float, but got %s"
                            % type(alpha).__name__)
        if alpha == 0:
            raise ValueError("For 'CELU', 'alpha' must not be 0, but got %r" % alpha)
        self.alpha = alpha
        self.celu = P.CeLU(alpha)  # MindSpore's primitive

    def construct(self, x):
        _check_float("CELU", "x", x)
        return F.elu(F.div(x, self.alpha), 1.0) * self.alpha


class Softsign(Cell):
    r"""Softsign(): :math:`x / (1 + |x|)` element-wise.

    Inputs:
        - **x** (Tensor) - a float16 or float32 Tensor of any shape.

    Outputs:
        Tensor, the same shape and dtype as ``x``.

    Raises:
        TypeError: ``x`` is not a float Tensor.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> print(ms.nn.Softsign()(ms.Tensor(np.array([-3.0, 0.0, 1.0], np.float32))))
        [-0.75  0.    0.5 ]
    """

    def __init__(self):
        super().__init__()
        self.softsign = P.Softsign()  # MindSpore's primitive

    def construct(self, x):
        _check_float("Softsign", "x", x)
        return F.softsign(x)


class SoftShrink(Cell):
    r"""SoftShrink(lambd=0.5): :math:`x - \lambda` where :math:`x > \lambda`,
    :math:`x + \lambda` where :math:`x < -\lambda`, and 0 elsewhere.

    Args:
        lambd (float): the threshold :math:`\lambda`, at least 0. Default: ``0.5``.

    Inputs:
        - **input** (Tensor) - a float16 or float32 Tensor of any shape.

    Outputs:
        Tensor, the same shape and dtype as ``input``.

    Raises:
        TypeError: ``lambd`` is not a float or int, or ``input`` is not a float Tensor.
        RuntimeError: ``lambd`` is negative (MindSpore 2.10 raises this type).

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> print(ms.nn.SoftShrink()(ms.Tensor(np.array([-1.0, 0.2, 2.0], np.float32))))
        [-0.5  0.   1.5]
    """

    def __init__(self, lambd=0.5):
        super().__init__()
        if not _is_real(lambd):
            raise TypeError("For 'SoftShrink', 'lambd' must be a float, but got %s"
                            % type(lambd).__name__)
        if lambd < 0:
            raise RuntimeError("For 'SoftShrink', 'lambd' must be greater than or equal to 0, "
                               "but got %r" % lambd)
        self.lambd = float(lambd)
        self.softshrink = P.SoftShrink(self.lambd)  # MindSpore's primitive

    def construct(self, input):  # noqa: A002 - MindSpore's input name
        _check_float("SoftShrink", "input", input)
        lam = self.lambd
        x = input
        if x.dtype in (mstype.float16, getattr(mstype, "bfloat16", None)):
            x = F.cast(x, mstype.float32)  # lambd in float32, as MindSpore computes it
        zero = F.zeros_like(x)
        out = F.where(x > lam, x - lam, F.where(x < -lam, x + lam, zero))
        return F.cast(out, input.dtype)


class Tanhshrink(Cell):
    r"""Tanhshrink(): :math:`x - \tanh(x)` element-wise; an integer input is computed in
    float32.

    Inputs:
        - **x** (Tensor) - a Tensor of any shape.

    Outputs:
        Tensor, the same shape as ``x``: its dtype for a float ``x``, float32 otherwise.

    Raises:
        TypeError: ``x`` is not a Tensor.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> print(ms.nn.Tanhshrink()(ms.Tensor(np.array([-1.0, 0.0, 3.0], np.float32))))
        [-0.23840582  0.          2.0049453 ]
    """

    def construct(self, x):
        _check_tensor("Tanhshrink", "x", x)
        if x.dtype not in _FLOAT_TYPES:
            x = F.cast(x, mstype.float32)
        return x - F.tanh(x)


class Threshold(Cell):
    r"""Threshold(threshold, value): ``input`` where it is greater than ``threshold``, ``value``
    elsewhere.

    Args:
        threshold (Union[int, float]): the threshold.
        value (Union[int, float]): the value put where ``input <= threshold``.

    Inputs:
        - **input_x** (Tensor) - a Tensor of any shape.

    Outputs:
        Tensor, the same shape and dtype as ``input_x``.

    Raises:
        TypeError: ``threshold`` or ``value`` is not an int or float, or ``input_x`` is not a
            Tensor.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> print(ms.nn.Threshold(0.1, 20.0)(ms.Tensor(np.array([-1.0, 0.1, 2.0], np.float32))))
        [20. 20.  2.]
    """

    def __init__(self, threshold, value):
        super().__init__()
        self.threshold = threshold
        self.value = value

    def construct(self, input_x):
        for arg, v in (("threshold", self.threshold), ("value", self.value)):
            if not _is_real(v):
                raise TypeError("For 'Threshold', '%s' must be an int or float, but got %s"
                                % (arg, type(v).__name__))
        _check_tensor("Threshold", "input_x", input_x)
        fill = F.cast(F.fill(mstype.float32, (), self.value), input_x.dtype)
        return F.where(input_x > self.threshold, input_x, F.broadcast_to(fill, input_x.shape))


class Softmin(Cell):
    r"""Softmin(axis=-1): :math:`\exp(-x) / \sum \exp(-x)` along ``axis``, the softmax of
    :math:`-x`.

    Args:
        axis (int): the axis to normalize over. Default: ``-1``.

    Inputs:
        - **x** (Tensor) - a float16 or float32 Tensor.

    Outputs:
        Tensor, the same shape and dtype as ``x``.

    Raises:
        TypeError: ``axis`` is not an int, or ``x`` is not a float Tensor.
        ValueError: ``axis`` is out of range for ``x``.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> print(ms.nn.Softmin()(ms.Tensor(np.array([1.0, 2.0, 3.0], np.float32))))
        [0.66524094 0.24472848 0.09003057]
    """

    def __init__(self, axis=-1):
        super().__init__()
        self.axis = axis

    def construct(self, x):
        if isinstance(self.axis, (tuple, list)):
            raise NotImplementedError("For 'Softmin', a tuple 'axis' is not supported (MindSpore "
                                      "2.10 fails on it too); got %r" % (self.axis,))
        if not isinstance(self.axis, int) or isinstance(self.axis, bool):
            raise TypeError("For 'Softmin', 'axis' must be an int, but got %s"
                            % type(self.axis).__name__)
        _check_float("Softmin", "x", x)
        nd = len(x.shape)
        if not -max(nd, 1) <= self.axis < max(nd, 1):
            raise ValueError("For 'Softmin', 'axis' must be in [%d, %d) for a %d-D input, but "
                             "got %d" % (-max(nd, 1), max(nd, 1), nd, self.axis))
        return F.softmax(-x, self.axis)


class Softmax2d(Cell):
    r"""Softmax2d(): the softmax over the channels (axis -3) at every spatial location of a
    :math:`(C, H, W)` or :math:`(N, C, H, W)` input.

    Inputs:
        - **x** (Tensor) - a 3-D or 4-D float16 or float32 Tensor.

    Outputs:
        Tensor, the same shape and dtype as ``x``.

    Raises:
        TypeError: ``x`` is not a float Tensor.
        ValueError: ``x`` is not 3-D or 4-D.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> x = ms.Tensor(np.array([[[0.0]], [[1.0]]], np.float32))
        >>> print(ms.nn.Softmax2d()(x).reshape(-1))
        [0.2689414 0.7310586]
    """

    def __init__(self):
        super().__init__()
        self.softmax = P.Softmax(-3)  # MindSpore's primitives
        self.shape = P.Shape()

    def construct(self, x):
        _check_tensor("Softmax2d", "x", x)
        if len(x.shape) not in (3, 4):
            raise ValueError("For 'Softmax2d', the input must be 3-D or 4-D, but got a %d-D "
                             "Tensor" % len(x.shape))
        _check_float("Softmax2d", "x", x)
        return F.softmax(x, -3)


class SeLU(Cell):
    r"""SeLU(): the scaled exponential linear unit,
    :math:`scale \cdot (\max(0, x) + \min(0, \alpha (\exp(x) - 1)))` with
    :math:`\alpha \approx 1.6733` and :math:`scale \approx 1.0507`.

    Inputs:
        - **input_x** (Tensor) - a float16 or float32 Tensor of any shape.

    Outputs:
        Tensor, the same shape and dtype as ``input_x``.

    Raises:
        TypeError: ``input_x`` is not a float Tensor (MindSpore 2.10 computes integer inputs
            with a truncated result; mindcell refuses them).

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> print(ms.nn.SeLU()(ms.Tensor(np.array([-1.0, 0.0, 2.0], np.float32))))
        [-1.1113307  0.         2.101402 ]
    """

    def __init__(self):
        super().__init__()
        self.selu = P.SeLU()  # MindSpore's primitive

    def construct(self, input_x):
        _check_float("SeLU", "input_x", input_x)
        return F.elu(input_x, _SELU_ALPHA) * _SELU_SCALE


_activation.update({"softsign": Softsign, "softshrink": SoftShrink, "tanhshrink": Tanhshrink,
                    "threshold": Threshold, "softmin": Softmin, "softmax2d": Softmax2d})
