"""Dense, Flatten, Dropout, Identity."""
import math

from mindcell import dtype as mstype
from mindcell.common.initializer import HeUniform, Uniform, initializer
from mindcell.common.parameter import Parameter
from mindcell.common.tensor import Tensor
from mindcell.nn.cell import Cell
from mindcell.nn.layer.activation import get_activation
from mindcell.ops import functional as F
from mindcell.ops import operations as P
from mindcell.ops._errors import check_positive_int
from mindcell.ops._helpers import cast_to
from mindcell._core.mixed_precision import running_float_type


def param_for(x, param):
    """The parameter cast to the input's float dtype (a float16 batch through a float32 layer
    ...); inside a mixed-precision cell the parameter itself: its primitive calls cast both to
    the cell's type (a cast to the input's dtype first would round it twice)."""
    if param is None or not isinstance(x, Tensor) or param._np_dtype == x._np_dtype \
            or not mstype.is_float_np(x._np_dtype) or running_float_type() is not None:
        return param  # (not a Tensor: the layer's op raises TypeError naming itself, as MindSpore)
    return cast_to(param, x._np_dtype)


def check_param_dtype(cell, x, param, owner):
    """Raise TypeError, as MindSpore does, when a float input's dtype differs from the cell's
    parameters outside mixed precision (``to_float``/amp cast parameters when they are used):
    a float64 batch through a float32 layer is a user error, not a float64 result."""
    if (param is not None and isinstance(x, Tensor) and x._np_dtype != param._np_dtype
            and cell.__dict__.get("_mixed_precision_type") is None
            and running_float_type() is None):
        raise TypeError("%s: the input's dtype must be the parameters' dtype %s, but got %s; "
                        "cast the input (x.astype(ms.%s)) or the cell (cell.to_float(...))"
                        % (owner, param.dtype, x.dtype, str(param.dtype).lower()))


class Dense(Cell):
    """Dense(in_channels, out_channels, weight_init=None, bias_init=None, has_bias=True,
    activation=None, dtype=mstype.float32): ``y = activation(x @ weight.T + bias)``.

    ``weight`` has shape (out_channels, in_channels). Default initialisation: HeUniform(sqrt(5))
    weights and Uniform(1/sqrt(in_channels)) bias.

    Args:
        in_channels (int): size of the input's last dimension.
        out_channels (int): size of the output's last dimension.
        weight_init (Union[Tensor, str, Initializer, numbers.Number]): the weight's initial
            value or initializer (``"ones"``, ``"normal"``, ``HeUniform()`` ...).
        bias_init (Union[Tensor, str, Initializer, numbers.Number]): the bias's.
        has_bias (bool): add a bias.
        activation (Union[str, Cell, None]): applied to the result (``"relu"`` ...).
        dtype (dtype): the parameters' dtype.

    Inputs:
        x (Tensor): shape ``(*, in_channels)``.

    Outputs:
        Tensor of shape ``(*, out_channels)``.

    Raises:
        ValueError: a channel count is not a positive int, ``weight_init`` has the wrong
            shape, or the input's last dimension is not ``in_channels``.
        TypeError: ``activation`` is not a str, Cell or None, or the input is not a float
            Tensor.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> net = ms.nn.Dense(3, 2, weight_init="ones", bias_init="zeros")
        >>> net(ms.Tensor(np.ones((1, 3), np.float32))).shape
        (1, 2)
    """

    def __init__(self, in_channels, out_channels, weight_init=None, bias_init=None,
                 has_bias=True, activation=None, dtype=mstype.float32):
        super().__init__()
        self.in_channels = check_positive_int(in_channels, "Dense", "in_channels")
        self.out_channels = check_positive_int(out_channels, "Dense", "out_channels")
        self.has_bias = bool(has_bias)
        if weight_init is None:
            weight_init = HeUniform(math.sqrt(5))
        w = initializer(weight_init, (out_channels, in_channels), dtype)
        if w.shape != (out_channels, in_channels):
            raise ValueError("Dense: weight_init has shape %s, expected %s"
                             % (w.shape, (out_channels, in_channels)))
        self.weight = Parameter(w, name="weight")
        self.bias = None
        # MindSpore's inner primitives, which subclasses call: x @ weight.T (+ bias)
        self.reshape, self.shape_op = P.Reshape(), P.Shape()
        self.matmul = P.MatMul(transpose_b=True)
        if self.has_bias:
            if bias_init is None:
                bias_init = Uniform(1.0 / math.sqrt(in_channels))
            self.bias = Parameter(initializer(bias_init, (out_channels,), dtype), name="bias")
            self.bias_add = P.BiasAdd()
        if isinstance(activation, str):
            activation = get_activation(activation)
        if activation is not None and not isinstance(activation, Cell) and not callable(
                activation):
            raise TypeError("Dense: 'activation' must be a str, a Cell or None, but got %s"
                            % type(activation).__name__)
        self.activation = activation
        self.activation_flag = activation is not None

    def construct(self, x):
        if not isinstance(x, Tensor) or x.dtype == mstype.bool_ or (
                not mstype.is_float_np(x._np_dtype) and x._np_dtype != self.weight._np_dtype):
            # MindSpore's MatMul rejects an integer input against float weights (never compute
            # a silently promoted result); an integer Dense (dtype=ms.int32) takes its own dtype.
            raise TypeError("Dense: the input must be a float Tensor or one of the weight's "
                            "dtype %s, but got %s" % (self.weight.dtype, x.dtype if isinstance(
                                x, Tensor) else type(x).__name__))
        if x.shape[-1:] != (self.in_channels,):
            raise ValueError("Dense: the input's last dim must be in_channels=%d, but got shape "
                             "%s" % (self.in_channels, x.shape))
        check_param_dtype(self, x, self.weight, "Dense")
        # as MindSpore, has_bias and activation_flag are read at each call
        out = F.dense(x, param_for(x, self.weight),
                      param_for(x, self.bias) if self.has_bias else None)
        if self.activation_flag:
            out = self.activation(out)
        return out

    def extend_repr(self):
        s = "input_channels=%d, output_channels=%d" % (self.in_channels, self.out_channels)
        if self.has_bias:
            s += ", has_bias=%s" % self.has_bias
        if self.activation_flag:
            s += ", activation=%s" % (self.activation,)
        return s


class Flatten(Cell):
    """Flatten(start_dim=1, end_dim=-1): merge the dims ``start_dim`` .. ``end_dim`` into one
    (the batch dim 0 is kept by default).

    Args:
        start_dim (int): the first dim to merge. Default: ``1``.
        end_dim (int): the last dim to merge. Default: ``-1``.

    Inputs:
        x (Tensor): a Tensor; 0-D and 1-D inputs are returned unchanged.

    Outputs:
        Tensor with the same elements, the merged dims replaced by their product.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> x = ms.Tensor(np.zeros((2, 3, 4, 5), np.float32))
        >>> ms.nn.Flatten()(x).shape
        (2, 60)
        >>> ms.nn.Flatten(start_dim=0, end_dim=1)(x).shape
        (6, 4, 5)
    """

    def __init__(self, start_dim=1, end_dim=-1):
        super().__init__()
        self.start_dim, self.end_dim = start_dim, end_dim

    def construct(self, x):
        if x.ndim <= 1:
            return x
        return F.flatten(x, start_dim=self.start_dim, end_dim=self.end_dim)


class Dropout(Cell):
    """Dropout(keep_prob=0.5, p=None, dtype=mstype.float32): in training, zero elements at random
    and scale the rest by ``1 / (1 - p)``.

    The drop probability is ``p`` when given, else ``1 - keep_prob``. In eval mode
    (``set_train(False)``, the default) or with a drop probability of 0 the cell returns its
    input. As in MindSpore, the attributes keep what was given: ``p`` is None unless ``p`` was
    passed, ``keep_prob`` is the ``keep_prob`` argument; ``dropout`` is the ``ops.Dropout``
    primitive with the keep probability in use.

    Args:
        keep_prob (float): the probability to keep an element, in (0, 1] (used when ``p`` is
            None). Default: ``0.5``.
        p (float, optional): the probability to zero an element, in [0, 1). Default: ``None``.
        dtype (mindcell.dtype): no effect, as in MindSpore 2.10: the output keeps the input's
            dtype. Default: ``mstype.float32``.

    Inputs:
        x (Tensor): a float Tensor of any shape.

    Outputs:
        Tensor, the same shape and dtype as ``x``.

    Raises:
        ValueError: ``p`` is outside [0, 1), or (without ``p``) ``keep_prob`` outside (0, 1].

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> drop = ms.nn.Dropout(p=0.2)
        >>> x = ms.Tensor(np.ones((2, 3), np.float32))
        >>> print(drop(x))
        [[1. 1. 1.]
         [1. 1. 1.]]
        >>> drop.set_train()(x).shape
        (2, 3)
    """

    def __init__(self, keep_prob=0.5, p=None, dtype=mstype.float32):
        super().__init__()
        if p is not None:
            if isinstance(p, bool) or not isinstance(p, (int, float)) or not 0 <= p < 1:
                raise ValueError("Dropout: 'p' must be a number in [0, 1), but got %r" % (p,))
            drop = p
        else:
            if isinstance(keep_prob, bool) or not isinstance(keep_prob, (int, float)) \
                    or not 0 < keep_prob <= 1:
                raise ValueError("Dropout: 'keep_prob' must be a number in (0, 1], but got %r"
                                 % (keep_prob,))
            drop = 1.0 - keep_prob
        self._drop = drop
        self.p, self.keep_prob = p, keep_prob
        self.dropout = P.Dropout(keep_prob=1.0 - drop)

    def construct(self, x):
        # as MindSpore: setting p to 0 or keep_prob to 1 after construction turns dropout off;
        # any other rate is that of the primitive built in __init__
        if not self.training or self.keep_prob == 1 or self.p == 0:
            return x
        return F.dropout(x, 1.0 - self.dropout.keep_prob, True)

    def extend_repr(self):
        return "p=%s" % self._drop


class Identity(Cell):
    """Identity(*args, **kwargs): returns its input unchanged (a placeholder layer); the
    constructor takes any arguments and uses none (MindSpore's and PyTorch's signature, so
    that a layer can be swapped for it without changing its call).

    Inputs:
        x (Any): the input.

    Outputs:
        ``x`` itself.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> x = ms.Tensor(np.array([1, 2], np.int32))
        >>> ms.nn.Identity()(x) is x
        True
    """

    def __init__(self, *args, **kwargs):
        super().__init__()

    def construct(self, x):
        return x
