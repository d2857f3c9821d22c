"""Conv2dBnAct and DenseBnAct: a convolution or dense layer, an optional batch norm and an
optional activation in one cell (children ``conv``/``dense``, ``batchnorm``, ``activation``,
as in MindSpore, so checkpoints keep their names)."""
from mindcell.nn.cell import Cell
from mindcell.nn.layer.activation import LeakyReLU, get_activation
from mindcell.nn.layer.basic import Dense
from mindcell.nn.layer.conv import Conv2d
from mindcell.nn.layer.normalization import BatchNorm1d, BatchNorm2d
from mindcell.ops._errors import check_bool
from mindcell.ops.primitive import Primitive


def _activation(activation, alpha, owner):
    """The activation cell (``'leakyrelu'`` takes ``alpha``), a given Cell/Primitive, or None."""
    if activation is None or isinstance(activation, (Cell, Primitive)):
        return activation
    if not isinstance(activation, str):
        raise TypeError("%s: 'activation' must be a str, Cell or Primitive, but got %s"
                        % (owner, type(activation).__name__))
    if activation.lower() == "leakyrelu":
        return LeakyReLU(alpha)
    return get_activation(activation)


class Conv2dBnAct(Cell):
    """Conv2d, then (with ``has_bn``) BatchNorm2d, then (with ``activation``) the activation.

    ``in_channels``, ``out_channels``, ``kernel_size``, ``stride``, ``pad_mode``, ``padding``,
    ``dilation``, ``group``, ``has_bias``, ``weight_init`` and ``bias_init`` are as in
    :class:`Conv2d` (but ``weight_init`` defaults to ``'normal'`` and ``bias_init`` to
    ``'zeros'``).

    Args:
        has_bn (bool): add a BatchNorm2d. Default: False.
        momentum (float): the batch norm's momentum. Default: 0.997.
        eps (float): the batch norm's epsilon. Default: 1e-5.
        activation (Union[str, Cell, Primitive, None]): the activation. Default: None.
        alpha (float): the slope of ``'leakyrelu'``. Default: 0.2.
        after_fake (bool): kept for quantization-aware training (no effect here). Default: True.

    Inputs:
        - **x** (Tensor) - shape (N, in_channels, H, W).

    Outputs:
        Tensor (N, out_channels, H_out, W_out).

    Raises:
        TypeError: ``activation`` has another type, or a flag is not a bool.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> net = ms.nn.Conv2dBnAct(2, 3, 3, has_bn=True, activation='relu')
        >>> net(ms.Tensor(np.ones((1, 2, 4, 4), np.float32))).shape
        (1, 3, 4, 4)
    """

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, pad_mode="same",
                 padding=0, dilation=1, group=1, has_bias=False, weight_init="normal",
                 bias_init="zeros", has_bn=False, momentum=0.997, eps=1e-5, activation=None,
                 alpha=0.2, after_fake=True):
        super().__init__()
        self.conv = Conv2d(in_channels, out_channels, kernel_size, stride, pad_mode, padding,
                           dilation, group, has_bias, weight_init, bias_init)
        self.has_bn = check_bool(has_bn, "Conv2dBnAct", "has_bn")
        self.has_act = activation is not None
        self.after_fake = check_bool(after_fake, "Conv2dBnAct", "after_fake")
        if self.has_bn:
            self.batchnorm = BatchNorm2d(out_channels, eps, momentum)
        self.activation = _activation(activation, alpha, "Conv2dBnAct")

    def construct(self, x):
        x = self.conv(x)
        if self.has_bn:
            x = self.batchnorm(x)
        if self.has_act:
            x = self.activation(x)
        return x


class DenseBnAct(Cell):
    """Dense, then (with ``has_bn``) BatchNorm1d, then (with ``activation``) the activation.

    Args:
        in_channels, out_channels, weight_init, bias_init, has_bias: as in :class:`Dense`
            (``weight_init`` defaults to ``'normal'``, ``bias_init`` to ``'zeros'``).
        has_bn (bool): add a BatchNorm1d. Default: False.
        momentum (float): the batch norm's momentum. Default: 0.9.
        eps (float): the batch norm's epsilon. Default: 1e-5.
        activation (Union[str, Cell, Primitive, None]): the activation. Default: None.
        alpha (float): the slope of ``'leakyrelu'``. Default: 0.2.
        after_fake (bool): kept for quantization-aware training (no effect here). Default: True.

    Inputs:
        - **x** (Tensor) - shape (N, in_channels).

    Outputs:
        Tensor (N, out_channels).

    Raises:
        TypeError: ``activation`` has another type, or a flag is not a bool.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> net = ms.nn.DenseBnAct(3, 2, has_bn=True, activation='relu')
        >>> net(ms.Tensor(np.ones((4, 3), np.float32))).shape
        (4, 2)
    """

    def __init__(self, in_channels, out_channels, weight_init="normal", bias_init="zeros",
                 has_bias=True, has_bn=False, momentum=0.9, eps=1e-5, activation=None, alpha=0.2,
                 after_fake=True):
        super().__init__()
        self.dense = Dense(in_channels, out_channels, weight_init, bias_init, has_bias)
        self.has_bn = check_bool(has_bn, "DenseBnAct", "has_bn")
        self.has_act = activation is not None
        self.after_fake = check_bool(after_fake, "DenseBnAct", "after_fake")
        if self.has_bn:
            self.batchnorm = BatchNorm1d(out_channels, eps, momentum)
        self.activation = _activation(activation, alpha, "DenseBnAct")

    def construct(self, x):
        x = self.dense(x)
        if self.has_bn:
            x = self.batchnorm(x)
        if self.has_act:
            x = self.activation(x)
        return x
