"""Primitive classes of image ops: ResizeNearestNeighbor, ResizeBilinearV2 (and the older
ResizeBilinear), CropAndResize, ROIAlign and AdaptiveAvgPool2D, with MindSpore's split between
constructor attributes and call inputs."""
from mindcell.ops._errors import (check_bool, check_choice, check_int, check_ints, check_number,
                                  show)
from mindcell.ops._helpers import check_float
from mindcell.ops._prim_attrs import AttrPrimitive
from mindcell.ops.function import detection_func as DF
from mindcell.ops.function import image_func as IF
from mindcell.ops.function import pool3d_func as P3
from mindcell.ops.function import resample_func as RS


def _size_attr(size, op):
    if not isinstance(size, (tuple, list)):
        raise TypeError("%s: 'size' must be a tuple or list of ints, but got %s"
                        % (op, show(size)))
    for s in size:
        check_int(s, op, "size")
    return size


class _Resize(AttrPrimitive):
    def _flags(self, align_corners, half_pixel_centers):
        name = type(self).__name__
        return {"align_corners": check_bool(align_corners, name, "align_corners"),
                "half_pixel_centers": check_bool(half_pixel_centers, name,
                                                 "half_pixel_centers")}


class ResizeNearestNeighbor(_Resize):
    """ResizeNearestNeighbor(size, align_corners=False, half_pixel_centers=False)(input_x):
    nearest-neighbour resize of the last two dims of an NCHW tensor to ``size`` (height, width),
    with TensorFlow's source positions: ``round(i * (in - 1) / (out - 1))`` with
    ``align_corners``, ``floor((i + 0.5) * in / out)`` with ``half_pixel_centers``, else
    ``floor(i * in / out)``.

    (MindSpore 2.10's CPU kernel ignores ``half_pixel_centers``; mindcell honours it as the
    GPU/Ascend kernels do.)

    Args:
        size (Union[tuple[int], list[int]]): the output (height, width).
        align_corners (bool): map the corner pixels onto each other. Default: ``False``.
        half_pixel_centers (bool): sample at pixel centres. Default: ``False``.

    Inputs:
        - **input_x** (Tensor) - a 4-D (N, C, H, W) tensor.

    Outputs:
        Tensor of shape (N, C, size[0], size[1]) and the dtype of ``input_x``.

    Raises:
        TypeError: ``size`` is not a tuple or list of ints, or the flags are not bools.
        ValueError: at call, both flags True, ``size`` not 2 positive ints, or the input not
            4-D.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([[[[1.0, 2.0], [3.0, 4.0]]]], np.float32))
        >>> ops.ResizeNearestNeighbor((3, 3))(x).asnumpy()[0, 0].tolist()
        [[1.0, 1.0, 2.0], [1.0, 1.0, 2.0], [3.0, 3.0, 4.0]]
    """

    def __init__(self, size, align_corners=False, half_pixel_centers=False):
        super().__init__()
        self.set_attrs(size=_size_attr(size, "ResizeNearestNeighbor"),
                       **self._flags(align_corners, half_pixel_centers))

    def __call__(self, input_x):
        return IF.resize_nearest(input_x, self.size, self.align_corners,
                                 self.half_pixel_centers)


class ResizeBilinearV2(_Resize):
    """ResizeBilinearV2(align_corners=False, half_pixel_centers=False)(image, size): bilinear
    resize of the last two dims of a float NCHW tensor to ``size`` (a tuple, list or 1-D Int32
    tensor of 2 entries), with TensorFlow's source positions (``i * (in - 1) / (out - 1)`` with
    ``align_corners``, ``(i + 0.5) * in / out - 0.5`` with ``half_pixel_centers``, else
    ``i * in / out``).

    Args:
        align_corners (bool): map the corner pixels onto each other. Default: ``False``.
        half_pixel_centers (bool): sample at pixel centres. Default: ``False``.

    Inputs:
        - **image** (Tensor) - a float (N, C, H, W) tensor.
        - **size** (Union[tuple[int], list[int], Tensor]) - the output (height, width).

    Outputs:
        Tensor of shape (N, C, size[0], size[1]) and the dtype of ``image``.

    Raises:
        TypeError: an integer image, or flags that are not bools.
        ValueError: at call, both flags True, or a wrong ``size``.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([[[[0.0, 2.0]]]], np.float32))
        >>> ops.ResizeBilinearV2()(x, (1, 4)).asnumpy().ravel().tolist()
        [0.0, 1.0, 2.0, 2.0]
    """

    def __init__(self, align_corners=False, half_pixel_centers=False):
        super().__init__()
        self.set_attrs(**self._flags(align_corners, half_pixel_centers))

    def __call__(self, image, size):
        return IF.resize_bilinear(image, size, self.align_corners, self.half_pixel_centers)


class ResizeBilinear(_Resize):
    """ResizeBilinear(size, align_corners=False, half_pixel_centers=False)(x): MindSpore 1.x's
    bilinear resize with the size fixed at construction (removed from MindSpore 2.10's ``ops``;
    kept for the programs that still use it). Same math as :class:`ResizeBilinearV2`.

    Args:
        size (Union[tuple[int], list[int]]): the output (height, width).
        align_corners (bool): map the corner pixels onto each other. Default: ``False``.
        half_pixel_centers (bool): sample at pixel centres. Default: ``False``.

    Inputs:
        - **x** (Tensor) - a float (N, C, H, W) tensor.

    Outputs:
        Tensor of shape (N, C, size[0], size[1]) and the dtype of ``x``.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([[[[0.0, 2.0]]]], np.float32))
        >>> ops.ResizeBilinear((1, 3), align_corners=True)(x).asnumpy().ravel().tolist()
        [0.0, 1.0, 2.0]
    """

    def __init__(self, size, align_corners=False, half_pixel_centers=False):
        super().__init__()
        self.set_attrs(size=_size_attr(size, "ResizeBilinear"),
                       **self._flags(align_corners, half_pixel_centers))

    def __call__(self, x):
        return IF.resize_bilinear(x, self.size, self.align_corners, self.half_pixel_centers,
                                  "ResizeBilinear")


class CropAndResize(AttrPrimitive):
    """CropAndResize(method='bilinear', extrapolation_value=0.0)(x, boxes, box_index,
    crop_size): see :func:`ops.crop_and_resize`.

    Args:
        method (str): ``'bilinear'``, ``'nearest'`` or ``'bilinear_v2'``. Default:
            ``'bilinear'``.
        extrapolation_value (float): the value of sampling points outside the image. Default:
            ``0.0``.

    Inputs:
        - **x** (Tensor) - the images, (batch, height, width, depth) (NHWC).
        - **boxes** (Tensor) - Float32 (num_boxes, 4) boxes [y1, x1, y2, x2] in normalised
          coordinates.
        - **box_index** (Tensor) - Int32 (num_boxes,), the image of each box.
        - **crop_size** (tuple[int]) - (crop_height, crop_width).

    Outputs:
        Float32 Tensor of shape (num_boxes, crop_height, crop_width, depth).

    Raises:
        TypeError: ``method`` not a str or ``extrapolation_value`` not a number.
        ValueError: ``method`` not 'bilinear', 'nearest' or 'bilinear_v2'.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> image = Tensor(np.arange(4, dtype=np.float32).reshape(1, 2, 2, 1))
        >>> boxes = Tensor(np.array([[0.0, 0.0, 1.0, 1.0]], np.float32))
        >>> out = ops.CropAndResize()(image, boxes, Tensor(np.array([0], np.int32)), (1, 1))
        >>> out.asnumpy().ravel().tolist()
        [1.5]
    """

    def __init__(self, method="bilinear", extrapolation_value=0.0):
        super().__init__()
        check_choice(method, "CropAndResize", "method", ("bilinear", "nearest", "bilinear_v2"))
        self.set_attrs(method=method, extrapolation_value=check_number(
            extrapolation_value, "CropAndResize", "extrapolation_value"))

    def __call__(self, x, boxes, box_index, crop_size):
        return IF.crop_and_resize(x, boxes, box_index, crop_size, self.method,
                                  self.extrapolation_value)


class ROIAlign(AttrPrimitive):
    """ROIAlign(pooled_height, pooled_width, spatial_scale, sample_num=2, roi_end_mode=1)
    (features, rois): average of bilinear samples over each bin of each region of interest.

    ``rois`` (R, 5) rows are [batch_index, x1, y1, x2, y2] in input coordinates; they are scaled
    by ``spatial_scale``, and ``roi_end_mode=1`` adds 1 to x2/y2 first (0 is the legacy mode that
    also forces ROIs to at least 1x1). Each of the pooled_height x pooled_width bins averages
    ``sample_num`` x ``sample_num`` bilinear samples (``sample_num <= 0``: int(bin size) per
    axis, NaN for bins with no samples, as MindSpore gives); samples beyond one pixel outside
    the feature map count as 0.

    Args:
        pooled_height (int): the output height of each region.
        pooled_width (int): the output width of each region.
        spatial_scale (float): the scale from input coordinates to the feature map.
        sample_num (int): the samples per bin and axis. Default: ``2``.
        roi_end_mode (int): 1 adds 1 to x2/y2, 0 is the legacy mode. Default: ``1``.

    Inputs:
        - **features** (Tensor) - a float (N, C, H, W) feature map.
        - **rois** (Tensor) - (R, 5) rows [batch_index, x1, y1, x2, y2].

    Outputs:
        Tensor, (R, C, pooled_height, pooled_width) of the features' dtype. Differentiable in
        ``features``.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> feat = Tensor(np.arange(16, dtype=np.float32).reshape(1, 1, 4, 4))
        >>> rois = Tensor(np.array([[0, 0.0, 0.0, 3.0, 3.0]], np.float32))
        >>> ops.ROIAlign(1, 1, 1.0, 2)(feat, rois).asnumpy().ravel().tolist()
        [10.0]
    """

    def __init__(self, pooled_height, pooled_width, spatial_scale, sample_num=2,
                 roi_end_mode=1):
        super().__init__()
        op = "ROIAlign"
        big = 2 ** 31 - 1
        self.set_attrs(pooled_height=check_int(pooled_height, op, "pooled_height", 1, big),
                       pooled_width=check_int(pooled_width, op, "pooled_width", 1, big),
                       spatial_scale=check_number(spatial_scale, op, "spatial_scale",
                                                  finite=True),
                       sample_num=check_int(sample_num, op, "sample_num", None, big),
                       roi_end_mode=check_int(roi_end_mode, op, "roi_end_mode", 0, 1))

    def __call__(self, features, rois):
        return DF.roi_align(features, rois, self.pooled_height, self.pooled_width,
                            self.spatial_scale, self.sample_num, self.roi_end_mode)


class AdaptiveAvgPool2D(AttrPrimitive):
    """AdaptiveAvgPool2D(output_size)(x): adaptive average pooling of the last two dims to
    ``output_size`` (an int, or a pair whose None entries keep that input size; recorded with
    -1 for None); see :func:`ops.adaptive_avg_pool2d`.

    Args:
        output_size (Union[int, tuple]): the output (height, width): one int for both, or a
            pair whose None entries keep that input size.

    Inputs:
        - **x** (Tensor) - a float (N, C, H, W) or (C, H, W) tensor.

    Outputs:
        Tensor of the rank and dtype of ``x`` whose last two dimensions are ``output_size``.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.arange(16, dtype=np.float32).reshape(1, 1, 4, 4))
        >>> ops.AdaptiveAvgPool2D(2)(x).asnumpy()[0, 0].tolist()
        [[2.5, 4.5], [10.5, 12.5]]
    """

    def __init__(self, output_size):
        super().__init__()
        op = "AdaptiveAvgPool2D"
        if isinstance(output_size, (tuple, list)):
            if len(output_size) != 2:
                raise ValueError("%s: 'output_size' must have 2 entries, but got %r"
                                 % (op, tuple(output_size)))
            sizes = tuple(-1 if s is None else check_int(s, op, "output_size", 1)
                          for s in output_size)
        else:
            sizes = (check_int(output_size, op, "output_size", 1),) * 2
        self.set_attrs(given={"output_size": output_size}, output_size=sizes)

    def __call__(self, x):
        sizes = tuple(None if s == -1 else s for s in self.output_size)
        return RS.adaptive_avg_pool2d(x, sizes)


def _triple5(v, op, arg):
    """An int, 3 ints, or 5 ints with leading 1s, as MindSpore's 5-entry attribute."""
    if isinstance(v, (tuple, list)) and len(v) == 5:
        if tuple(v[:2]) != (1, 1):
            raise ValueError("%s: a 5-entry '%s' must start with (1, 1), but got %r"
                             % (op, arg, tuple(v)))
        v = v[2:]
    return (1, 1) + check_ints(v, op, arg, 3, 1)


class MaxPool3D(AttrPrimitive):
    """MaxPool3D(kernel_size=1, strides=1, pad_mode='VALID', pad_list=0, ceil_mode=None,
    data_format='NCDHW')(x): 3-D max pooling of an (N, C, D, H, W) float tensor.

    ``pad_mode`` (any case): 'VALID' (no padding), 'SAME' (output ceil(in / stride), padding
    split with the extra element after) or 'PAD' (recorded as 'CALCULATED', as MindSpore
    does; ``pad_list``: an int or (front, back, top,
    bottom, left, right), before + after at most the kernel per dim; a window of padding only
    gives the dtype's lowest finite value, as MindSpore's kernel does; ``ceil_mode`` rounds the
    output up).

    Args:
        kernel_size (Union[int, tuple[int]]): the window (depth, height, width): one int, 3
            ints, or 5 ints starting with (1, 1). Default: ``1``.
        strides (Union[int, tuple[int]]): the stride, in the same forms. Default: ``1``.
        pad_mode (str): ``'VALID'``, ``'SAME'`` or ``'PAD'``, in any case. Default: ``'VALID'``.
        pad_list (Union[int, tuple[int]]): the padding with ``'PAD'``. Default: ``0``.
        ceil_mode (bool): round the output size up (``'PAD'`` only). Default: ``None``.
        data_format (str): must be ``'NCDHW'``. Default: ``'NCDHW'``.

    Inputs:
        - **x** (Tensor) - a float (N, C, D, H, W) tensor.

    Outputs:
        Tensor of shape (N, C, D_out, H_out, W_out) and the dtype of ``x``.

    Raises:
        TypeError: wrong attribute types.
        ValueError: a non-zero ``pad_list`` outside 'PAD' mode, an unknown ``pad_mode`` or
            ``data_format``, or (at call) a wrong input rank.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.arange(16, dtype=np.float32).reshape(1, 1, 2, 2, 4))
        >>> ops.MaxPool3D(2, 2)(x).asnumpy().ravel().tolist()
        [13.0, 15.0]
    """

    def __init__(self, kernel_size=1, strides=1, pad_mode="VALID", pad_list=0, ceil_mode=None,
                 data_format="NCDHW"):
        super().__init__()
        op = "MaxPool3D"
        if not isinstance(pad_mode, str):
            raise TypeError("%s: 'pad_mode' must be a str, but got %s" % (op, show(pad_mode)))
        mode = check_choice(pad_mode.upper(), op, "pad_mode", ("VALID", "SAME", "PAD"))
        pads = check_ints(pad_list, op, "pad_list", 6, 0)
        if mode != "PAD" and any(pads):
            raise ValueError("%s: 'pad_list' must be 0 unless pad_mode is 'PAD', but got %r"
                             % (op, pad_list))
        if ceil_mode is not None:
            check_bool(ceil_mode, op, "ceil_mode")
        check_choice(data_format, op, "data_format", ("NCDHW",))
        self.set_attrs(given=dict(kernel_size=kernel_size, strides=strides, pad_mode=pad_mode,
                                  pad_list=pad_list, ceil_mode=ceil_mode,
                                  data_format=data_format),
                       kernel_size=_triple5(kernel_size, op, "kernel_size"),
                       strides=_triple5(strides, op, "strides"),
                       pad_mode="CALCULATED" if mode == "PAD" else mode,
                       pad_list=pads, ceil_mode=int(bool(ceil_mode)), data_format=data_format)

    def __call__(self, x):
        op = "MaxPool3D"
        check_float(x, op, "x")
        if x.ndim != 5:
            raise ValueError("%s: 'x' must be 5-D (N, C, D, H, W), but got shape %s"
                             % (op, x.shape))
        kernel, stride = self.kernel_size[2:], self.strides[2:]
        pads = self.pad_list
        if self.pad_mode == "SAME":
            pads = []
            for n, k, s in zip(x.shape[2:], kernel, stride):
                total = max((-(-n // s) - 1) * s + k - n, 0)
                pads += [total // 2, total - total // 2]
        elif self.pad_mode == "CALCULATED":
            for i in range(3):
                if pads[2 * i] + pads[2 * i + 1] > kernel[i]:
                    raise ValueError("%s: the padding before and after dim %d must sum to at "
                                     "most the kernel size %s, but got %r"
                                     % (op, i, kernel, pads))
        ceil = bool(self.ceil_mode) and self.pad_mode == "CALCULATED"
        return P3.pool3d_max(x, kernel, stride, (1, 1, 1), tuple(pads), ceil, op)


__all__ = ["MaxPool3D", "ResizeNearestNeighbor", "ResizeBilinearV2", "ResizeBilinear",
           "CropAndResize", "ROIAlign", "AdaptiveAvgPool2D"]
