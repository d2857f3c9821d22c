"""Conv1dTranspose (through Conv2dTranspose on a height-1 image) and Conv3dTranspose (the
adjoint of Conv3d, written as a stride-1 Conv3d over the zero-dilated, padded input with the
flipped kernel, so its gradients come from Conv3d's)."""
from mindcell import dtype as mstype
from mindcell.common.tensor import Tensor
from mindcell.nn.cell import Cell
from mindcell.nn.layer.basic import param_for
from mindcell.nn.layer.conv import (Conv2dTranspose, _Conv, check_group, conv_weight_and_bias,
                                     default_inits)
from mindcell.nn.layer.inner_prims import Conv2DBackpropInput, Conv3DTranspose
from mindcell.ops import functional as F
from mindcell.ops import operations as P
from mindcell.ops._errors import check_choice, check_int, check_positive_int
from mindcell.ops.function.conv3d_func import padding6, triple
from mindcell.ops.function.nn_func import same_padding


class Conv1dTranspose(Conv2dTranspose):
    """1-D transposed convolution over (N, C, L) input; weight (in, out/group, 1, k).

    Args:
        in_channels (int): input channels.
        out_channels (int): output channels.
        kernel_size (int): the kernel's length.
        stride (int): the upsampling step. Default: 1.
        pad_mode (str): ``'same'`` (length L*stride), ``'valid'`` or ``'pad'``.
        padding (int): cropped from both ends in ``'pad'`` mode. Default: 0.
        dilation (int): the kernel's dilation. Default: 1.
        group (int): channel groups, dividing both channel counts. Default: 1.
        has_bias (bool): add a bias. Default: False.
        weight_init, bias_init: initial values or initializers (default HeUniform / Uniform);
            a Tensor weight is 3-D (in, out/group, k).
        dtype (mindcell.dtype): the parameters' dtype. Default: float32.

    Inputs:
        - **x** (Tensor) - shape (N, in_channels, L).

    Outputs:
        Tensor of shape (N, out_channels, L_out): L*stride for 'same',
        (L-1)*stride + dilation*(k-1) + 1 for 'valid', minus 2*padding for 'pad'.

    Raises:
        ValueError: a size is not a positive int, the group does not divide the channels, or
            the input is not 3-D.
        RuntimeError: the input's channel count is not ``in_channels``.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> net = ms.nn.Conv1dTranspose(2, 3, 3, stride=2)
        >>> net(ms.Tensor(np.ones((1, 2, 5), np.float32))).shape
        (1, 3, 10)
    """

    _transpose_primitive = Conv2DBackpropInput  # MindSpore's Conv1dTranspose holds this class

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, pad_mode="same",
                 padding=0, dilation=1, group=1, has_bias=False, weight_init=None,
                 bias_init=None, dtype=mstype.float32):
        owner = "Conv1dTranspose"
        for name, v in (("kernel_size", kernel_size), ("stride", stride),
                        ("dilation", dilation)):
            check_positive_int(v, owner, name)
        check_int(padding, owner, "padding", 0)
        if isinstance(weight_init, Tensor):  # given as (in, out/group, k)
            if weight_init.ndim != 3:
                raise ValueError("%s: a Tensor 'weight_init' must be 3-D (in, out/group, k), "
                                 "but got %d-D" % (owner, weight_init.ndim))
            weight_init = F.expand_dims(weight_init, 2)
        _Conv.__init__(self, owner, in_channels, out_channels, (1, kernel_size), (1, stride),
                       pad_mode, (0, 0, padding, padding), (1, dilation), group, has_bias,
                       weight_init, bias_init, dtype, transpose=True)
        self._out_pad = (0, 0)
        self._transpose_attrs(0)
        del self.output_padding  # MindSpore's Conv1dTranspose has none
        self.expand_dims = P.ExpandDims()
        self.squeeze = P.Squeeze(2)

    def construct(self, x):
        if x.ndim == 3 and x.shape[1] != self.in_channels:  # MindSpore's kernel check
            raise RuntimeError("Conv1dTranspose: the input has %d channels, but in_channels is "
                               "%d" % (x.shape[1], self.in_channels))
        self._check_input(x, "Conv1dTranspose", ndim=3)
        return self.squeeze(self._transpose_nchw(self.expand_dims(x, 2)))


def _pad_or_crop(x, axis, before, after):
    """Zero-pad axis ``axis`` by ``before``/``after`` (a negative amount crops instead)."""
    if before < 0 or after < 0:
        n = x.shape[axis]
        start, stop = max(-before, 0), n - max(-after, 0)
        x = F.narrow(x, axis, start, stop - start)
        before, after = max(before, 0), max(after, 0)
    if before or after:
        pads = [(0, 0)] * x.ndim
        pads[axis] = (before, after)
        x = F.pad(x, tuple(p for pair in reversed(pads) for p in pair))
    return x


def _zero_dilate(x, axis, step):
    """Insert ``step - 1`` zeros between neighbours along ``axis``."""
    if step == 1:
        return x
    n = x.shape[axis]
    x = _pad_or_crop(F.expand_dims(x, axis + 1), axis + 1, 0, step - 1)
    shape = x.shape[:axis] + (n * step,) + x.shape[axis + 2:]
    return F.narrow(F.reshape(x, shape), axis, 0, (n - 1) * step + 1)


def _forward_kernel(w, group):
    """(in, out/group, k...) -> (out, in/group, k...) flipped: the kernel of the equivalent
    forward convolution."""
    cin, cout_g, ksize = w.shape[0] // group, w.shape[1], tuple(w.shape[2:])
    w = F.reshape(w, (group, cin, cout_g) + ksize)
    w = F.transpose(w, (0, 2, 1, 3, 4, 5))
    return F.flip(F.reshape(w, (group * cout_g, cin) + ksize), (2, 3, 4))


def conv3d_transpose(x, weight, stride, pad_mode, pads, dilation, group, output_padding):
    """The adjoint of Conv3d for NCDHW ``x`` and (in, out/group, kd, kh, kw) ``weight``;
    ``pads`` is (head, tail, top, bottom, left, right) for ``pad_mode='pad'``."""
    ksize = tuple(weight.shape[2:])
    for axis in range(3):
        n, k = x.shape[2 + axis], ksize[axis]
        s, d = stride[axis], dilation[axis]
        if pad_mode == "same":
            out = n * s
            begin = same_padding(out, k, s, d)[0]
        else:
            begin, end = pads[2 * axis:2 * axis + 2]
            out = (n - 1) * s - begin - end + d * (k - 1) + 1 + output_padding[axis]
        x = _zero_dilate(x, 2 + axis, s)
        x = _pad_or_crop(x, 2 + axis, d * (k - 1) - begin, begin + out - x.shape[2 + axis])
    return F.conv3d(x, _forward_kernel(F.cast(weight, x.dtype), group), None, 1, "valid", 0,
                    dilation, group)


class Conv3dTranspose(Cell):
    """3-D transposed convolution (the adjoint of Conv3d) over NCDHW input; weight
    (in, out/group, kd, kh, kw).

    Args:
        in_channels (int): input channels.
        out_channels (int): output channels.
        kernel_size (Union[int, tuple[int]]): an int or (kd, kh, kw).
        stride (Union[int, tuple[int]]): the upsampling steps. Default: 1.
        pad_mode (str): ``'same'`` (size*stride), ``'valid'`` or ``'pad'``. Default: 'same'.
        padding (Union[int, tuple[int]]): cropped in ``'pad'`` mode: an int or (head, tail,
            top, bottom, left, right). Default: 0.
        dilation (Union[int, tuple[int]]): the kernel's dilation. Default: 1.
        group (int): channel groups, dividing both channel counts. Default: 1.
        output_padding (Union[int, tuple[int]]): extra size added at the end of each spatial
            axis, each below max(stride, dilation) of its axis. Default: 0.
        has_bias (bool): add a bias. Default: False.
        weight_init, bias_init: initial values or initializers (default HeUniform / Uniform).
        data_format (str): only ``'NCDHW'``.
        dtype (mindcell.dtype): the parameters' dtype. Default: float32.

    Inputs:
        - **x** (Tensor) - shape (N, in_channels, D, H, W).

    Outputs:
        Tensor (N, out_channels, D_out, H_out, W_out) with, per axis,
        ``(n-1)*stride - pad_before - pad_after + dilation*(k-1) + 1 + output_padding``
        ('same': n*stride).

    Raises:
        ValueError: an argument is out of range or the input is not (N, in_channels, D, H, W).

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> net = ms.nn.Conv3dTranspose(2, 4, 3, stride=2)
        >>> net(ms.Tensor(np.ones((1, 2, 2, 3, 2), np.float32))).shape
        (1, 4, 4, 6, 4)
    """

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, pad_mode="same",
                 padding=0, dilation=1, group=1, output_padding=0, has_bias=False,
                 weight_init=None, bias_init=None, data_format="NCDHW", dtype=mstype.float32):
        super().__init__()
        owner = "Conv3dTranspose"
        if data_format != "NCDHW":
            raise ValueError("%s: only data_format='NCDHW' is supported, but got %r"
                             % (owner, data_format))
        self.in_channels = check_positive_int(in_channels, owner, "in_channels")
        self.out_channels = check_positive_int(out_channels, owner, "out_channels")
        self.kernel_size = triple(kernel_size, owner, "kernel_size")
        self.stride = triple(stride, owner, "stride")
        self.dilation = triple(dilation, owner, "dilation")
        self.pad_mode = check_choice(pad_mode, owner, "pad_mode", ("same", "valid", "pad"))
        self.padding = padding
        self._pads = padding6(padding, owner)
        if pad_mode != "pad" and any(self._pads):
            raise ValueError("%s: 'padding' must be 0 unless pad_mode is 'pad', but pad_mode is "
                             "%r" % (owner, pad_mode))
        self.output_padding = triple(output_padding, owner, "output_padding", 0)
        for axis, (op, s, d) in enumerate(zip(self.output_padding, self.stride, self.dilation)):
            if op >= max(s, d):
                raise ValueError("%s: output_padding[%d] must be in [0, max(stride, dilation)) "
                                 "= [0, %d), but got %d" % (owner, axis, max(s, d), op))
        self.group = check_group(group, in_channels, out_channels, owner)
        self.has_bias = bool(has_bias)
        self.data_format = data_format
        shape = (in_channels, out_channels // group) + self.kernel_size
        self.weight_init, self.bias_init = default_inits(shape, self.has_bias, weight_init,
                                                         bias_init)
        self.weight, self.bias = conv_weight_and_bias(shape, out_channels, self.has_bias,
                                                      self.weight_init, self.bias_init, dtype)
        self.conv3d_transpose = Conv3DTranspose(
            in_channels, out_channels, self.kernel_size, pad_mode=self.pad_mode, pad=self._pads,
            stride=self.stride, dilation=self.dilation, group=self.group,
            output_padding=self.output_padding)
        self.bias_add, self.shape = P.BiasAdd(data_format="NCDHW"), P.Shape()

    def construct(self, x):
        if x.ndim != 5 or x.shape[1] != self.in_channels:
            raise ValueError("Conv3dTranspose: expected (N, %d, D, H, W) input, but got shape %s"
                             % (self.in_channels, x.shape))
        y = conv3d_transpose(x, param_for(x, self.weight), self.stride, self.pad_mode,
                             self._pads, self.dilation, self.group, self.output_padding)
        if self.bias is not None:
            y = F.add(y, F.reshape(param_for(x, self.bias), (1, -1, 1, 1, 1)))
        return y

    def extend_repr(self):
        return ("input_channels=%d, output_channels=%d, kernel_size=%s, stride=%s, pad_mode=%s, "
                "padding=%s, dilation=%s, group=%d, has_bias=%s, weight_init=%s, bias_init=%s, "
                "format=NCDHW" % (self.in_channels, self.out_channels, self.kernel_size,
                                  self.stride, self.pad_mode, self.padding, self.dilation,
                                  self.group, self.has_bias, self.weight_init, self.bias_init))
