"""The normalisation variants of darts' ``layer_norm_variants``, as mindcell layers:
RMSNorm, LayerNormNoBias, RINorm (with ``inverse``) and a torch-signature LayerNorm."""
import numpy as np

from mindcell import dtype as mstype
from mindcell.common.parameter import Parameter
from mindcell.common.tensor import Tensor
from mindcell.nn.cell import Cell
from mindcell.nn.layer.basic import param_for
from mindcell.ops import functional as F
from mindcell.ops.function.nn_func import layer_norm_op, rms_norm_clamped


def _ones(n, name):
    return Parameter(Tensor(np.ones(n, np.float32)), name=name)


class RMSNorm(Cell):
    """RMSNorm(dim, eps=1e-8): root-mean-square normalization over the last axis,
    ``x / clamp(||x||_2 * dim**-0.5, min=eps) * g``.

    The scale ``g`` is a Parameter of shape (dim,) initialized to ones; forward and backward run
    as one fused kernel.

    Args:
        dim (int): the size of the last axis.
        eps (float): the lower bound of the root mean square. Default: ``1e-8``.

    Inputs:
        x (Tensor): a float Tensor whose last dim is ``dim``.

    Outputs:
        Tensor, the same shape and dtype as ``x``.

    Raises:
        ValueError: ``dim`` is not a positive int, or the input's last dim is not ``dim``.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> norm = ms.nn.RMSNorm(2)
        >>> print(norm(ms.Tensor(np.array([[3.0, 4.0]], np.float32))))
        [[0.84852815 1.1313709 ]]
    """

    def __init__(self, dim, eps=1e-8):
        super().__init__()
        if not isinstance(dim, int) or dim <= 0:
            raise ValueError("RMSNorm: 'dim' must be a positive int, but got %r" % (dim,))
        self.dim, self.eps = dim, float(eps)
        self.scale = dim ** -0.5
        self.g = _ones(dim, "g")

    def construct(self, x):
        if x.shape[-1:] != (self.dim,):
            raise ValueError("RMSNorm: the last dim must be %d, but got shape %s"
                             % (self.dim, x.shape))
        return rms_norm_clamped(x, param_for(x, self.g), self.eps)


class LayerNormNoBias(Cell):
    """LayerNormNoBias(input_size, **kwargs): layer normalization over the last axis with a scale
    (``weight``) and no bias.

    Args:
        input_size (int): the size of the last axis.
        kwargs: torch.nn.LayerNorm's keyword arguments: ``eps`` (float, default ``1e-5``),
            ``elementwise_affine`` (bool, default ``True``; ``False``: no ``weight``, a scale of
            1), ``dtype`` (of ``weight``, a mindcell dtype; default float32) and ``device``
            (None or ``'cpu'``).

    Inputs:
        x (Tensor): a float Tensor whose last dim is ``input_size``.

    Outputs:
        Tensor, the same shape and dtype as ``x``.

    Raises:
        TypeError: an unknown keyword, or a non-bool ``elementwise_affine``.
        ValueError: a ``device`` other than the CPU.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> norm = ms.nn.LayerNormNoBias(3, eps=1e-6)
        >>> print(norm(ms.Tensor(np.array([[0.0, 3.0, 6.0]], np.float32))))
        [[-1.2247448  0.         1.2247448]]
        >>> print(ms.nn.LayerNormNoBias(3, elementwise_affine=False).weight)
        None
    """

    def __init__(self, input_size, **kwargs):
        super().__init__()
        unknown = set(kwargs) - {"eps", "elementwise_affine", "device", "dtype"}
        if unknown:
            raise TypeError("LayerNormNoBias: unexpected keyword arguments %s" % sorted(unknown))
        if kwargs.get("device") not in (None, "cpu", "CPU"):
            raise ValueError("LayerNormNoBias: mindcell runs on the CPU; 'device' must be None or "
                             "'cpu', but got %r" % (kwargs.get("device"),))
        affine = kwargs.get("elementwise_affine", True)
        if not isinstance(affine, bool):
            raise TypeError("LayerNormNoBias: 'elementwise_affine' must be a bool, but got %s"
                            % type(affine).__name__)
        dtype = mstype.to_dtype(kwargs.get("dtype") or mstype.float32).np_dtype
        self.input_size = input_size
        self.eps = float(kwargs.get("eps", 1e-5))
        self.weight = Parameter(Tensor(np.ones(input_size, dtype)), name="weight") \
            if affine else None

    def construct(self, x):
        zeros = Tensor._make(np.zeros(self.input_size, x._np_dtype))
        scale = Tensor._make(np.ones(self.input_size, x._np_dtype)) if self.weight is None \
            else param_for(x, self.weight)
        return layer_norm_op(x, scale, zeros, -1, -1, self.eps)[0]


class LayerNorm(Cell):
    """LayerNorm(input_size, **kwargs): torch.nn.LayerNorm's signature (``eps=1e-5``,
    ``elementwise_affine=True``, ``bias=True``); parameters ``weight`` and ``bias``."""

    def __init__(self, input_size, **kwargs):
        super().__init__()
        unknown = set(kwargs) - {"eps", "elementwise_affine", "bias"}
        if unknown:
            raise TypeError("LayerNorm: unexpected keyword arguments %s" % sorted(unknown))
        shape = (input_size,) if isinstance(input_size, int) else tuple(input_size)
        self.normalized_shape = shape
        self.eps = float(kwargs.get("eps", 1e-5))
        affine = kwargs.get("elementwise_affine", True)
        self.weight = Parameter(Tensor(np.ones(shape, np.float32)), name="weight",
                                requires_grad=affine)
        self.bias = Parameter(Tensor(np.zeros(shape, np.float32)), name="bias",
                              requires_grad=affine and kwargs.get("bias", True))

    def construct(self, x):
        begin = x.ndim - len(self.normalized_shape)
        return layer_norm_op(x, param_for(x, self.weight), param_for(x, self.bias), begin,
                             begin, self.eps)[0]


class RINorm(Cell):
    """RINorm(input_dim, eps=1e-5, affine=True): reversible instance normalization.

    ``construct(x)`` with x of shape (batch, time, input_dim) normalizes with the mean and
    standard deviation over every axis except batch and last (detached from the gradient) and
    stores them; ``inverse(y)`` maps an output of shape (batch, time, input_dim, nr_params)
    back to the input's scale. Called on its own in GRAPH_MODE it runs eagerly, because
    ``inverse`` needs the statistics as values; inside a compiled network (construct calling
    both) it is traced like any cell.

    Args:
        input_dim (int): the size of the last axis.
        eps (float): added to the variance. Default: ``1e-5``.
        affine (bool): learn a per-feature scale ``affine_weight`` and shift ``affine_bias``.
            Default: ``True``.

    Inputs:
        x (Tensor): a float Tensor of shape (batch, ..., input_dim).

    Outputs:
        Tensor, the same shape as ``x``.

    Raises:
        ValueError: the input has fewer than 2 dims or its last dim is not ``input_dim``.
        RuntimeError: ``inverse`` is called before the cell.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> norm = ms.nn.RINorm(1)
        >>> x = ms.Tensor(np.array([[[1.0], [3.0]]], np.float32))
        >>> print(norm(x).reshape(-1))
        [-0.999995  0.999995]
        >>> print(norm.inverse(norm(x).expand_dims(-1)).reshape(-1))
        [1. 3.]
    """

    _keeps_python_state = True

    def __init__(self, input_dim, eps=1e-5, affine=True):
        super().__init__()
        self.input_dim, self.eps, self.affine = input_dim, float(eps), bool(affine)
        if self.affine:
            self.affine_weight = _ones(input_dim, "affine_weight")
            self.affine_bias = Parameter(Tensor(np.zeros(input_dim, np.float32)),
                                         name="affine_bias")
        self.mean = None
        self.stdev = None

    def construct(self, x):
        if x.ndim < 2 or x.shape[-1] != self.input_dim:
            raise ValueError("RINorm: expected (batch, ..., %d) input, but got shape %s"
                             % (self.input_dim, x.shape))
        axes = tuple(range(1, x.ndim - 1))
        mean = F.stop_gradient(F.mean(x, axes, True))
        var = F.mean(F.square(F.sub(x, mean)), axes, True)
        stdev = F.stop_gradient(F.sqrt(F.add(var, self.eps)))
        self.mean, self.stdev = mean, stdev
        x = F.div(F.sub(x, mean), stdev)
        if self.affine:
            x = F.add(F.mul(x, self.affine_weight), self.affine_bias)
        return x

    def inverse(self, x):
        """Undo the normalisation of an output shaped (batch, time, input_dim, nr_params)."""
        if self.mean is None:
            raise RuntimeError("RINorm.inverse: call the cell on an input first")
        if self.affine:
            x = F.sub(x, F.expand_dims(self.affine_bias, -1))
            x = F.div(x, F.add(F.expand_dims(self.affine_weight, -1), self.eps * self.eps))
        x = F.mul(x, F.expand_dims(self.stdev, -1))
        return F.add(x, F.expand_dims(self.mean, -1))
