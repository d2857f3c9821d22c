"""Primitive classes that MindSpore layers keep as attributes (``self.bn_train``,
``self.conv2d_transpose`` ...) and subclasses call, where ``mindcell.ops`` has no class of that
name yet. Each is callable and computes what MindSpore's primitive computes, through the same
functional ops the layers use."""
from mindcell.ops import functional as F
from mindcell.ops.primitive import Primitive


class BatchNorm(Primitive):
    """BatchNorm(is_training=False, epsilon=1e-5, momentum=0.1, data_format='NCHW')
    (x, scale, bias, mean, variance): batch normalisation over axis 1.

    In training it normalises with the batch statistics and updates ``mean``/``variance`` in
    place (``moving = (1 - momentum) * moving + momentum * batch``, unbiased batch variance);
    otherwise it normalises with ``mean``/``variance``.

    Returns:
        ``(y, batch_mean, batch_variance, reserve_space_1, reserve_space_2)``: in training the
        batch mean and (population) variance, twice; in inference ``mean`` and ``variance``.

    Raises:
        ValueError: ``data_format`` is not ``'NCHW'``.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell.nn.layer.inner_prims import BatchNorm
        >>> one, zero = ms.Tensor(np.ones(2, np.float32)), ms.Tensor(np.zeros(2, np.float32))
        >>> x = ms.Tensor(np.array([[1., 2.], [3., 4.]], np.float32))
        >>> BatchNorm()(x, one, zero, zero, one)[0].shape
        (2, 2)
    """

    def __init__(self, is_training=False, epsilon=1e-5, momentum=0.1, data_format="NCHW"):
        super().__init__("BatchNorm")
        if data_format != "NCHW":
            raise ValueError("BatchNorm: only data_format='NCHW' is supported, but got %r"
                             % (data_format,))
        for name, value in (("is_training", bool(is_training)), ("epsilon", float(epsilon)),
                            ("momentum", float(momentum)), ("data_format", data_format)):
            self.add_prim_attr(name, value)

    def __call__(self, x, scale, bias, mean, variance):
        y = F.batch_norm(x, mean, variance, scale, bias, self.is_training, self.momentum,
                         self.epsilon)
        if not self.is_training:
            return y, mean, variance, mean, variance
        axes = (0,) + tuple(range(2, x.ndim))
        batch_mean = F.mean(x, axes)
        batch_var = F.mean(F.square(F.sub(x, F.mean(x, axes, keep_dims=True))), axes)
        return y, batch_mean, batch_var, batch_mean, batch_var


class Conv2DBackpropInput(Primitive):
    """Conv2DBackpropInput(out_channel, kernel_size, pad_mode='valid', pad=0, pad_list=None,
    mode=1, stride=1, dilation=1, group=1, data_format='NCHW')(dout, weight, input_size): the
    gradient of Conv2D with respect to its input (MindSpore's Conv2DBackpropInput): an
    ``input_size`` tensor whose Conv2D with ``weight`` (out, in/group, kh, kw) would have the
    shape of ``dout``. ``Conv2DTranspose`` is the same primitive under its other name.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell.nn.layer.inner_prims import Conv2DTranspose
        >>> op = Conv2DTranspose(2, 3, pad_mode="same")
        >>> dout = ms.Tensor(np.ones((1, 4, 5, 5), np.float32))
        >>> op(dout, ms.Tensor(np.ones((4, 2, 3, 3), np.float32)), (1, 2, 5, 5)).shape
        (1, 2, 5, 5)
    """

    def __init__(self, out_channel, kernel_size, pad_mode="valid", pad=0, pad_list=None, mode=1,
                 stride=1, dilation=1, group=1, data_format="NCHW"):
        super().__init__(type(self).__name__)
        if pad_mode.lower() not in ("valid", "same", "pad"):
            raise ValueError("Conv2DTranspose: 'pad_mode' must be 'valid', 'same' or 'pad', but "
                             "got %r" % (pad_mode,))
        if data_format != "NCHW" or mode != 1:
            raise ValueError("Conv2DTranspose: only data_format='NCHW' and mode=1 are supported")
        pair = (lambda v: (v, v) if isinstance(v, int) else tuple(v[-2:]))  # noqa: E731
        pads = (pad,) * 4 if isinstance(pad, int) else tuple(pad)
        for name, value in (("out_channel", out_channel), ("kernel_size", pair(kernel_size)),
                            ("pad_mode", pad_mode.upper()), ("pad", pads), ("pad_list", pad_list),
                            ("stride", pair(stride)), ("dilation", pair(dilation)),
                            ("group", group), ("data_format", data_format)):
            self.add_prim_attr(name, value)

    def __call__(self, dout, weight, input_size):
        from mindcell.ops.defs.nn import conv2d_input_p
        from mindcell.ops.function.nn_func import same_padding
        h, w = input_size[2:]
        (kh, kw), (sh, sw), (dh, dw) = self.kernel_size, self.stride, self.dilation
        if self.pad_mode == "SAME":
            pads = same_padding(h, kh, sh, dh) + same_padding(w, kw, sw, dw)
        elif self.pad_mode == "PAD":
            pads = self.pad_list or self.pad
        else:
            pads = (0, 0, 0, 0)
        return conv2d_input_p.bind(dout, F.cast(weight, dout.dtype),
                                   input_shape=tuple(input_size), stride=self.stride,
                                   padding=tuple(pads), dilation=self.dilation,
                                   groups=self.group)


class Conv2DTranspose(Conv2DBackpropInput):
    """Conv2DTranspose(out_channel, kernel_size, ...)(dout, weight, input_size): the
    :class:`Conv2DBackpropInput` primitive under the name ``nn.Conv2dTranspose`` uses."""


class Conv3D(Primitive):
    """Conv3D(out_channel, kernel_size, mode=1, pad_mode='valid', pad=0, stride=1, dilation=1,
    group=1, data_format='NCDHW')(x, weight): 3-D cross-correlation (``ops.conv3d``).

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell.nn.layer.inner_prims import Conv3D
        >>> x = ms.Tensor(np.ones((1, 2, 4, 4, 4), np.float32))
        >>> Conv3D(3, 3)(x, ms.Tensor(np.ones((3, 2, 3, 3, 3), np.float32))).shape
        (1, 3, 2, 2, 2)
    """

    def __init__(self, out_channel, kernel_size, mode=1, pad_mode="valid", pad=0, stride=1,
                 dilation=1, group=1, data_format="NCDHW"):
        super().__init__("Conv3D")
        if data_format != "NCDHW" or mode != 1:
            raise ValueError("Conv3D: only data_format='NCDHW' and mode=1 are supported")
        for name, value in (("out_channel", out_channel), ("kernel_size", kernel_size),
                            ("mode", mode), ("pad_mode", pad_mode), ("pad", pad),
                            ("stride", stride), ("dilation", dilation), ("group", group),
                            ("data_format", data_format)):
            self.add_prim_attr(name, value)

    def __call__(self, x, weight):
        return F.conv3d(x, weight, None, self.stride, self.pad_mode.lower(), self.pad,
                        self.dilation, self.group)


class Conv3DTranspose(Primitive):
    """Conv3DTranspose(in_channel, out_channel, kernel_size, mode=1, pad_mode='valid', pad=0,
    stride=1, dilation=1, group=1, output_padding=0, data_format='NCDHW')(dout, weight): the
    3-D transposed convolution of ``dout`` with ``weight`` (in, out/group, kd, kh, kw), as
    ``nn.Conv3dTranspose`` computes it.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell.nn.layer.inner_prims import Conv3DTranspose
        >>> x = ms.Tensor(np.ones((1, 2, 2, 2, 2), np.float32))
        >>> w = ms.Tensor(np.ones((2, 3, 2, 2, 2), np.float32))
        >>> Conv3DTranspose(2, 3, 2, stride=2)(x, w).shape
        (1, 3, 4, 4, 4)
    """

    def __init__(self, in_channel, out_channel, kernel_size, mode=1, pad_mode="valid", pad=0,
                 stride=1, dilation=1, group=1, output_padding=0, data_format="NCDHW"):
        super().__init__("Conv3DTranspose")
        from mindcell.ops.function.conv3d_func import padding6, triple
        if data_format != "NCDHW" or mode != 1:
            raise ValueError("Conv3DTranspose: only data_format='NCDHW' and mode=1 are supported")
        if pad_mode.lower() not in ("valid", "same", "pad"):
            raise ValueError("Conv3DTranspose: 'pad_mode' must be 'valid', 'same' or 'pad', but "
                             "got %r" % (pad_mode,))
        op = "Conv3DTranspose"
        for name, value in (("in_channel", in_channel), ("out_channel", out_channel),
                            ("kernel_size", triple(kernel_size, op, "kernel_size")),
                            ("mode", mode), ("pad_mode", pad_mode.lower()),
                            ("pad", padding6(pad, op)), ("stride", triple(stride, op, "stride")),
                            ("dilation", triple(dilation, op, "dilation")), ("group", group),
                            ("output_padding", triple(output_padding, op, "output_padding", 0)),
                            ("data_format", data_format)):
            self.add_prim_attr(name, value)

    def __call__(self, dout, weight):
        from mindcell.nn.layer.conv_transpose import conv3d_transpose
        return conv3d_transpose(dout, weight, self.stride, self.pad_mode, self.pad,
                                self.dilation, self.group, self.output_padding)
