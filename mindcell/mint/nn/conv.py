"""``mint.nn`` Conv1d, Conv2d, Conv3d: MindSpore 2.10's (PyTorch-style) constructors, attributes
('padding', 'stride', 'transposed', 'output_padding', 'padding_mode' ...), reprs and default
initialisation (uniform in +-1/sqrt(fan_in))."""
import math

from mindcell.mint.nn import functional as F
from mindcell.common.initializer import Uniform, initializer
from mindcell.common.parameter import Parameter
from mindcell.mint.nn.layers import _params
from mindcell.nn.cell import Cell
from mindcell.nn.layer.basic import param_for
from mindcell.ops._errors import check_positive_int, check_choice, check_int


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
        shape = (out_channels, in_channels // groups) + self.kernel_size
        self.weight, self.bias = _params(owner, shape, math.prod(shape[1:]), bool(bias), None,
                                         None, dtype)

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
                    self.padding, self.dilation, self.groups, self.bias is not None))


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


class Conv1d(_ConvNd):
    """Conv1d(in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1,
    bias=True, padding_mode='zeros', dtype=None): 1-D convolution of an NCL input; as
    :class:`Conv2d` with one spatial dim (``weight`` is (out, in / groups, k)).

    Args:
        in_channels (int): input channels.
        out_channels (int): output channels.
        kernel_size (Union[int, tuple[int]]): the kernel's length k.
        stride (Union[int, tuple[int]]): the step. Default: ``1``.
        padding (Union[int, tuple[int], str]): per-side padding, or 'same'/'valid'.
            Default: ``0``.
        dilation (Union[int, tuple[int]]): the kernel's spacing. Default: ``1``.
        groups (int): channel groups. Default: ``1``.
        bias (bool): whether there is a 'bias' parameter. Default: ``True``.
        padding_mode (str): 'zeros', 'reflect', 'replicate' or 'circular'. Default: ``'zeros'``.
        dtype (Union[mindspore.dtype, None]): the parameters' dtype (float32 when None).

    Inputs:
        input (Tensor): ``(N, C_in, L)``.

    Outputs:
        Tensor ``(N, C_out, L_out)``.

    Raises:
        TypeError: a size is not an int or a tuple of ints.
        ValueError: a size is out of range, the channels are not divisible by ``groups``, or
            ``padding``/``padding_mode`` is not a known string.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, mint
        >>> mint.nn.Conv1d(2, 3, 3, padding=1)(Tensor(np.ones((1, 2, 5), np.float32))).shape
        (1, 3, 5)
    """
    _n = 1

    def construct(self, input):
        x, padding = self._padded(input)
        return F.conv1d(x, param_for(x, self.weight), param_for(x, self.bias), self.stride,
                        padding, self.dilation, self.groups)


class Conv3d(_ConvNd):
    """Conv3d(in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1,
    bias=True, padding_mode='zeros', dtype=None): 3-D convolution of an NCDHW input; as
    :class:`Conv2d` with three spatial dims (``weight`` is (out, in / groups, kd, kh, kw)).

    Args:
        in_channels (int): input channels.
        out_channels (int): output channels.
        kernel_size (Union[int, tuple[int]]): the kernel's (kd, kh, kw).
        stride (Union[int, tuple[int]]): the step. Default: ``1``.
        padding (Union[int, tuple[int]]): per-side padding. Default: ``0``.
        dilation (Union[int, tuple[int]]): the kernel's spacing. Default: ``1``.
        groups (int): channel groups. Default: ``1``.
        bias (bool): whether there is a 'bias' parameter. Default: ``True``.
        padding_mode (str): only ``'zeros'``. Default: ``'zeros'``.
        dtype (Union[mindspore.dtype, None]): the parameters' dtype (float32 when None).

    Inputs:
        input (Tensor): ``(N, C_in, D, H, W)``.

    Outputs:
        Tensor ``(N, C_out, D_out, H_out, W_out)``.

    Raises:
        TypeError: a size is not an int or a tuple of ints.
        ValueError: a size is out of range, the channels are not divisible by ``groups``, or
            ``padding_mode`` is not ``'zeros'``.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, mint
        >>> net = mint.nn.Conv3d(1, 2, 2)
        >>> net(Tensor(np.ones((1, 1, 3, 3, 3), np.float32))).shape
        (1, 2, 2, 2, 2)
    """
    _n = 3
    _padding_modes = ("zeros",)

    def construct(self, input):
        return F.conv3d(input, param_for(input, self.weight), param_for(input, self.bias),
                        self.stride, self.padding, self.dilation, self.groups)


class ConvTranspose2d(_ConvNd):
    """ConvTranspose2d(in_channels, out_channels, kernel_size, stride=1, padding=0,
    output_padding=0, groups=1, bias=True, dilation=1, padding_mode='zeros', dtype=None): the
    2-D transposed convolution of an NCHW input (:func:`mint.nn.functional.conv_transpose2d`).

    ``weight`` is (in_channels, out_channels / groups, kh, kw); it and ``bias``
    (out_channels,) start uniform in ``+-1/sqrt(out_channels / groups * kh * kw)``.

    Args:
        in_channels (int): input channels.
        out_channels (int): output channels.
        kernel_size (Union[int, tuple[int]]): the kernel's (kh, kw).
        stride (Union[int, tuple[int]]): the step. Default: ``1``.
        padding (Union[int, tuple[int]]): removed from each side of the output. Default: ``0``.
        output_padding (Union[int, tuple[int]]): added to one side of the output. Default: ``0``.
        groups (int): channel groups. Default: ``1``.
        bias (bool): whether there is a 'bias' parameter. Default: ``True``.
        dilation (Union[int, tuple[int]]): the kernel's spacing. Default: ``1``.
        padding_mode (str): only 'zeros'. Default: ``'zeros'``.
        dtype (Union[mindspore.dtype, None]): the parameters' dtype (float32 when None).

    Inputs:
        input (Tensor): ``(N, C_in, H, W)``.

    Outputs:
        Tensor ``(N, C_out, (H - 1) * stride - 2 * padding + dilation * (k - 1) +
        output_padding + 1, ...)``.

    Raises:
        ValueError: ``padding_mode`` is not 'zeros', or a size is out of range.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, mint
        >>> net = mint.nn.ConvTranspose2d(2, 3, 3, stride=2, padding=1, output_padding=1)
        >>> net(Tensor(np.ones((1, 2, 4, 4), np.float32))).shape
        (1, 3, 8, 8)
    """
    _padding_modes = ("zeros",)

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0,
                 output_padding=0, groups=1, bias=True, dilation=1, padding_mode="zeros",
                 dtype=None):
        super().__init__(in_channels, out_channels, kernel_size, stride, padding, dilation,
                         groups, False, padding_mode, dtype)
        owner = type(self).__name__
        if isinstance(self.padding, str):
            raise ValueError("%s: 'padding' must be ints, but got %r" % (owner, padding))
        self.transposed = True
        self.output_padding = _tuple(output_padding, self._n, owner, "output_padding", 0)
        shape = (in_channels, out_channels // groups) + self.kernel_size
        fan_in = math.prod(shape[1:])
        dtype = self.weight.dtype
        self.weight = Parameter(initializer(Uniform(1 / math.sqrt(fan_in)), shape, dtype),
                                name="weight")
        if bias:
            self.bias = Parameter(initializer(Uniform(1 / math.sqrt(fan_in)), (out_channels,),
                                              dtype), name="bias")

    def construct(self, input):
        return F.conv_transpose2d(input, param_for(input, self.weight),
                                  param_for(input, self.bias), self.stride, self.padding,
                                  self.output_padding, self.groups, self.dilation)
