"""Resampling cells: Upsample, ResizeBilinear (MindSpore 1.x), PixelShuffle, PixelUnshuffle and
Unfold (image patches)."""
import numpy as np

from mindcell import _checkparam as Validator
from mindcell.nn.cell import Cell
from mindcell.ops.function import image_func
from mindcell.ops import functional as F
from mindcell.ops.function.nn_func import same_padding
from mindcell.ops.function.pad_func import take


class Upsample(Cell):
    r"""Upsample(size=None, scale_factor=None, mode='nearest', align_corners=None,
    recompute_scale_factor=None): resize the spatial dims of the input, ``ops.interpolate`` as a
    cell.

    Args:
        size (Union[int, tuple[int]], optional): the output's spatial size. Default: ``None``.
        scale_factor (Union[float, tuple[float]], optional): the multiplier of each spatial size
            (exactly one of ``size`` and ``scale_factor`` is given). Default: ``None``.
        mode (str): ``'nearest'``, ``'nearest-exact'``, ``'linear'`` (3-D input), ``'bilinear'``
            (4-D), ``'bicubic'`` (4-D, see :func:`mindcell.ops.interpolate`), ``'trilinear'``
            (5-D) or ``'area'``. Default: ``'nearest'``.
        align_corners (bool, optional): for the linear and bicubic modes, align the corner
            pixels of input and output. Default: ``None``.
        recompute_scale_factor (bool, optional): compute the output size from ``scale_factor``
            and use that size's ratio for the sampling. Default: ``None``.

    Inputs:
        x (Tensor): a float Tensor of shape (N, C, L), (N, C, H, W) or (N, C, D, H, W).

    Outputs:
        Tensor of shape (N, C, \*size).

    Raises:
        ValueError: ``mode`` is unknown, or not exactly one of ``size`` and ``scale_factor`` is
            given.
        TypeError: ``align_corners`` is not a bool or None.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> x = ms.Tensor(np.array([[[[1.0, 2.0], [3.0, 4.0]]]], np.float32))
        >>> print(ms.nn.Upsample(scale_factor=2.0)(x))
        [[[[1. 1. 2. 2.]
           [1. 1. 2. 2.]
           [3. 3. 4. 4.]
           [3. 3. 4. 4.]]]]
        >>> ms.nn.Upsample(size=(3, 5), mode="bilinear", align_corners=True)(x).shape
        (1, 1, 3, 5)
    """

    def __init__(self, size=None, scale_factor=None, mode="nearest", align_corners=None,
                 recompute_scale_factor=None):
        super().__init__()
        modes = ("nearest", "nearest-exact", "linear", "bilinear", "bicubic", "trilinear", "area")
        if mode not in modes:
            raise ValueError("Upsample: 'mode' must be one of %s, but got %r" % (modes, mode))
        if (size is None) == (scale_factor is None):
            raise ValueError("Upsample: exactly one of 'size' and 'scale_factor' must be given")
        if align_corners not in (None, True, False):
            raise TypeError("Upsample: 'align_corners' must be a bool or None, but got %r"
                            % (align_corners,))
        self.size, self.scale_factor, self.mode = size, scale_factor, mode
        self.align_corners, self.recompute_scale_factor = align_corners, recompute_scale_factor

    def construct(self, x):
        return F.interpolate(x, self.size, self.scale_factor, self.mode, self.align_corners,
                             self.recompute_scale_factor)

    def extend_repr(self):
        return "size=%s, scale_factor=%s, mode=%s" % (self.size, self.scale_factor, self.mode)


def _factor(v, name, owner):
    if not isinstance(v, int) or isinstance(v, bool) or v < 1:
        raise ValueError("%s: '%s' must be a positive int, but got %r" % (owner, name, v))
    return v


class ResizeBilinear(Cell):
    r"""ResizeBilinear(half_pixel_centers=False): MindSpore 1.x's bilinear resize cell (removed
    in MindSpore 2.x, where :class:`Upsample` and :func:`mindcell.ops.interpolate` do this; kept
    so that older programs run unchanged). The math is :class:`mindcell.ops.ResizeBilinearV2`'s.

    Args:
        half_pixel_centers (bool): sample at pixel centres (cannot be combined with
            ``align_corners``). Default: ``False``.

    Inputs:
        - **x** (Tensor) - a float (N, C, H, W) tensor.
        - **size** (Union[tuple[int], list[int]], optional) - the output (height, width).
          Default: ``None``.
        - **scale_factor** (int, optional) - a positive int multiplying the height and width
          (exactly one of ``size`` and ``scale_factor`` is given). Default: ``None``.
        - **align_corners** (bool) - map the corner pixels of input and output onto each other.
          Default: ``False``.

    Outputs:
        Tensor of shape (N, C, new_height, new_width) and the dtype of ``x``.

    Raises:
        TypeError: ``half_pixel_centers`` or ``align_corners`` is not a bool, or
            ``scale_factor`` is not an int.
        ValueError: not exactly one of ``size`` and ``scale_factor`` is given,
            ``scale_factor`` is not positive, or both ``align_corners`` and
            ``half_pixel_centers`` are True.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> x = ms.Tensor(np.array([[[[0.0, 2.0], [4.0, 6.0]]]], np.float32))
        >>> ms.nn.ResizeBilinear()(x, size=(3, 3), align_corners=True).asnumpy()[0, 0].tolist()
        [[0.0, 1.0, 2.0], [2.0, 3.0, 4.0], [4.0, 5.0, 6.0]]
    """

    def __init__(self, half_pixel_centers=False):
        super().__init__()
        self.half_pixel_centers = Validator.check_bool(half_pixel_centers, "half_pixel_centers",
                                                       "ResizeBilinear")

    def construct(self, x, size=None, scale_factor=None, align_corners=False):
        if (size is None) == (scale_factor is None):
            raise ValueError("ResizeBilinear: exactly one of 'size' and 'scale_factor' must be "
                             "given, but got size=%r, scale_factor=%r" % (size, scale_factor))
        if scale_factor is not None:
            Validator.check_positive_int(scale_factor, "scale_factor", "ResizeBilinear")
            size = (x.shape[-2] * scale_factor, x.shape[-1] * scale_factor)
        Validator.check_bool(align_corners, "align_corners", "ResizeBilinear")
        return image_func.resize_bilinear(x, size, align_corners, self.half_pixel_centers,
                                          "ResizeBilinear")


class PixelShuffle(Cell):
    r"""PixelShuffle(upscale_factor): rearrange (\*, C * r * r, H, W) into (\*, C, H * r, W * r),
    ``r = upscale_factor`` (sub-pixel convolution).

    Args:
        upscale_factor (int): the factor ``r``.

    Inputs:
        input (Tensor): a Tensor of at least 3 dims whose channel dim (-3) divides by ``r * r``.

    Outputs:
        Tensor of shape (\*, C, H * r, W * r).

    Raises:
        ValueError: ``upscale_factor`` is not a positive int.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> x = ms.Tensor(np.arange(8, dtype=np.float32).reshape(1, 4, 1, 2))
        >>> print(ms.nn.PixelShuffle(2)(x))
        [[[[0. 2. 1. 3.]
           [4. 6. 5. 7.]]]]
    """

    def __init__(self, upscale_factor):
        super().__init__()
        self.upscale_factor = _factor(upscale_factor, "upscale_factor", "PixelShuffle")

    def construct(self, input):
        return F.pixel_shuffle(input, self.upscale_factor)


class PixelUnshuffle(Cell):
    r"""PixelUnshuffle(downscale_factor): rearrange (\*, C, H * r, W * r) into
    (\*, C * r * r, H, W), ``r = downscale_factor``; the inverse of :class:`PixelShuffle`.

    Args:
        downscale_factor (int): the factor ``r``.

    Inputs:
        input (Tensor): a Tensor of at least 3 dims whose last two dims divide by ``r``.

    Outputs:
        Tensor of shape (\*, C * r * r, H, W).

    Raises:
        ValueError: ``downscale_factor`` is not a positive int.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> x = ms.Tensor(np.arange(8, dtype=np.float32).reshape(1, 1, 2, 4))
        >>> print(ms.nn.PixelUnshuffle(2)(x).shape)
        (1, 4, 1, 2)
    """

    def __init__(self, downscale_factor):
        super().__init__()
        self.downscale_factor = _factor(downscale_factor, "downscale_factor", "PixelUnshuffle")

    def construct(self, input):
        return F.pixel_unshuffle(input, self.downscale_factor)


def _nhwc_arg(v, name):
    if not isinstance(v, (tuple, list)):
        raise TypeError("Unfold: '%ss' must be a tuple or list, but got %r" % (name, v))
    if len(v) != 4 or v[0] != 1 or v[3] != 1 or not all(
            isinstance(i, int) and not isinstance(i, bool) and i >= 1 for i in v[1:3]):
        raise ValueError("Unfold: '%ss' must be [1, %s_row, %s_col, 1] with positive ints, but "
                         "got %r" % (name, name, name, v))
    return tuple(v[1:3])


class Unfold(Cell):
    """Unfold(ksizes, strides, rates, padding='valid'): the image patches of NCHW input, each
    flattened into the channel dim (MindSpore's ExtractImagePatches).

    Args:
        ksizes (Union[tuple[int], list[int]]): the patch size, ``[1, ksize_row, ksize_col, 1]``.
        strides (Union[tuple[int], list[int]]): the step between patches,
            ``[1, stride_row, stride_col, 1]``.
        rates (Union[tuple[int], list[int]]): the dilation within a patch,
            ``[1, rate_row, rate_col, 1]``.
        padding (str): ``'valid'`` (patches inside the input) or ``'same'`` (zero padding, output
            ``ceil(in / stride)``), case-insensitive. Default: ``'valid'``.

    Inputs:
        x (Tensor): a Tensor of shape (N, C, H, W).

    Outputs:
        Tensor of shape (N, ksize_row * ksize_col * C, out_row, out_col), its depth ordered
        (row, col, channel) with the channel fastest.

    Raises:
        TypeError: ``ksizes``, ``strides`` or ``rates`` is not a tuple or list.
        ValueError: one of them is not ``[1, int, int, 1]`` with positive ints, ``padding`` is
            not 'same' or 'valid', the input is not 4-D, or a dilated patch is larger than the
            input with 'valid'.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> x = ms.Tensor(np.arange(9, dtype=np.float32).reshape(1, 1, 3, 3))
        >>> unfold = ms.nn.Unfold([1, 2, 2, 1], [1, 1, 1, 1], [1, 1, 1, 1])
        >>> print(unfold(x))
        [[[[0. 1.]
           [3. 4.]]
        <BLANKLINE>
          [[1. 2.]
           [4. 5.]]
        <BLANKLINE>
          [[3. 4.]
           [6. 7.]]
        <BLANKLINE>
          [[4. 5.]
           [7. 8.]]]]
    """

    def __init__(self, ksizes, strides, rates, padding="valid"):
        super().__init__()
        self.ksizes = _nhwc_arg(ksizes, "ksize")
        self.strides = _nhwc_arg(strides, "stride")
        self.rates = _nhwc_arg(rates, "rate")
        if not isinstance(padding, str) or padding.lower() not in ("same", "valid"):
            raise ValueError("Unfold: 'padding' must be 'same' or 'valid', but got %r"
                             % (padding,))
        self.padding = padding.lower()

    def _axis_index(self, size, i):
        """Padding (before, after) and the (k, out) source rows of spatial dim ``i``."""
        k, s, r = self.ksizes[i], self.strides[i], self.rates[i]
        span = (k - 1) * r + 1
        if self.padding == "same":
            before, after = same_padding(size, k, s, r)
        else:
            before = after = 0
            if size < span:
                raise ValueError("Unfold: the dilated kernel (%d) is larger than the input (%d)"
                                 % (span, size))
        out = (size + before + after - span) // s + 1
        idx = np.arange(k)[:, None] * r + np.arange(out)[None, :] * s
        return (before, after), idx

    def construct(self, x):
        if x.ndim != 4:
            raise ValueError("Unfold: input must be 4-D (N, C, H, W), but got shape %s"
                             % (x.shape,))
        n, c, h, w = x.shape
        (pt, pb), rows = self._axis_index(h, 0)
        (pl, pr), cols = self._axis_index(w, 1)
        if pt or pb or pl or pr:
            x = F.pad(x, (pl, pr, pt, pb))
        (kr, oh), (kc, ow) = rows.shape, cols.shape
        x = F.reshape(take(x, rows.reshape(-1), 2), (n, c, kr, oh, x.shape[3]))
        x = F.reshape(take(x, cols.reshape(-1), 4), (n, c, kr, oh, kc, ow))
        x = F.transpose(x, (0, 2, 4, 1, 3, 5))  # (N, kr, kc, C, oh, ow)
        return F.reshape(x, (n, kr * kc * c, oh, ow))
