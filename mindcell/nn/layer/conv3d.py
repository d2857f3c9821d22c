"""Conv3d over NCDHW input (ops.conv3d: one Conv2D per kernel depth tap)."""
from mindcell import dtype as mstype
from mindcell.nn.cell import Cell
from mindcell.nn.layer.basic import param_for
from mindcell.ops._errors import check_positive_int
from mindcell.nn.layer.conv import check_group, conv_weight_and_bias, default_inits
from mindcell.nn.layer.inner_prims import Conv3D
from mindcell.ops import functional as F
from mindcell.ops import operations as P


def _triple(v, name):
    if isinstance(v, int) and not isinstance(v, bool):
        v = (v,) * 3
    if not (isinstance(v, (tuple, list)) and len(v) == 3 and all(
            isinstance(i, int) and not isinstance(i, bool) and i >= 1 for i in v)):
        raise ValueError("Conv3d: '%s' must be a positive int or 3 of them, but got %r"
                         % (name, v))
    return tuple(v)


def _padding(padding, pad_mode):
    if isinstance(padding, int) and not isinstance(padding, bool):
        pads = (padding,) * 6
    elif isinstance(padding, (tuple, list)) and len(padding) in (3, 6) and all(
            isinstance(p, int) and not isinstance(p, bool) for p in padding):
        pads = tuple(padding) if len(padding) == 6 else tuple(p for p in padding for _ in "ab")
    else:
        raise ValueError("Conv3d: 'padding' must be an int or 6 ints (head, tail, top, bottom, "
                         "left, right), but got %r" % (padding,))
    if any(p < 0 for p in pads):
        raise ValueError("Conv3d: 'padding' must be non-negative, but got %r" % (padding,))
    if pad_mode != "pad" and any(pads):
        raise ValueError("Conv3d: 'padding' must be 0 unless pad_mode is 'pad', but pad_mode "
                         "is %r" % (pad_mode,))
    return pads


class Conv3d(Cell):
    """Conv3d(in_channels, out_channels, kernel_size, stride=1, pad_mode='same', padding=0,
    dilation=1, group=1, has_bias=False, weight_init=None, bias_init=None,
    data_format='NCDHW', dtype=mstype.float32): 3-D convolution over (N, C, D, H, W) input.

    The Parameter ``weight`` has shape (out_channels, in_channels / group, kd, kh, kw).

    Args:
        in_channels (int): the input's channel count C.
        out_channels (int): the output's channel count.
        kernel_size (Union[int, tuple[int]]): the kernel's (depth, height, width), or one int.
        stride (Union[int, tuple[int]]): the step. Default: ``1``.
        pad_mode (str): ``'same'``, ``'valid'`` or ``'pad'``. Default: ``'same'``.
        padding (Union[int, tuple[int]]): with ``'pad'``: one int, or 6 ints
            (head, tail, top, bottom, left, right). Default: ``0``.
        dilation (Union[int, tuple[int]]): the spacing of the kernel's elements. Default: ``1``.
        group (int): the number of channel groups. Default: ``1``.
        has_bias (bool): add a bias of shape (out_channels,). Default: ``False``.
        weight_init (Union[Tensor, str, Initializer, numbers.Number]): the weight's initializer.
            Default: ``None`` (HeUniform(sqrt(5))).
        bias_init (Union[Tensor, str, Initializer, numbers.Number]): the bias's initializer.
            Default: ``None`` (Uniform(1 / sqrt(fan_in))).
        data_format (str): only ``'NCDHW'``. Default: ``'NCDHW'``.
        dtype (mindcell.dtype): the parameters' dtype. Default: ``mstype.float32``.

    Inputs:
        x (Tensor): a Tensor of shape (N, in_channels, D, H, W).

    Outputs:
        Tensor of shape (N, out_channels, D_out, H_out, W_out).

    Raises:
        ValueError: a bad channel count, size, ``pad_mode``, ``padding`` or ``data_format``,
            ``group`` not dividing the channels, or an input not (N, in_channels, D, H, W).

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> conv = ms.nn.Conv3d(1, 2, (1, 2, 2), pad_mode="valid", weight_init="ones")
        >>> y = conv(ms.Tensor(np.ones((1, 1, 2, 3, 3), np.float32)))
        >>> print(y.shape, y[0, 1, 0, 0, 0])
        (1, 2, 2, 2, 2) 4.0
    """

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, pad_mode="same",
                 padding=0, dilation=1, group=1, has_bias=False, weight_init=None,
                 bias_init=None, data_format="NCDHW", dtype=mstype.float32):
        super().__init__()
        if data_format != "NCDHW":
            raise ValueError("Conv3d: only data_format='NCDHW' is supported, but got %r"
                             % (data_format,))
        self.in_channels = check_positive_int(in_channels, "Conv3d", "in_channels")
        self.out_channels = check_positive_int(out_channels, "Conv3d", "out_channels")
        self.kernel_size = _triple(kernel_size, "kernel_size")
        self.stride, self.dilation = _triple(stride, "stride"), _triple(dilation, "dilation")
        if pad_mode not in ("same", "valid", "pad"):
            raise ValueError("Conv3d: 'pad_mode' must be 'same', 'valid' or 'pad', but got %r"
                             % (pad_mode,))
        self.pad_mode, self.padding = pad_mode, padding
        self._pads = _padding(padding, pad_mode)
        self.group = check_group(group, in_channels, out_channels, "Conv3d")
        self.has_bias = bool(has_bias)
        shape = (out_channels, in_channels // group) + self.kernel_size
        self.weight_init, self.bias_init = default_inits(shape, self.has_bias, weight_init,
                                                         bias_init)
        self.weight, self.bias = conv_weight_and_bias(shape, out_channels, self.has_bias,
                                                      self.weight_init, self.bias_init, dtype)
        # the attributes and primitives MindSpore's Conv3d holds
        self.data_format = data_format
        self.conv3d = Conv3D(out_channels, self.kernel_size, pad_mode=pad_mode, pad=self._pads,
                             stride=self.stride, dilation=self.dilation, group=self.group)
        self.bias_add = P.BiasAdd(data_format="NCDHW")
        self.shape, self.concat = P.Shape(), P.Concat(axis=1)
        self.split_0, self.split_1 = P.Split(0, self.group), P.Split(1, self.group)

    def construct(self, x):
        if x.ndim != 5 or x.shape[1] != self.in_channels:
            raise ValueError("Conv3d: expected (N, %d, D, H, W) input, but got shape %s"
                             % (self.in_channels, x.shape))
        return F.conv3d(x, param_for(x, self.weight), param_for(x, self.bias), self.stride,
                        self.pad_mode, self._pads, self.dilation, self.group)

    def extend_repr(self):
        return ("input_channels=%d, output_channels=%d, kernel_size=%s, stride=%s, pad_mode=%s, "
                "padding=%s, dilation=%s, group=%d, has_bias=%s"
                % (self.in_channels, self.out_channels, self.kernel_size, self.stride,
                   self.pad_mode, self.padding, self.dilation, self.group, self.has_bias))
