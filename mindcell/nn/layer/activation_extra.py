"""More activation cells: HSigmoid, PReLU (learnable ``w``), Mish, Hardtanh, GLU; and
Dropout2d (whole channels)."""
import numbers

import numpy as np

from mindcell.common.parameter import Parameter
from mindcell.common.tensor import Tensor
from mindcell.nn.cell import Cell
from mindcell.nn.layer.basic import param_for
from mindcell.ops._errors import check_int, check_number, check_positive_int
from mindcell.ops import functional as F


class HSigmoid(Cell):
    """HSigmoid(): relu6(x + 3) / 6."""

    def construct(self, input_x):
        return F.hardsigmoid(input_x)


class Mish(Cell):
    """Mish(): x * tanh(softplus(x))."""

    def construct(self, x):
        return F.mish(x)


class PReLU(Cell):
    """PReLU(channel=1, w=0.25): max(0, x) + w * min(0, x) with a learnable ``w`` of shape
    (channel,): one slope shared by all channels, or one per channel (axis 1)."""

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

    def construct(self, x):
        return F.prelu(x, param_for(x, self.w))


class Hardtanh(Cell):
    """Hardtanh(min_val=-1.0, max_val=1.0): x clamped to [min_val, max_val]."""

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
    """GLU(axis=-1): a * sigmoid(b), a and b the halves of the input along ``axis``."""

    def __init__(self, axis=-1):
        super().__init__()
        self.axis = check_int(axis, "GLU", "axis")

    def construct(self, x):
        return F.glu(x, self.axis)


class Dropout2d(Cell):
    """Dropout2d(p=0.5): in training, zero whole channels of (N, C, H, W) input with
    probability p and scale the rest by 1/(1-p); the identity in eval mode."""

    def __init__(self, p=0.5):
        super().__init__()
        self.p = check_number(p, "Dropout2d", "p", 0.0, 1.0)

    def construct(self, x):
        return F.dropout2d(x, self.p, self.training)

    def extend_repr(self):
        return "p=%s" % self.p
