"""The Cells of ``mindcell.mint.nn`` with MindSpore 2.10's ``mindspore.mint.nn`` constructor
signatures, parameter names, default initialisation and reprs; each runs the matching
``mint.nn.functional`` face."""
import math

from mindcell import dtype as mstype
from mindcell.common.initializer import HeUniform, Normal, Uniform, initializer
from mindcell.common.parameter import Parameter
from mindcell.common.tensor import Tensor
from mindcell.mint.nn import functional as F
from mindcell.nn.cell import Cell
from mindcell.nn.layer.basic import param_for
from mindcell.ops._errors import check_positive_int, check_int, check_number


def _params(owner, shape, fan_in, bias, weight_init, bias_init, dtype):
    """'weight' of ``shape`` and, with ``bias``, 'bias' ``(shape[0],)``: both uniform in
    ``+-1/sqrt(fan_in)`` by default (``weight_init``/``bias_init`` override)."""
    dtype = mstype.float32 if dtype is None else dtype
    bound = 1 / math.sqrt(fan_in)
    weight = Parameter(initializer(HeUniform(math.sqrt(5)) if weight_init is None
                                   else weight_init, shape, dtype), name="weight")
    if tuple(weight.shape) != tuple(shape):
        raise ValueError("%s: weight_init has shape %s, expected %s"
                         % (owner, tuple(weight.shape), tuple(shape)))
    if not bias:
        return weight, None
    return weight, Parameter(initializer(Uniform(bound) if bias_init is None else bias_init,
                                         (shape[0],), dtype), name="bias")


def _zero_row(table, row):
    data = table.asnumpy().copy()
    data[row] = 0
    return Tensor(data)


class Linear(Cell):
    """Linear(in_features, out_features, bias=True, weight_init=None, bias_init=None,
    dtype=None): ``y = x @ weight.T + bias``.

    ``weight`` is (out_features, in_features); both it and ``bias`` start uniform in
    ``+-1/sqrt(in_features)`` unless ``weight_init``/``bias_init`` say otherwise.

    Args:
        in_features (int): size of the input's last dimension.
        out_features (int): size of the output's last dimension.
        bias (bool): whether there is a 'bias' parameter. Default: ``True``.
        weight_init (Union[Tensor, str, Initializer, numbers.Number, None]): the weight's
            initial value. Default: ``None``.
        bias_init (Union[Tensor, str, Initializer, numbers.Number, None]): the bias's.
            Default: ``None``.
        dtype (Union[mindspore.dtype, None]): the parameters' dtype (float32 when None).

    Inputs:
        x (Tensor): ``(*, in_features)``.

    Outputs:
        Tensor of shape ``(*, out_features)``.

    Raises:
        TypeError: a feature count is not an int.
        ValueError: a feature count is not positive, or ``weight_init`` has the wrong shape.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, mint
        >>> net = mint.nn.Linear(3, 2, weight_init="ones", bias_init="zeros")
        >>> net(Tensor(np.ones((1, 3), np.float32)))
        Tensor(shape=[1, 2], dtype=Float32, value=
        [[ 3.00000000e+00,  3.00000000e+00]])
    """

    def __init__(self, in_features, out_features, bias=True, weight_init=None, bias_init=None,
                 dtype=None):
        super().__init__()
        self.in_features = check_positive_int(in_features, "Linear", "in_features")
        self.out_features = check_positive_int(out_features, "Linear", "out_features")
        self.has_bias = bool(bias)
        self.weight, self.bias = _params("Linear", (out_features, in_features), in_features,
                                         self.has_bias, weight_init, bias_init, dtype)

    def construct(self, x):
        return F.linear(x, param_for(x, self.weight), param_for(x, self.bias))

    def extend_repr(self):
        s = "input_features=%d, output_features=%d" % (self.in_features, self.out_features)
        return s + (", has_bias=True" if self.has_bias else "")


class PReLUExt(Cell):
    """PReLU(num_parameters=1, init=0.25, dtype=None): ``x`` where positive, ``weight * x``
    elsewhere, with a learned 'weight' of ``num_parameters`` slopes (one, or one per channel of
    dim 1) starting at ``init``. MindSpore names this class ``PReLUExt``.

    Args:
        num_parameters (int): 1 or the channel count. Default: ``1``.
        init (float): the initial slope. Default: ``0.25``.
        dtype (Union[mindspore.dtype, None]): the weight's dtype (float32 when None).

    Inputs:
        input (Tensor): ``(N, C, *)`` or any shape with ``num_parameters=1``.

    Outputs:
        Tensor of the same shape.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, mint
        >>> mint.nn.PReLU()(Tensor(np.array([-2., 2.], np.float32)))
        Tensor(shape=[2], dtype=Float32, value= [-5.00000000e-01,  2.00000000e+00])
    """

    def __init__(self, num_parameters=1, init=0.25, dtype=None):
        super().__init__()
        n = check_positive_int(num_parameters, "PReLU", "num_parameters")
        value = check_number(init, "PReLU", "init")
        self.weight = Parameter(initializer(value, (n,), mstype.float32 if dtype is None
                                            else dtype), name="weight")

    def construct(self, input):
        return F.prelu(input, param_for(input, self.weight))


class EmbeddingExt(Cell):
    """Embedding(num_embeddings, embedding_dim, padding_idx=None, max_norm=None, norm_type=2.0,
    scale_grad_by_freq=False, sparse=False, _weight=None, _freeze=False, dtype=None): the rows
    of a learned 'weight' table (num_embeddings, embedding_dim), N(0, 1) initially with the
    ``padding_idx`` row zero. MindSpore names this class ``EmbeddingExt``.

    Args:
        num_embeddings (int): rows.
        embedding_dim (int): columns.
        padding_idx (Union[int, None]): a row kept at zero with no gradient. Default: ``None``.
        max_norm (Union[float, None]): rows looked up are renormalised to this norm.
        norm_type (float): the p of that norm. Default: ``2.0``.
        scale_grad_by_freq (bool): scale gradients by the inverse index frequency.
        sparse (bool): sparse gradients (not supported: must be False).
        _weight (Union[Tensor, None]): the initial table.
        _freeze (bool): whether the table is frozen (requires_grad=False).
        dtype (Union[mindspore.dtype, None]): the table's dtype (float32 when None).

    Inputs:
        input (Tensor): integer indices.

    Outputs:
        Tensor ``(*input.shape, embedding_dim)``.

    Raises:
        NotImplementedError: ``sparse=True``.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, mint
        >>> mint.nn.Embedding(10, 3)(Tensor(np.array([[1, 2]], np.int32))).shape
        (1, 2, 3)
    """

    def __init__(self, num_embeddings, embedding_dim, padding_idx=None, max_norm=None,
                 norm_type=2.0, scale_grad_by_freq=False, sparse=False, _weight=None,
                 _freeze=False, dtype=None):
        super().__init__()
        if sparse:
            raise NotImplementedError("Embedding: 'sparse'=True is not supported by mindcell")
        self.num_embeddings = check_positive_int(num_embeddings, "Embedding", "num_embeddings")
        self.embedding_dim = check_positive_int(embedding_dim, "Embedding", "embedding_dim")
        if padding_idx is not None:
            padding_idx = check_int(padding_idx, "Embedding", "padding_idx", -num_embeddings,
                                    num_embeddings - 1) % num_embeddings
        self.padding_idx, self.max_norm, self.norm_type = padding_idx, max_norm, norm_type
        self.scale_grad_by_freq, self.sparse = scale_grad_by_freq, sparse
        self.dtype = mstype.float32 if dtype is None else dtype
        shape = (num_embeddings, embedding_dim)
        table = initializer(Normal(1.0) if _weight is None else _weight, shape, self.dtype)
        if padding_idx is not None and _weight is None:
            table = _zero_row(table, padding_idx)
        self.weight = Parameter(table, name="weight", requires_grad=not _freeze)

    def construct(self, input):
        return F.embedding(input, self.weight, self.padding_idx, self.max_norm, self.norm_type,
                           self.scale_grad_by_freq)

    def extend_repr(self):
        return ("num_embeddings=%d, embedding_dim=%d, padding_idx=%s, max_norm=%s, norm_type=%s, "
                "scale_grad_by_freq=%s, dtype=%s" % (
                    self.num_embeddings, self.embedding_dim, self.padding_idx, self.max_norm,
                    self.norm_type, self.scale_grad_by_freq, self.dtype))


class BCELoss(Cell):
    """BCELoss(weight=None, reduction='mean'): ``-(t log p + (1 - t) log(1 - p))`` of
    probabilities ``p`` against targets ``t``, weighted and reduced; as in MindSpore it runs an
    inner :class:`mindcell.nn.BCELoss` Cell, 'bce_loss'.

    Args:
        weight (Union[Tensor, None]): per-element weights. Default: ``None``.
        reduction (str): 'none', 'mean' or 'sum'. Default: ``'mean'``.

    Inputs:
        input (Tensor): probabilities.
        target (Tensor): targets in [0, 1], the shape of ``input``.

    Outputs:
        Tensor, a scalar unless ``reduction`` is 'none'.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, mint
        >>> loss = mint.nn.BCELoss(reduction="sum")
        >>> loss(Tensor(np.array([0.5, 0.5], np.float32)), Tensor(np.array([0., 1.], np.float32)))
        Tensor(shape=[], dtype=Float32, value= 1.38629)
    """

    def __init__(self, weight=None, reduction="mean"):
        super().__init__()
        from mindcell.nn import BCELoss as _InnerBCELoss  # mindcell.nn imports mint.nn lazily
        self.bce_loss = _InnerBCELoss(weight, reduction)

    def construct(self, input, target):
        return self.bce_loss(input, target)


class LayerNormExt(Cell):
    """LayerNorm(normalized_shape, eps=1e-05, elementwise_affine=True, bias=True, dtype=None):
    normalises the last dims ``normalized_shape`` of the input, then scales by 'weight' (ones)
    and shifts by 'bias' (zeros). MindSpore names this class ``LayerNormExt``.

    Args:
        normalized_shape (Union[int, tuple[int], list[int]]): the trailing shape normalised.
        eps (float): added to the variance. Default: ``1e-05``.
        elementwise_affine (bool): whether there are 'weight' (and 'bias') parameters.
            Default: ``True``.
        bias (bool): whether there is a 'bias' parameter (with ``elementwise_affine``).
            Default: ``True``.
        dtype (Union[mindspore.dtype, None]): the parameters' dtype (float32 when None).

    Inputs:
        input (Tensor): ``(*, *normalized_shape)``.

    Outputs:
        Tensor of the same shape.

    Raises:
        TypeError: ``normalized_shape`` is not an int or a sequence of ints.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, mint
        >>> mint.nn.LayerNorm(2)(Tensor(np.array([[1., 3.]], np.float32)))
        Tensor(shape=[1, 2], dtype=Float32, value=
        [[-9.99994993e-01,  9.99994993e-01]])
    """

    def __init__(self, normalized_shape, eps=1e-05, elementwise_affine=True, bias=True,
                 dtype=None):
        super().__init__()
        if isinstance(normalized_shape, int) and not isinstance(normalized_shape, bool):
            normalized_shape = (normalized_shape,)
        if not isinstance(normalized_shape, (tuple, list)):
            raise TypeError("LayerNorm: 'normalized_shape' must be an int or a sequence of ints, "
                            "but got %r" % (normalized_shape,))
        self.normalized_shape = tuple(check_int(d, "LayerNorm", "normalized_shape", 0)
                                      for d in normalized_shape)
        self.eps = check_number(eps, "LayerNorm", "eps")
        self.elementwise_affine = bool(elementwise_affine)
        dtype = mstype.float32 if dtype is None else dtype
        self.weight = self.bias = None
        if self.elementwise_affine:
            self.weight = Parameter(initializer("ones", self.normalized_shape, dtype),
                                    name="weight")
            if bias:
                self.bias = Parameter(initializer("zeros", self.normalized_shape, dtype),
                                      name="bias")

    def construct(self, input):
        return F.layer_norm(input, self.normalized_shape, param_for(input, self.weight),
                            param_for(input, self.bias), self.eps)

    def extend_repr(self):
        return "normalized_shape=%s, eps=%s, elementwise_affine=%s" % (
            self.normalized_shape, self.eps, self.elementwise_affine)


class DropoutExt(Cell):
    """Dropout(p=0.5, inplace=False): in training, zeros each element with probability ``p``
    and scales the rest by ``1 / (1 - p)``; the identity in evaluation. MindSpore names this
    class ``DropoutExt``; ``p`` is checked when the Cell runs, as in MindSpore.

    Args:
        p (float): the drop probability in [0, 1]. Default: ``0.5``.
        inplace (bool): whether the input is overwritten. Default: ``False``.

    Inputs:
        input (Tensor): any shape.

    Outputs:
        Tensor of the same shape.

    Raises:
        ValueError: ``p`` is not in [0, 1] (at the call, in training).

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, mint
        >>> net = mint.nn.Dropout(0.2)
        >>> net(Tensor(np.ones(3, np.float32)))  # not training: the identity
        Tensor(shape=[3], dtype=Float32, value= [ 1.00000000e+00,  1.00000000e+00,  1.00000000e+00])
    """

    def __init__(self, p=0.5, inplace=False):
        super().__init__()
        self.p = p
        self.inplace = inplace

    def construct(self, input):
        return F.dropout(input, self.p, self.training, self.inplace)


LayerNorm = LayerNormExt
Dropout = DropoutExt
PReLU = PReLUExt
Embedding = EmbeddingExt
