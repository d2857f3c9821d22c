"""``ops.DepthwiseConv2dNative``: MindSpore's deprecated depthwise convolution Primitive, which
model-zoo code constructs (MobileNet-style blocks, quantization wrappers) and MindSpore 2.10's
CPU build cannot run (its call raises RuntimeError there). mindcell computes it from the
definition MindSpore's shape inference gives -- one ``kernel_size`` filter per input channel,
the weight ``(1, C, kh, kw)`` -- as a grouped ``Conv2D`` with ``group = C``, so gradients and
GRAPH_MODE follow. The constructor's checks and attributes are MindSpore's."""
import numbers

from mindcell.ops._errors import show
from mindcell.ops._helpers import check_tensor
from mindcell.ops._prim_attrs import AttrPrimitive

__all__ = ["DepthwiseConv2dNative"]

_NAME = "DepthwiseConv2dNative"


def _int(v):
    return isinstance(v, numbers.Integral) and not isinstance(v, bool)


def _positive(arg, v):
    if not _int(v):
        raise TypeError("For '%s', the '%s' must be int, but got '%s'"
                        % (_NAME, arg, type(v).__name__))
    if v <= 0:
        raise ValueError("For '%s', the '%s' must be int and must > 0, but got '%s' with type "
                         "'int'." % (_NAME, arg, v))
    return v


def _pair(arg, v):
    """MindSpore's positive int or (int, int), as a pair."""
    ok = (_int(v) and v > 0) or (isinstance(v, tuple) and len(v) == 2
                                 and all(_int(e) and e > 0 for e in v))
    if not ok:
        raise ValueError("For '%s' attr '%s' must be an positive int number or a tuple of two "
                         "positive int numbers, but got %s" % (_NAME, arg, v))
    return (v, v) if _int(v) else tuple(v)


def _square(arg, v):
    pair = _pair(arg, v)
    if pair[0] != pair[1]:
        raise ValueError("For '%s', the height and width of '%s' must be equal, but got "
                         "height:%d,  width:%d" % (_NAME, arg, pair[0], pair[1]))
    return pair


class DepthwiseConv2dNative(AttrPrimitive):
    r"""DepthwiseConv2dNative(channel_multiplier, kernel_size, mode=3, pad_mode='valid', pad=0,
    stride=1, dilation=1, group=1)(x, w): a depthwise 2-D convolution (NCHW): each input
    channel ``c`` is convolved with its own filter ``w[0, c]``:

    .. math::
        out[n, c, i, j] = \sum_{a, b} x_{pad}[n, c, i s + a d, j s + b d]\, w[0, c, a, b].

    MindSpore deprecates it (use ``nn.Conv2d`` with ``group=in_channels``) and its CPU build
    cannot run it; mindcell computes it as ``ops.Conv2D`` with ``group = C``.

    Args:
        channel_multiplier (int): must be 1 for a call: the weight MindSpore accepts has batch
            1, so it holds one filter per channel (MindSpore's shape inference would give
            ``channel_multiplier * C`` output channels from it).
        kernel_size (Union[int, tuple[int]]): the filter's (kh, kw).
        mode (int): 3 only. Default: ``3``.
        pad_mode (str): ``'valid'``, ``'same'`` or ``'pad'``. Default: ``'valid'``.
        pad (Union[int, tuple[int]]): (top, bottom, left, right) for ``'pad'``; 0 otherwise.
            Default: ``0``.
        stride (Union[int, tuple[int]]): one stride for both axes. Default: ``1``.
        dilation (Union[int, tuple[int]]): one dilation for both axes. Default: ``1``.
        group (int): a positive int; the op is depthwise whatever it is (as in MindSpore).
            Default: ``1``.

    Inputs:
        - **x** (Tensor) - ``(N, C, H, W)``, float16/float32/float64.
        - **w** (Tensor) - ``(1, C, kh, kw)``, of ``x``'s dtype.

    Outputs:
        Tensor ``(N, C, H_out, W_out)`` of ``x``'s dtype.

    Raises:
        TypeError: an argument has the wrong type (``pad`` a list, a float multiplier ...).
        ValueError: an argument is out of range, stride/dilation differ between the axes,
            ``pad`` is nonzero without ``pad_mode='pad'``, ``channel_multiplier`` is not 1 at
            the call, or ``w`` does not match ``x`` and ``kernel_size``.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.arange(32, dtype=np.float32).reshape(1, 2, 4, 4))
        >>> w = Tensor(np.ones((1, 2, 3, 3), np.float32))
        >>> print(ops.DepthwiseConv2dNative(1, 3)(x, w))
        [[[[ 45.  54.]
           [ 81.  90.]]
        <BLANKLINE>
          [[189. 198.]
           [225. 234.]]]]
    """

    def __init__(self, channel_multiplier, kernel_size, mode=3, pad_mode="valid", pad=0,
                 stride=1, dilation=1, group=1):
        super().__init__()
        given = dict(channel_multiplier=channel_multiplier, kernel_size=kernel_size, mode=mode,
                     pad_mode=pad_mode, pad=pad, stride=stride, dilation=dilation, group=group)
        kernel = _pair("kernel_size", kernel_size)
        stride = _square("stride", stride)
        dilation = _square("dilation", dilation)
        if not isinstance(pad, (int, tuple)) or isinstance(pad, bool):
            raise TypeError("For '%s', the type of 'pad' should be one of '['int', 'tuple']', "
                            "but got type '%s'." % (_NAME, type(pad).__name__))
        if not isinstance(pad_mode, str):
            raise TypeError("For '%s', the 'pad_mode' must be str, but got %s"
                            % (_NAME, show(pad_mode)))
        pads = (pad,) * 4 if isinstance(pad, int) else pad
        if len(pads) != 4:
            raise ValueError("For '%s', the 'pad size' must be int and must = 4, but got '%d' "
                             "with type 'int'." % (_NAME, len(pads)))
        mode_name = pad_mode.lower()
        if mode_name not in ("valid", "same", "pad"):
            raise ValueError("For '%s', the 'pad_mode' must be str and must be in '['valid', "
                             "'same', 'pad']', but got '%s'." % (_NAME, pad_mode))
        if pad_mode != "pad" and pads != (0, 0, 0, 0):
            raise ValueError("For '%s', the 'pad' must be zero or (0, 0, 0, 0) when 'pad_mode' "
                             "is not \"pad\", but got 'pad' is %s and 'pad_mode' is %s."
                             % (_NAME, pad, pad_mode))
        if mode_name == "pad":
            for item in pads:
                if not _int(item) or item < 0:
                    raise ValueError("For '%s', the 'pad item' must be int and must >= 0, but "
                                     "got '%s' with type 'int'." % (_NAME, item))
        if not _int(mode) or mode != 3:
            raise ValueError("For '%s', the 'mode' must be int and must = 3, but got '%s' with "
                             "type 'int'." % (_NAME, mode))
        _positive("channel_multiplier", channel_multiplier)
        _positive("group", group)
        self.padding = pads
        self.init_attrs.update(given)
        for name in ("channel_multiplier", "kernel_size", "mode", "group"):
            self.add_prim_attr(name, given[name])
        self.add_prim_attr("input_names", ["x", "w"])
        self.add_prim_attr("output_names", ["output"])
        self.add_prim_attr("stride", (1, 1) + stride)
        self.add_prim_attr("dilation", (1, 1) + dilation)
        self.add_prim_attr("pad", pads)
        self.add_prim_attr("pad_mode", mode_name)
        self.add_prim_attr("data_format", "NCHW")
        self.add_prim_attr("offset_a", 0)
        self.kernel_size = kernel  # the attribute keeps the given value, as MindSpore's

    def __call__(self, x, w):
        from mindcell.ops.operations import Conv2D  # the class this op is a special case of
        check_tensor(x, _NAME, "x")
        check_tensor(w, _NAME, "w")
        if x.ndim != 4 or w.ndim != 4:
            raise ValueError("For '%s', x and w must be 4-D, but got x %s and w %s"
                             % (_NAME, tuple(x.shape), tuple(w.shape)))
        channels = x.shape[1]
        if w.shape[1] != channels:
            raise ValueError("For '%s', x_shape[1] (%d) must equal w_shape[1] (%d)"
                             % (_NAME, channels, w.shape[1]))
        if tuple(w.shape[2:]) != self.kernel_size:
            raise ValueError("For '%s', 'kernel_size' %s must equal w_shape[2:4] %s"
                             % (_NAME, self.kernel_size, tuple(w.shape[2:])))
        if w.shape[0] != 1:
            raise ValueError("For '%s', the batch of 'weight' must be 1, but got %d"
                             % (_NAME, w.shape[0]))
        if self.channel_multiplier != 1:
            raise ValueError("For '%s', 'channel_multiplier' must be 1 to be computed: the "
                             "weight of batch 1 holds one filter per channel, but got %d"
                             % (_NAME, self.channel_multiplier))
        conv = Conv2D(channels, self.kernel_size, pad_mode=self.pad_mode, pad=self.padding,
                      stride=self.stride[2], dilation=self.dilation[2], group=channels)
        return conv(x, w.reshape((channels, 1) + self.kernel_size))
