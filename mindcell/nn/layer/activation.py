"""Activation cells and ``get_activation``."""
from mindcell.nn.cell import Cell
from mindcell.ops import functional as F
from mindcell.ops import operations as P


class ReLU(Cell):
    """ReLU(): max(x, 0); ``relu`` is its ``ops.ReLU`` primitive, as in MindSpore."""

    def __init__(self):
        super().__init__()
        self.relu = P.ReLU()

    def construct(self, x):
        return F.relu(x)


class ReLU6(Cell):
    """ReLU6(): min(max(x, 0), 6)."""

    def construct(self, x):
        return F.relu6(x)


class GELU(Cell):
    """GELU(approximate=True): the tanh approximation by default, the exact erf form with
    ``approximate=False``."""

    def __init__(self, approximate=True):
        super().__init__()
        if not isinstance(approximate, bool):
            raise TypeError("GELU: 'approximate' must be a bool, but got %r" % (approximate,))
        self.approximate = approximate

    def construct(self, x):
        return F.gelu(x, "tanh" if self.approximate else "none")


class FastGelu(GELU):
    """FastGelu(): ``x / (1 + exp(-1.702|x|)) * exp(0.851 (x - |x|))``, i.e. x * sigmoid(1.702x)."""

    def __init__(self):
        super().__init__(True)

    def construct(self, x):
        return F.fast_gelu(x)


class SiLU(Cell):
    """SiLU(): x * sigmoid(x)."""

    def construct(self, x):
        return F.silu(x)


class Sigmoid(Cell):
    """Sigmoid()."""

    def construct(self, x):
        return F.sigmoid(x)


class Tanh(Cell):
    """Tanh()."""

    def construct(self, x):
        return F.tanh(x)


class Softmax(Cell):
    """Softmax(axis=-1)."""

    def __init__(self, axis=-1):
        super().__init__()
        self.axis = axis
        self.softmax = P.Softmax(axis)

    def construct(self, x):
        return F.softmax(x, self.axis)


class LogSoftmax(Cell):
    """LogSoftmax(axis=-1)."""

    def __init__(self, axis=-1):
        super().__init__()
        self.axis = axis

    def construct(self, x):
        return F.log_softmax(x, self.axis)


class LeakyReLU(Cell):
    """LeakyReLU(alpha=0.2)."""

    def __init__(self, alpha=0.2):
        super().__init__()
        self.alpha = alpha

    def construct(self, x):
        return F.leaky_relu(x, self.alpha)


class ELU(Cell):
    """ELU(alpha=1.0)."""

    def __init__(self, alpha=1.0):
        super().__init__()
        self.alpha = alpha

    def construct(self, x):
        return F.elu(x, self.alpha)


class HSwish(Cell):
    """HSwish(): x * relu6(x + 3) / 6."""

    def construct(self, x):
        return F.hardswish(x)


class Softplus(Cell):
    """Softplus(beta=1, threshold=20)."""

    def __init__(self, beta=1, threshold=20):
        super().__init__()
        self.beta, self.threshold = beta, threshold

    def construct(self, x):
        return F.softplus(x, self.beta, self.threshold)


_ACTIVATIONS = {
    "relu": ReLU, "relu6": ReLU6, "gelu": GELU, "fast_gelu": FastGelu, "silu": SiLU,
    "swish": SiLU, "sigmoid": Sigmoid, "tanh": Tanh, "softmax": Softmax,
    "logsoftmax": LogSoftmax, "leakyrelu": LeakyReLU, "elu": ELU, "hswish": HSwish,
    "softplus": Softplus,
}


def get_activation(name, prim_name=None):
    """get_activation(name, prim_name=None): a new activation cell from its name ('relu',
    'gelu', ...); errors name ``prim_name`` (the cell asking) when given."""
    owner = "get_activation" if prim_name is None else str(prim_name)
    if name is None:
        return None
    if not isinstance(name, str):
        raise TypeError("%s: 'name' must be a str, but got %s" % (owner, type(name).__name__))
    cls = _ACTIVATIONS.get(name.lower())
    if cls is None:
        raise KeyError("%s: unknown activation %r; known: %s"
                       % (owner, name, ", ".join(sorted(_ACTIVATIONS))))
    return cls()
