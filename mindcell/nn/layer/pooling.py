"""Pooling cells: MaxPool2d, AvgPool2d, MaxPool1d, AvgPool1d (adaptive pooling:
adaptive_pooling.py)."""
from mindcell.nn.cell import Cell
from mindcell.ops import functional as F
from mindcell.ops import operations as P
from mindcell.ops.function.nn_func import same_padding


def _pair(v, name, owner):
    if isinstance(v, int) and not isinstance(v, bool) and v > 0:
        return (v, v)
    if isinstance(v, (tuple, list)) and len(v) == 2 and all(isinstance(i, int) and i > 0
                                                            for i in v):
        return tuple(v)
    raise ValueError("%s: '%s' must be a positive int or pair, but got %r" % (owner, name, v))


class _Pool2d(Cell):
    def __init__(self, owner, kernel_size, stride, pad_mode, padding):
        super().__init__()
        self._ksize = _pair(kernel_size, "kernel_size", owner)
        self._strides = _pair(stride, "stride", owner)
        pad_mode = pad_mode.lower()
        if pad_mode not in ("same", "valid", "pad"):
            raise ValueError("%s: 'pad_mode' must be 'same', 'valid' or 'pad', but got %r"
                             % (owner, pad_mode))
        if pad_mode != "pad" and padding:
            raise ValueError("%s: 'padding' must be 0 unless pad_mode is 'pad'" % owner)
        self._mode, self.padding, self._owner = pad_mode, padding, owner
        # MindSpore's attributes: the sizes as given, the mode upper-case
        self.kernel_size, self.stride = kernel_size, stride
        self.pad_mode, self.format = pad_mode.upper(), "NCHW"

    def _pads(self, x):
        if self._mode == "same":
            (kh, kw), (sh, sw) = self._ksize, self._strides
            return same_padding(x.shape[-2], kh, sh, 1) + same_padding(x.shape[-1], kw, sw, 1)
        if self._mode == "pad":
            p = self.padding
            return (p, p, p, p) if isinstance(p, int) else (p[0], p[0], p[1], p[1])
        return 0

    def _check(self, x):
        if x.ndim not in (3, 4):
            raise ValueError("%s: input must be (N, C, H, W) or (C, H, W), but got shape %s"
                             % (self._owner, x.shape))

    def extend_repr(self):
        return "kernel_size=%s, stride=%s, pad_mode=%s" % (self.kernel_size, self.stride,
                                                          self.pad_mode)


def _check_nchw(data_format, owner):
    if not isinstance(data_format, str) or data_format != "NCHW":
        raise ValueError("%s: the 'data_format' %r is not supported on CPU (MindSpore runs "
                         "'NHWC' on GPU only); use 'NCHW'" % (owner, data_format))


class MaxPool2d(_Pool2d):
    """MaxPool2d(kernel_size=1, stride=1, pad_mode='valid', padding=0, dilation=1,
    return_indices=False, ceil_mode=False, data_format='NCHW'): the max over sliding windows of
    (N, C, H, W) or (C, H, W) input.

    ``padding``, ``dilation``, ``return_indices`` and ``ceil_mode`` need ``pad_mode='pad'``
    (as in MindSpore); with ``return_indices`` the cell returns ``(output, indices)``, the Int64
    position ``h * W + w`` of each maximum in its plane.

    Args:
        kernel_size (Union[int, tuple[int]]): the window's (height, width), or one int for both.
            Default: ``1``.
        stride (Union[int, tuple[int]]): the window's step. Default: ``1``.
        pad_mode (str): ``'valid'`` (no padding), ``'same'`` (output ceil(in / stride), padded
            evenly) or ``'pad'`` (``padding`` on each side). Case-insensitive. Default: ``'valid'``.
        padding (Union[int, tuple[int]]): with ``'pad'``: the padding of H and W, one int or
            (pad_h, pad_w). Default: ``0``.
        dilation (Union[int, tuple[int]]): the spacing of the window's elements. Default: ``1``.
        return_indices (bool): also return the indices of the maxima. Default: ``False``.
        ceil_mode (bool): round the output size up instead of down. Default: ``False``.
        data_format (str): only ``'NCHW'`` (MindSpore runs ``'NHWC'`` on GPU only).
            Default: ``'NCHW'``.

    Inputs:
        x (Tensor): a Tensor of shape (N, C, H, W) or (C, H, W).

    Outputs:
        Tensor of shape (N, C, H_out, W_out) (or (C, H_out, W_out)), and with ``return_indices``
        the Int64 indices of the same shape.

    Raises:
        ValueError: a bad kernel_size/stride/pad_mode, one of the 'pad'-only arguments set with
            another pad_mode, ``data_format`` other than 'NCHW', or an input not 3-D or 4-D.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> x = ms.Tensor(np.arange(16, dtype=np.float32).reshape(1, 1, 4, 4))
        >>> print(ms.nn.MaxPool2d(kernel_size=2, stride=2)(x))
        [[[[ 5.  7.]
           [13. 15.]]]]
        >>> out, idx = ms.nn.MaxPool2d(3, 2, pad_mode="pad", padding=1, return_indices=True)(x)
        >>> print(idx)
        [[[[ 5  7]
           [13 15]]]]
    """

    def __init__(self, kernel_size=1, stride=1, pad_mode="valid", padding=0, dilation=1,
                 return_indices=False, ceil_mode=False, data_format="NCHW"):
        super().__init__("MaxPool2d", kernel_size, stride, pad_mode, padding)
        _check_nchw(data_format, "MaxPool2d")
        self.dilation = _pair(dilation, "dilation", "MaxPool2d")
        self.return_indices, self.ceil_mode = bool(return_indices), bool(ceil_mode)
        _check_pad_only(self, "MaxPool2d")
        self.use_pad = self._mode == "pad"
        if not self.use_pad:  # MindSpore's 'pad' mode holds a MaxPool3DWithArgmax instead
            self.max_pool = P.MaxPool(self._ksize, self._strides, self._mode)

    def construct(self, x):
        self._check(x)
        return F.max_pool2d(x, self._ksize, self._strides, self._pads(x), self.dilation,
                            self.return_indices, self.ceil_mode)


def _check_pad_only(cell, owner):
    if cell._mode != "pad" and (cell.dilation != (1, 1) or cell.return_indices
                                or cell.ceil_mode):
        _pad_only_error(owner, cell._mode)


def _pad_only_error(owner, pad_mode):
    raise ValueError("%s: 'dilation', 'return_indices' and 'ceil_mode' can only be set with "
                     "pad_mode='pad', but pad_mode is %r" % (owner, pad_mode))


class AvgPool2d(_Pool2d):
    """AvgPool2d(kernel_size=1, stride=1, pad_mode='valid', padding=0, ceil_mode=False,
    count_include_pad=True, divisor_override=None, data_format='NCHW'): the mean over sliding
    windows of (N, C, H, W) or (C, H, W) input.

    Args:
        kernel_size (Union[int, tuple[int]]): the window's (height, width), or one int for both.
            Default: ``1``.
        stride (Union[int, tuple[int]]): the window's step. Default: ``1``.
        pad_mode (str): ``'valid'``, ``'same'`` or ``'pad'`` (case-insensitive), as in
            :class:`MaxPool2d`. Default: ``'valid'``.
        padding (Union[int, tuple[int]]): with ``'pad'``: the padding of H and W. Default: ``0``.
        ceil_mode (bool): round the output size up instead of down. Default: ``False``.
        count_include_pad (bool): count the padded zeros in the divisor ('same' padding is never
            counted, as in MindSpore). Default: ``True``.
        divisor_override (int, optional): divide every window's sum by this instead. Default:
            ``None``.
        data_format (str): only ``'NCHW'``. Default: ``'NCHW'``.

    Inputs:
        x (Tensor): a float Tensor of shape (N, C, H, W) or (C, H, W).

    Outputs:
        Tensor of shape (N, C, H_out, W_out) (or (C, H_out, W_out)).

    Raises:
        ValueError: a bad kernel_size/stride/pad_mode, ``padding`` set without 'pad',
            ``data_format`` other than 'NCHW', or an input not 3-D or 4-D.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> x = ms.Tensor(np.arange(16, dtype=np.float32).reshape(1, 1, 4, 4))
        >>> print(ms.nn.AvgPool2d(kernel_size=2, stride=2)(x))
        [[[[ 2.5  4.5]
           [10.5 12.5]]]]
        >>> ms.nn.AvgPool2d(3, 1, pad_mode="same")(x).shape
        (1, 1, 4, 4)
    """

    def __init__(self, kernel_size=1, stride=1, pad_mode="valid", padding=0, ceil_mode=False,
                 count_include_pad=True, divisor_override=None, data_format="NCHW"):
        super().__init__("AvgPool2d", kernel_size, stride, pad_mode, padding)
        _check_nchw(data_format, "AvgPool2d")
        self.ceil_mode, self.divisor_override = bool(ceil_mode), divisor_override
        # MindSpore never counts 'same' padding in the divisor
        self.count_include_pad = bool(count_include_pad) and self._mode != "same"
        self.ascend_910b_target, self.is_expand = False, False
        if self._mode != "pad":
            self.avg_pool = P.AvgPool(self._ksize, self._strides, self._mode)

    def construct(self, x):
        self._check(x)
        return F.avg_pool2d(x, self._ksize, self._strides, self._pads(x), self.ceil_mode,
                            self.count_include_pad, self.divisor_override)


def _pad1d(padding, owner):
    if isinstance(padding, (tuple, list)) and len(padding) == 1:
        padding = padding[0]
    if not isinstance(padding, int) or isinstance(padding, bool) or padding < 0:
        raise ValueError("%s: 'padding' must be a non-negative int, but got %r" % (owner, padding))
    return (0, padding) if padding else 0


def _pool1d_helpers(cell):
    cell.shape = F.shape
    cell.reduce_mean = P.ReduceMean(keep_dims=True)
    cell.expand = P.ExpandDims()
    cell.squeeze = P.Squeeze(2)


class MaxPool1d(Cell):
    """MaxPool1d(kernel_size=1, stride=1, pad_mode='valid', padding=0, dilation=1,
    return_indices=False, ceil_mode=False): the max over sliding windows of (N, C, L) input.

    The 'pad'-only arguments and the indices (positions along L) are as in :class:`MaxPool2d`.

    Args:
        kernel_size (int): the window's length. Default: ``1``.
        stride (int): the window's step. Default: ``1``.
        pad_mode (str): ``'valid'``, ``'same'`` or ``'pad'``. Default: ``'valid'``.
        padding (int): with ``'pad'``: the padding at the end of L. Default: ``0``.
        dilation (int): the spacing of the window's elements. Default: ``1``.
        return_indices (bool): also return the Int64 positions of the maxima. Default: ``False``.
        ceil_mode (bool): round the output length up. Default: ``False``.

    Inputs:
        x (Tensor): a Tensor of shape (N, C, L).

    Outputs:
        Tensor of shape (N, C, L_out), and with ``return_indices`` the indices of that shape.

    Raises:
        ValueError: a bad kernel_size/stride/pad_mode or ``padding``, or a 'pad'-only argument
            without 'pad'.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> x = ms.Tensor(np.array([[[1.0, 5.0, 2.0, 4.0, 3.0]]], np.float32))
        >>> print(ms.nn.MaxPool1d(kernel_size=2, stride=2)(x))
        [[[5. 4.]]]
    """

    def __init__(self, kernel_size=1, stride=1, pad_mode="valid", padding=0, dilation=1,
                 return_indices=False, ceil_mode=False):
        super().__init__()
        if isinstance(dilation, (tuple, list)) and len(dilation) == 1:
            dilation = dilation[0]
        if pad_mode != "pad" and (dilation != 1 or return_indices or ceil_mode):
            _pad_only_error("MaxPool1d", pad_mode)
        self.pool = MaxPool2d((1, kernel_size), (1, stride), pad_mode,
                              _pad1d(padding, "MaxPool1d"), (1, dilation), return_indices,
                              ceil_mode)
        # MindSpore's attributes: its (1, k) window on the (N, C, 1, L) layout the input is
        # expanded to ('pad' mode: a (1, 1, k) MaxPool3DWithArgmax window, which mindcell does
        # not hold as a primitive); set once, like MindSpore's, they do not steer construct
        self.pad_mode, self.format = self.pool.pad_mode, "NCHW"
        self.return_indices, self.use_pad = self.pool.return_indices, self.pool.use_pad
        if self.use_pad:
            self.kernel_size, self.stride = (1, 1, kernel_size), (1, 1, stride)
        else:
            self.kernel_size, self.stride = (1, kernel_size), (1, stride)
            self.max_pool = self.pool.max_pool
            _pool1d_helpers(self)

    def construct(self, x):
        # the length axis is the last: (N, C, L) and unbatched (C, L) alike, as MindSpore
        out = self.pool(F.expand_dims(x, -2))
        if isinstance(out, tuple):
            return F.squeeze(out[0], -2), F.squeeze(out[1], -2)
        return F.squeeze(out, -2)


class AvgPool1d(Cell):
    """AvgPool1d(kernel_size=1, stride=1, pad_mode='valid', padding=0, ceil_mode=False,
    count_include_pad=True): the mean over sliding windows of (N, C, L) input.

    Args:
        kernel_size (int): the window's length. Default: ``1``.
        stride (int): the window's step. Default: ``1``.
        pad_mode (str): ``'valid'``, ``'same'`` or ``'pad'``. Default: ``'valid'``.
        padding (int): with ``'pad'``: the padding at the end of L. Default: ``0``.
        ceil_mode (bool): round the output length up. Default: ``False``.
        count_include_pad (bool): count the padded zeros in the divisor. Default: ``True``.

    Inputs:
        x (Tensor): a float Tensor of shape (N, C, L).

    Outputs:
        Tensor of shape (N, C, L_out).

    Raises:
        ValueError: a bad kernel_size/stride/pad_mode or ``padding``.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> x = ms.Tensor(np.array([[[1.0, 5.0, 2.0, 4.0, 3.0]]], np.float32))
        >>> print(ms.nn.AvgPool1d(kernel_size=3, stride=1)(x))
        [[[2.6666667 3.6666667 3.       ]]]
    """

    def __init__(self, kernel_size=1, stride=1, pad_mode="valid", padding=0, ceil_mode=False,
                 count_include_pad=True):
        super().__init__()
        self.pool = AvgPool2d((1, kernel_size), (1, stride), pad_mode,
                              _pad1d(padding, "AvgPool1d"), ceil_mode, count_include_pad)
        # MindSpore's attributes: a (1, k) AvgPool on the (N, C, 1, L) layout, or, with 'pad'
        # mode, padding, ceil_mode or count_include_pad=False, a (1, 1, k) AvgPool3D on
        # (N, C, 1, 1, L) with the int kernel_size/stride kept; they do not steer construct
        self.pad_mode, self.format = self.pool.pad_mode, "NCHW"
        self.is_expand_3d = (self.pad_mode == "PAD" or padding not in (0, (0,), [0])
                             or bool(ceil_mode) or not count_include_pad)
        if self.is_expand_3d:
            self.kernel_size, self.stride = kernel_size, stride
            if not ceil_mode:  # mindcell's AvgPool3D has no ceil_mode
                pad = padding[0] if isinstance(padding, (tuple, list)) else padding
                self.avg_pool = P.AvgPool3D((1, 1, kernel_size), (1, 1, stride),
                                            "pad" if self.pad_mode == "PAD" else self.pad_mode,
                                            (0, 0, 0, 0, pad, pad),
                                            count_include_pad=count_include_pad)
        else:
            self.kernel_size, self.stride = (1, kernel_size), (1, stride)
            self.avg_pool = self.pool.avg_pool
            _pool1d_helpers(self)
            self.slice = P.Slice()

    def construct(self, x):
        # the length axis is the last: (N, C, L) and unbatched (C, L) alike, as MindSpore
        return F.squeeze(self.pool(F.expand_dims(x, -2)), -2)
