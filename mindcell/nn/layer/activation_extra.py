"""More activation cells: HSigmoid, PReLU (learnable ``w``), Mish, Hardtanh, GLU; and
Dropout2d (whole channels)."""
import numbers

import numpy as np

from mindcell.common.parameter import Parameter
from mindcell.common.tensor import Tensor
from mindcell.nn.cell import Cell
from mindcell.nn.layer.activation import _activation
from mindcell.nn.layer.basic import param_for
from mindcell.ops._errors import check_int, check_number, check_positive_int
from mindcell.ops import functional as F
from mindcell.ops import operations as P


class HSigmoid(Cell):
    """HSigmoid(): the hard sigmoid ``relu6(x + 3) / 6`` element-wise.

    Inputs:
        input_x (Tensor): a float Tensor of any shape.

    Outputs:
        Tensor, the same shape and dtype as ``input_x``, values in [0, 1].

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> print(ms.nn.HSigmoid()(ms.Tensor(np.array([-4.0, 0.0, 1.5, 4.0], np.float32))))
        [0.   0.5  0.75 1.  ]
    """

    def __init__(self):
        super().__init__()
        self.hsigmoid = P.HSigmoid()  # MindSpore's primitive

    def construct(self, input_x):
        return F.hardsigmoid(input_x)


class Mish(Cell):
    """Mish(): ``x * tanh(softplus(x))`` element-wise.

    Inputs:
        x (Tensor): a float Tensor of any shape.

    Outputs:
        Tensor, the same shape and dtype as ``x``.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> print(ms.nn.Mish()(ms.Tensor(np.array([-1.0, 0.0, 2.0], np.float32))))
        [-0.3034014  0.         1.943959 ]
    """

    def __init__(self):
        super().__init__()
        self.mish = P.Mish()  # MindSpore's primitive

    def construct(self, x):
        return F.mish(x)


class PReLU(Cell):
    """PReLU(channel=1, w=0.25): ``max(0, x) + w * min(0, x)`` with a learnable slope ``w``.

    ``w`` is a float32 Parameter of shape (channel,) (named ``a``): one slope shared by all
    channels, or one per channel (axis 1 of the input).

    Args:
        channel (int): the number of slopes, 1 or the input's channel count. Default: ``1``.
        w (Union[float, list[float], Tensor]): the initial slope(s): one value for all, or
            ``channel`` values. Default: ``0.25``.

    Inputs:
        x (Tensor): a float Tensor; with ``channel > 1`` its axis 1 has ``channel`` entries.

    Outputs:
        Tensor, the same shape and dtype as ``x``.

    Raises:
        ValueError: ``channel`` is not a positive int, or ``w`` does not hold ``channel`` values.
        TypeError: ``w`` is not a float, a list of floats or a float Tensor.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> prelu = ms.nn.PReLU(channel=2, w=[0.1, 0.5])
        >>> print(prelu(ms.Tensor(np.array([[-2.0, -2.0], [3.0, 3.0]], np.float32))))
        [[-0.2 -1. ]
         [ 3.   3. ]]
    """

    def __init__(self, channel=1, w=0.25):
        super().__init__()
        channel = check_positive_int(channel, "PReLU", "channel")
        if isinstance(w, numbers.Real) and not isinstance(w, bool):
            init = np.full((channel,), w, np.float32)
        elif isinstance(w, list) and all(isinstance(v, numbers.Real) for v in w):
            init = np.asarray(w, np.float32)
        elif isinstance(w, Tensor) and w.dtype.is_floating_point:
            init = w.asnumpy().astype(np.float32)
        else:
            raise TypeError("PReLU: 'w' must be a float, a list of floats or a float Tensor, "
                            "but got %r" % (w,))
        if init.shape != (channel,):
            raise ValueError("PReLU: 'w' must have %d value(s) (one per channel), but got shape "
                             "%s" % (channel, init.shape))
        self.channel = channel
        self.w = Parameter(Tensor(init), name="a")
        self.prelu = P.PReLU()  # MindSpore's primitive: prelu(x, w)

    def construct(self, x):
        return F.prelu(x, param_for(x, self.w))


class Hardtanh(Cell):
    """Hardtanh(min_val=-1.0, max_val=1.0): the input clamped to ``[min_val, max_val]``.

    Args:
        min_val (Union[int, float]): the lower bound. Default: ``-1.0``.
        max_val (Union[int, float]): the upper bound. Default: ``1.0``.

    Inputs:
        input (Tensor): a Tensor of any shape.

    Outputs:
        Tensor, the same shape and dtype as ``input``.

    Raises:
        TypeError: a bound is not a number.
        ValueError: ``min_val`` is greater than ``max_val``.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> print(ms.nn.Hardtanh(-0.5, 2.0)(ms.Tensor(np.array([-1.0, 0.3, 3.0], np.float32))))
        [-0.5  0.3  2. ]
    """

    def __init__(self, min_val=-1.0, max_val=1.0):
        super().__init__()
        check_number(min_val, "Hardtanh", "min_val")
        check_number(max_val, "Hardtanh", "max_val")
        if min_val > max_val:
            raise ValueError("Hardtanh: 'min_val' (%r) must not exceed 'max_val' (%r)"
                             % (min_val, max_val))
        self.min_val, self.max_val = min_val, max_val

    def construct(self, input):
        return F.hardtanh(input, self.min_val, self.max_val)


class GLU(Cell):
    """GLU(axis=-1): the gated linear unit ``a * sigmoid(b)``, ``a`` and ``b`` the two halves of
    the input along ``axis``.

    Args:
        axis (int): the axis to split; its size must be even. Default: ``-1``.

    Inputs:
        x (Tensor): a float Tensor.

    Outputs:
        Tensor, the shape of ``x`` with ``axis`` halved.

    Raises:
        TypeError: ``axis`` is not an int.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> x = ms.Tensor(np.array([[1.0, 2.0, 0.0, 10.0]], np.float32))
        >>> print(ms.nn.GLU()(x))
        [[0.5       1.9999092]]
    """

    def __init__(self, axis=-1):
        super().__init__()
        self.axis = check_int(axis, "GLU", "axis")
        # MindSpore's attributes (its own spelling 'spilt'): set once, like MindSpore's
        self.dim = self.axis
        self.spilt = P.Split(axis=self.axis, output_num=2)
        self.sigmoid = P.Sigmoid()

    def construct(self, x):
        return F.glu(x, self.axis)


class Dropout2d(Cell):
    """Dropout2d(p=0.5): in training, zero whole channels of (N, C, H, W) input.

    Each channel is zeroed with probability ``p`` and the kept ones are scaled by ``1 / (1 - p)``;
    in eval mode (``set_train(False)``, the default) the cell returns its input.

    Args:
        p (float): the probability to zero a channel, in [0, 1]. Default: ``0.5``.

    Inputs:
        x (Tensor): a Tensor of shape (N, C, H, W).

    Outputs:
        Tensor, the same shape and dtype as ``x``.

    Raises:
        TypeError: ``p`` is not a number.
        ValueError: ``p`` is outside [0, 1].

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> drop = ms.nn.Dropout2d(p=0.5)
        >>> x = ms.Tensor(np.ones((1, 2, 2, 2), np.float32))
        >>> drop(x).shape
        (1, 2, 2, 2)
        >>> print(drop.set_train(False)(x).sum())
        8.0
    """

    def __init__(self, p=0.5):
        super().__init__()
        self.p = check_number(p, "Dropout2d", "p", 0.0, 1.0)
        self.keep_prob = 1.0 - p  # MindSpore's attribute and primitive
        self.dropout2d = P.Dropout2D(self.keep_prob)

    def construct(self, x):
        return F.dropout2d(x, self.p, self.training)

    def extend_repr(self):
        return "p=%s" % self.p


class Dropout1d(Cell):
    """Dropout1d(p=0.5): in training, zero whole channels of (N, C, L) or (C, L) input.

    Each channel is zeroed with probability ``p`` and the kept ones are scaled by ``1 / (1 - p)``;
    in eval mode the cell returns its input.

    Args:
        p (float): the probability to zero a channel, in [0, 1]. Default: ``0.5``.

    Inputs:
        x (Tensor): a Tensor of shape (N, C, L) or (C, L).

    Outputs:
        Tensor, the same shape and dtype as ``x``.

    Raises:
        TypeError: ``p`` is not a number.
        ValueError: ``p`` is outside [0, 1].

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> drop = ms.nn.Dropout1d(p=0.5)
        >>> x = ms.Tensor(np.ones((2, 3, 4), np.float32))
        >>> drop(x).shape
        (2, 3, 4)
    """

    def __init__(self, p=0.5):
        super().__init__()
        self.p = check_number(p, "Dropout1d", "p", 0.0, 1.0)
        self.prob = p  # MindSpore's name for it

    def construct(self, x):
        return F.dropout1d(x, self.p, self.training)

    def extend_repr(self):
        return "p=%s" % self.p


class Dropout3d(Cell):
    """Dropout3d(p=0.5): in training, zero whole channels of (N, C, D, H, W) input.

    Each channel is zeroed with probability ``p`` and the kept ones are scaled by ``1 / (1 - p)``;
    in eval mode the cell returns its input.

    Args:
        p (float): the probability to zero a channel, in [0, 1]. Default: ``0.5``.

    Inputs:
        x (Tensor): a Tensor of shape (N, C, D, H, W).

    Outputs:
        Tensor, the same shape and dtype as ``x``.

    Raises:
        TypeError: ``p`` is not a number.
        ValueError: ``p`` is outside [0, 1].

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> drop = ms.nn.Dropout3d(p=0.5)
        >>> x = ms.Tensor(np.ones((1, 2, 2, 2, 2), np.float32))
        >>> drop(x).shape
        (1, 2, 2, 2, 2)
    """

    def __init__(self, p=0.5):
        super().__init__()
        self.p = check_number(p, "Dropout3d", "p", 0.0, 1.0)
        self.keep_prob = 1.0 - p  # MindSpore's attribute and primitive
        self.dropout3d = P.Dropout3D(self.keep_prob)

    def construct(self, x):
        return F.dropout3d(x, self.p, self.training)

    def extend_repr(self):
        return "p=%s" % self.p


# MindSpore's activation names for the cells defined here (nn.get_activation, _activation)
_activation.update({"hsigmoid": HSigmoid, "hardtanh": Hardtanh, "mish": Mish, "prelu": PReLU})
