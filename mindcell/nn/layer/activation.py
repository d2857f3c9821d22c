"""Activation cells and ``get_activation``."""
from mindcell.nn.cell import Cell
from mindcell.ops import functional as F
from mindcell.ops import operations as P


class ReLU(Cell):
    """ReLU(): the rectified linear unit, ``max(x, 0)`` element-wise.

    ``relu`` is its ``ops.ReLU`` primitive, as in MindSpore.

    Inputs:
        x (Tensor): a Tensor of any shape, float or int.

    Outputs:
        Tensor, the same shape and dtype as ``x``.

    Raises:
        TypeError: ``x`` is not a Tensor.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> relu = ms.nn.ReLU()
        >>> print(relu(ms.Tensor(np.array([-1.0, 0.0, 2.5], np.float32))))
        [0.  0.  2.5]
    """

    def __init__(self):
        super().__init__()
        self.relu = P.ReLU()

    def construct(self, x):
        return F.relu(x)


class ReLU6(Cell):
    """ReLU6(): ``min(max(x, 0), 6)`` element-wise.

    Inputs:
        x (Tensor): a Tensor of any shape.

    Outputs:
        Tensor, the same shape and dtype as ``x``.

    Raises:
        TypeError: ``x`` is not a Tensor.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> print(ms.nn.ReLU6()(ms.Tensor(np.array([-3.0, 4.0, 9.0], np.float32))))
        [0. 4. 6.]
    """

    def __init__(self):
        super().__init__()
        self.relu6 = P.ReLU6()

    def construct(self, x):
        return self.relu6(x)


class GELU(Cell):
    """GELU(approximate=True): the Gaussian error linear unit ``x * P(X <= x)``, X ~ N(0, 1).

    Args:
        approximate (bool): ``True`` uses the tanh approximation
            ``0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3)))``, ``False`` the exact erf form
            ``0.5 x (1 + erf(x / sqrt(2)))``. Default: ``True``.

    Inputs:
        x (Tensor): a float Tensor of any shape.

    Outputs:
        Tensor, the same shape and dtype as ``x``.

    Raises:
        TypeError: ``approximate`` is not a bool, ``x`` is not a Tensor or not a float Tensor.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> x = ms.Tensor(np.array([-1.0, 0.5, 2.0], np.float32))
        >>> print(ms.nn.GELU()(x))
        [-0.158808   0.345714   1.9545977]
        >>> print(ms.nn.GELU(approximate=False)(x))
        [-0.15865526  0.34573123  1.9544997 ]
    """

    def __init__(self, approximate=True):
        super().__init__()
        if not isinstance(approximate, bool):
            raise TypeError("GELU: 'approximate' must be a bool, but got %r" % (approximate,))
        # stored as MindSpore 2.10 stores it: the mode's name, 'tanh' or 'none'
        self.approximate = "tanh" if approximate else "none"

    def construct(self, x):
        return F.gelu(x, self.approximate)


class FastGelu(GELU):
    """FastGelu(): the fast GELU approximation ``x / (1 + exp(-1.702|x|)) * exp(0.851 (x - |x|))``,
    i.e. ``x * sigmoid(1.702 x)``.

    Inputs:
        x (Tensor): a float Tensor of any shape.

    Outputs:
        Tensor, the same shape and dtype as ``x``.

    Raises:
        TypeError: ``x`` is not a float Tensor.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> print(ms.nn.FastGelu()(ms.Tensor(np.array([-2.0, 0.0, 1.0], np.float32))))
        [-0.06434137  0.          0.84579575]
    """

    def __init__(self):
        super().__init__(True)
        self.fast_gelu = P.FastGeLU()  # MindSpore's primitive

    def construct(self, x):
        return F.fast_gelu(x)


class SiLU(Cell):
    """SiLU(): the sigmoid linear unit (swish), ``x * sigmoid(x)`` element-wise.

    Inputs:
        x (Tensor): a float Tensor of any shape.

    Outputs:
        Tensor, the same shape and dtype as ``x``.

    Raises:
        TypeError: ``x`` is not a Tensor.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> print(ms.nn.SiLU()(ms.Tensor(np.array([-1.0, 0.0, 3.0], np.float32))))
        [-0.26894143  0.          2.8577223 ]
    """

    def construct(self, x):
        return F.silu(x)


class Sigmoid(Cell):
    """Sigmoid(): the logistic function ``1 / (1 + exp(-x))`` element-wise.

    Inputs:
        x (Tensor): a Tensor of any shape.

    Outputs:
        Tensor, the same shape as ``x``, values in (0, 1).

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> print(ms.nn.Sigmoid()(ms.Tensor(np.array([-2.0, 0.0, 2.0], np.float32))))
        [0.11920291 0.5        0.880797  ]
    """

    def __init__(self):
        super().__init__()
        self.sigmoid = P.Sigmoid()

    def construct(self, x):
        return self.sigmoid(x)


class Tanh(Cell):
    """Tanh(): the hyperbolic tangent element-wise.

    Inputs:
        x (Tensor): a float Tensor of any shape.

    Outputs:
        Tensor, the same shape and dtype as ``x``, values in (-1, 1).

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> print(ms.nn.Tanh()(ms.Tensor(np.array([-1.0, 0.0, 0.5], np.float32))))
        [-0.7615942   0.          0.46211717]
    """

    def __init__(self):
        super().__init__()
        self.tanh = P.Tanh()

    def construct(self, x):
        return self.tanh(x)


class Softmax(Cell):
    """Softmax(axis=-1): ``exp(x) / sum(exp(x))`` along ``axis``.

    Args:
        axis (Union[int, tuple[int]]): the axis to normalize over. Default: ``-1``.

    Inputs:
        x (Tensor): a float Tensor.

    Outputs:
        Tensor, the same shape and dtype as ``x``; the values along ``axis`` sum to 1.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> x = ms.Tensor(np.array([[1.0, 2.0], [3.0, 3.0]], np.float32))
        >>> print(ms.nn.Softmax(axis=0)(x))
        [[0.11920292 0.2689414 ]
         [0.880797   0.7310586 ]]
    """

    def __init__(self, axis=-1):
        super().__init__()
        self.axis = axis
        self.softmax = P.Softmax(axis)

    def construct(self, x):
        return F.softmax(x, self.softmax.axis)  # the primitive's axis, as MindSpore's


class LogSoftmax(Cell):
    """LogSoftmax(axis=-1): ``x - log(sum(exp(x)))`` along ``axis``, the log of Softmax.

    Args:
        axis (int): the axis to normalize over. Default: ``-1``.

    Inputs:
        x (Tensor): a float Tensor.

    Outputs:
        Tensor, the same shape and dtype as ``x``.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> print(ms.nn.LogSoftmax()(ms.Tensor(np.array([0.0, 1.0, 2.0], np.float32))))
        [-2.407606   -1.407606   -0.40760598]
    """

    def __init__(self, axis=-1):
        super().__init__()
        self.axis = axis
        self.log_softmax = P.LogSoftmax(axis)  # MindSpore's primitive

    def construct(self, x):
        return F.log_softmax(x, self.axis)


class LeakyReLU(Cell):
    """LeakyReLU(alpha=0.2): ``x`` where ``x >= 0``, ``alpha * x`` elsewhere.

    Args:
        alpha (Union[int, float]): the slope for negative inputs. Default: ``0.2``.

    Inputs:
        x (Tensor): a Tensor of any shape.

    Outputs:
        Tensor, the same shape and dtype as ``x``.

    Raises:
        TypeError: ``x`` is not a Tensor.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> print(ms.nn.LeakyReLU(alpha=0.1)(ms.Tensor(np.array([-5.0, 2.0], np.float32))))
        [-0.5  2. ]
    """

    def __init__(self, alpha=0.2):
        super().__init__()
        self.alpha = alpha

    def construct(self, x):
        return F.leaky_relu(x, self.alpha)


class ELU(Cell):
    """ELU(alpha=1.0): the exponential linear unit, ``x`` where ``x > 0``,
    ``alpha * (exp(x) - 1)`` elsewhere.

    Args:
        alpha (float): the scale of the negative part. Default: ``1.0``.

    Inputs:
        x (Tensor): a float Tensor of any shape.

    Outputs:
        Tensor, the same shape and dtype as ``x``.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> print(ms.nn.ELU()(ms.Tensor(np.array([-1.0, 0.0, 2.0], np.float32))))
        [-0.63212055  0.          2.        ]
    """

    def __init__(self, alpha=1.0):
        super().__init__()
        self.alpha = alpha
        self.elu = P.Elu(alpha)  # MindSpore's primitive

    def construct(self, x):
        return F.elu(x, self.elu.alpha)  # the primitive's alpha, as MindSpore's (not self.alpha)


class HSwish(Cell):
    """HSwish(): the hard swish ``x * relu6(x + 3) / 6`` element-wise.

    Inputs:
        x (Tensor): a float Tensor of any shape.

    Outputs:
        Tensor, the same shape and dtype as ``x``.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> print(ms.nn.HSwish()(ms.Tensor(np.array([-4.0, -1.0, 1.0, 4.0], np.float32))))
        [-0.         -0.33333334  0.6666667   4.        ]
    """

    def __init__(self):
        super().__init__()
        self.hswish = P.HSwish()

    def construct(self, x):
        return self.hswish(x)


class Softplus(Cell):
    """Softplus(beta=1, threshold=20): ``log(1 + exp(beta * x)) / beta``, and ``x`` itself where
    ``beta * x > threshold`` (where the two agree to float precision).

    Args:
        beta (Union[int, float]): the scale of the input. Default: ``1``.
        threshold (Union[int, float]): above this value of ``beta * x`` the result is ``x``.
            Default: ``20``.

    Inputs:
        x (Tensor): a float Tensor of any shape.

    Outputs:
        Tensor, the same shape and dtype as ``x``.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> print(ms.nn.Softplus(beta=2)(ms.Tensor(np.array([-1.0, 0.0, 30.0], np.float32))))
        [ 0.063464   0.3465736 30.       ]
    """

    def __init__(self, beta=1, threshold=20):
        super().__init__()
        self.beta, self.threshold = beta, threshold

    def construct(self, x):
        return F.softplus(x, self.beta, self.threshold)


# MindSpore's registry of activation names (``mindspore.nn.layer.activation._activation``,
# which programs import and extend), with its exact keys: each module that defines one of
# these cells adds it (activation_extra, basic_extra).
_activation = {
    "relu": ReLU, "relu6": ReLU6, "gelu": GELU, "fast_gelu": FastGelu, "silu": SiLU,
    "sigmoid": Sigmoid, "tanh": Tanh, "softmax": Softmax, "logsoftmax": LogSoftmax,
    "leakyrelu": LeakyReLU, "elu": ELU, "hswish": HSwish,
}
# Names mindcell also accepts (any case; MindSpore's get_activation refuses these).
_ACTIVATIONS = {"swish": SiLU, "softplus": Softplus}


def get_activation(name, prim_name=None):
    """get_activation(name, prim_name=None): a new activation cell from its name.

    The names are MindSpore's (``_activation``: ``'relu'``, ``'relu6'``, ``'gelu'``,
    ``'fast_gelu'``, ``'silu'``, ``'sigmoid'``, ``'tanh'``, ``'softmax'``, ``'logsoftmax'``,
    ``'leakyrelu'``, ``'elu'``, ``'hswish'``, ``'hsigmoid'``, ``'hardtanh'``, ``'mish'``,
    ``'prelu'``, ``'logsigmoid'``), in any case, and ``'swish'`` (SiLU) and ``'softplus'``.

    Args:
        name (Union[str, None]): the activation's name.
        prim_name (str, optional): the name of the cell asking, used in the error messages.
            Default: ``None``.

    Returns:
        Cell, a new instance of the activation with its default arguments, or ``None`` when
        ``name`` is ``None``.

    Raises:
        TypeError: ``name`` is not a str or None.
        KeyError: ``name`` is not a known activation.

    Examples:
        >>> import mindcell as ms
        >>> act = ms.nn.get_activation("relu")
        >>> type(act).__name__
        'ReLU'
        >>> print(ms.nn.get_activation(None))
        None
    """
    owner = "get_activation" if prim_name is None else str(prim_name)
    if name is None:
        return None
    if not isinstance(name, str):
        raise TypeError("%s: 'name' must be a str, but got %s" % (owner, type(name).__name__))
    cls = _activation.get(name)
    if cls is None:
        cls = _activation.get(name.lower(), _ACTIVATIONS.get(name.lower()))
    if cls is None:
        raise KeyError("%s: unknown activation %r; known: %s"
                       % (owner, name, ", ".join(sorted(set(_activation) | set(_ACTIVATIONS)))))
    return cls()
