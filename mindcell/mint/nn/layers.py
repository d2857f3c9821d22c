"""The Cells of ``mindcell.mint.nn`` with MindSpore 2.10's ``mindspore.mint.nn`` constructor
signatures, parameter names, default initialisation and reprs; each runs the matching
``mint.nn.functional`` face."""
import math

from mindcell import dtype as mstype
from mindcell.common.initializer import HeUniform, Uniform, initializer
from mindcell.common.parameter import Parameter
from mindcell.mint.nn import functional as F
from mindcell.nn.cell import Cell
from mindcell.nn.layer.basic import param_for
from mindcell.ops._errors import check_positive_int, check_choice, check_int, check_number


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


def _tuple(v, n, owner, arg, low):
    if isinstance(v, int) and not isinstance(v, bool):
        v = (v,) * n
    if not isinstance(v, (tuple, list)) or len(v) != n:
        raise TypeError("%s: '%s' must be an int or a tuple of %d ints, but got %r"
                        % (owner, arg, n, v))
    return tuple(check_int(i, owner, arg, low) for i in v)


class _ConvNd(Cell):
    _n = 2
    _padding_modes = ("zeros", "reflect", "replicate", "circular")

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1,
                 groups=1, bias=True, padding_mode="zeros", dtype=None):
        super().__init__()
        owner, n = type(self).__name__, self._n
        self.in_channels = check_positive_int(in_channels, owner, "in_channels")
        self.out_channels = check_positive_int(out_channels, owner, "out_channels")
        self.kernel_size = _tuple(kernel_size, n, owner, "kernel_size", 1)
        self.stride = _tuple(stride, n, owner, "stride", 1)
        self.dilation = _tuple(dilation, n, owner, "dilation", 1)
        if isinstance(padding, str):
            self.padding = check_choice(padding, owner, "padding", ("same", "valid"),
                                        ValueError)
        else:
            self.padding = _tuple(padding, n, owner, "padding", 0)
        self.padding_mode = check_choice(padding_mode, owner, "padding_mode",
                                         self._padding_modes, ValueError)
        self.groups = check_positive_int(groups, owner, "groups")
        if in_channels % groups or out_channels % groups:
            raise ValueError("%s: in_channels (%d) and out_channels (%d) must be divisible by "
                             "groups (%d)" % (owner, in_channels, out_channels, groups))
        self.transposed = False
        self.output_padding = (0,) * n
        self.has_bias = bool(bias)
        shape = (out_channels, in_channels // groups) + self.kernel_size
        self.weight, self.bias = _params(owner, shape, math.prod(shape[1:]), self.has_bias,
                                         None, None, dtype)

    def _padded(self, input):
        """(input, padding) with non-'zeros' padding modes applied explicitly."""
        if self.padding_mode == "zeros" or isinstance(self.padding, str):
            return input, self.padding
        pads = []
        for p in reversed(self.padding):
            pads += [p, p]
        return F.pad(input, tuple(pads), mode=self.padding_mode), 0

    def extend_repr(self):
        return ("input_channels=%d, output_channels=%d, kernel_size=%s, stride=%s, padding=%s, "
                "dilation=%s, groups=%d, bias=%s" % (
                    self.in_channels, self.out_channels, self.kernel_size, self.stride,
                    self.padding, self.dilation, self.groups, self.has_bias))


class Conv2d(_ConvNd):
    """Conv2d(in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1,
    bias=True, padding_mode='zeros', dtype=None): 2-D convolution of an NCHW input.

    ``weight`` is (out_channels, in_channels / groups, kh, kw); it and ``bias`` start uniform in
    ``+-1/sqrt(fan_in)``.

    Args:
        in_channels (int): input channels.
        out_channels (int): output channels.
        kernel_size (Union[int, tuple[int]]): the kernel's (kh, kw).
        stride (Union[int, tuple[int]]): the step. Default: ``1``.
        padding (Union[int, tuple[int], str]): per-side padding, or 'same'/'valid'.
            Default: ``0``.
        dilation (Union[int, tuple[int]]): the kernel's spacing. Default: ``1``.
        groups (int): channel groups. Default: ``1``.
        bias (bool): whether there is a 'bias' parameter. Default: ``True``.
        padding_mode (str): 'zeros', 'reflect', 'replicate' or 'circular'. Default: ``'zeros'``.
        dtype (Union[mindspore.dtype, None]): the parameters' dtype (float32 when None).

    Inputs:
        input (Tensor): ``(N, C_in, H, W)``.

    Outputs:
        Tensor ``(N, C_out, H_out, W_out)``.

    Raises:
        TypeError: a size is not an int or a tuple of ints.
        ValueError: a size is out of range, the channels are not divisible by ``groups``, or
            ``padding``/``padding_mode`` is not a known string.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, mint
        >>> net = mint.nn.Conv2d(1, 2, 3, padding=1)
        >>> net(Tensor(np.ones((1, 1, 4, 4), np.float32))).shape
        (1, 2, 4, 4)
    """

    def construct(self, input):
        x, padding = self._padded(input)
        return F.conv2d(x, param_for(x, self.weight), param_for(x, self.bias), self.stride,
                        padding, self.dilation, self.groups)


class ReLU(Cell):
    """ReLU(): ``max(input, 0)``, elementwise.

    Inputs:
        input (Tensor): any shape.

    Outputs:
        Tensor of the same shape and dtype.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, mint
        >>> mint.nn.ReLU()(Tensor(np.array([-1., 2.], np.float32)))
        Tensor(shape=[2], dtype=Float32, value= [ 0.00000000e+00,  2.00000000e+00])
    """

    def __init__(self):
        super().__init__()

    def construct(self, input):
        return F.relu(input)


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
