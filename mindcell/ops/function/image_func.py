"""Image ops of MindSpore's TensorFlow-style primitives: nearest and bilinear resizing with
``align_corners``/``half_pixel_centers`` (ResizeNearestNeighbor, ResizeBilinearV2) and
crop_and_resize. Resizing gathers rows and columns at constant index maps; crop_and_resize
computes its sampling points from the ``boxes`` tensor with ops, so both differentiate and
trace like their parts."""
import numpy as np

from mindcell._arrays import c_contiguous
from mindcell import dtype as mstype
from mindcell.common.tensor import Tensor
from mindcell.ops._errors import check_choice, check_int, check_number, public_name, show
from mindcell.ops._helpers import check_numel, check_tensor
from mindcell.ops.defs import shape as S
from mindcell.ops.function import array_func as A
from mindcell.ops.function import math_func as M
from mindcell.ops.function.special_math_func import trunc as _trunc
from mindcell.ops.function.pad_func import take

_FLOATS = (np.dtype(np.float16), np.dtype(np.float32), np.dtype(np.float64))


def resize_size(size, op, arg="size"):
    """A (height, width) pair of positive ints, from a tuple, list or 1-D integer Tensor."""
    if isinstance(size, Tensor):
        if size._np_dtype.kind not in "iu" or size.shape != (2,):
            raise TypeError("%s: a Tensor '%s' must be 1-D integer with 2 entries, but got %s"
                            % (public_name(op), arg, show(size)))
        size = tuple(size.tolist())
    if not isinstance(size, (tuple, list)):
        raise TypeError("%s: '%s' must be a tuple or list of ints, but got %s"
                        % (public_name(op), arg, show(size)))
    if len(size) != 2:
        raise ValueError("%s: '%s' must have 2 entries (height, width), but got %r"
                         % (public_name(op), arg, tuple(size)))
    return check_numel(tuple(check_int(s, op, arg, 1, 2 ** 31 - 1) for s in size), op, arg)


def check_centers(align_corners, half_pixel_centers, op):
    if align_corners and half_pixel_centers:
        raise ValueError("%s: 'half_pixel_centers' must be False when 'align_corners' is True"
                         % public_name(op))


def _source(n, out, align_corners, half_pixel):
    """Source coordinate of each output position along an axis of length ``n``."""
    scale = (n - 1) / (out - 1) if align_corners and out > 1 else n / out
    i = np.arange(out, dtype=np.float64)
    return ((i + 0.5) * scale - 0.5) if half_pixel else i * scale, scale


def _nearest_axis(x, axis, out, align_corners, half_pixel):
    n = x.shape[axis]
    scale = (n - 1) / (out - 1) if align_corners and out > 1 else n / out
    i = np.arange(out, dtype=np.float64)
    if align_corners:
        src = np.floor(i * scale + 0.5)  # TensorFlow rounds half away from zero
    else:
        src = np.floor((i + 0.5) * scale if half_pixel else i * scale)
    return take(x, np.minimum(src.astype(np.int64), n - 1), axis)


def _bilinear_axis(x, axis, out, align_corners, half_pixel):
    n = x.shape[axis]
    src, _ = _source(n, out, align_corners, half_pixel)
    src = np.clip(src, 0.0, n - 1)
    lo = np.floor(src).astype(np.int64)
    hi = np.minimum(lo + 1, n - 1)
    shape = (out,) + (1,) * (x.ndim - 1 - axis)
    lam = Tensor._make(c_contiguous((src - lo).reshape(shape), x._np_dtype))
    a, b = take(x, lo, axis), take(x, hi, axis)
    return M.add(a, M.mul(M.sub(b, a), lam))


def _image4d(x, op, arg, floats_only):
    check_tensor(x, op, arg)
    if x.ndim != 4:
        raise ValueError("%s: '%s' must be 4-D (N, C, H, W), but got shape %s"
                         % (public_name(op), arg, x.shape))
    if floats_only and x._np_dtype not in _FLOATS:
        raise TypeError("%s: '%s' must be float16, float32 or float64, but got %s"
                        % (public_name(op), arg, x.dtype))
    if x._np_dtype.kind not in "iuf":
        raise TypeError("%s: '%s' must be a real number tensor, but got %s"
                        % (public_name(op), arg, x.dtype))
    return x


_NEAREST_DTYPES = _FLOATS + (np.dtype(np.int16), np.dtype(np.int32), np.dtype(np.int64))


def resize_nearest(x, size, align_corners, half_pixel_centers, op="ResizeNearestNeighbor"):
    """Nearest-neighbour resize of the last two dims of an NCHW tensor to ``size``."""
    _image4d(x, op, "input_x", False)
    if x._np_dtype not in _NEAREST_DTYPES:
        raise TypeError("%s: 'input_x' must be float16/32/64 or int16/32/64, but got %s"
                        % (public_name(op), x.dtype))
    h, w = resize_size(size, op)
    check_centers(align_corners, half_pixel_centers, op)
    y = _nearest_axis(x, 2, h, align_corners, half_pixel_centers)
    return _nearest_axis(y, 3, w, align_corners, half_pixel_centers)


def resize_bilinear(x, size, align_corners, half_pixel_centers, op="ResizeBilinearV2"):
    """Bilinear resize of the last two dims of a float NCHW tensor to ``size``."""
    _image4d(x, op, "image", True)
    h, w = resize_size(size, op)
    check_centers(align_corners, half_pixel_centers, op)
    y = _bilinear_axis(x, 2, h, align_corners, half_pixel_centers)
    return _bilinear_axis(y, 3, w, align_corners, half_pixel_centers)


def _crop_inputs(image, boxes, box_indices, crop_size, op):
    check_tensor(image, op, "image")
    if image.ndim != 4 or image._np_dtype.kind not in "iuf":
        raise ValueError("%s: 'image' must be a 4-D (batch, height, width, depth) real tensor, "
                         "but got %s" % (public_name(op), show(image)))
    check_tensor(boxes, op, "boxes")
    if boxes.ndim != 2 or boxes.shape[1] != 4:
        raise ValueError("%s: 'boxes' must have shape (num_boxes, 4), but got %s"
                         % (public_name(op), boxes.shape))
    if boxes._np_dtype != np.float32:
        raise TypeError("%s: 'boxes' must be float32, but got %s" % (public_name(op), boxes.dtype))
    check_tensor(box_indices, op, "box_indices")
    if box_indices._np_dtype != np.int32 or box_indices.shape != (boxes.shape[0],):
        raise TypeError("%s: 'box_indices' must be int32 of shape (%d,), but got %s"
                        % (public_name(op), boxes.shape[0], show(box_indices)))
    return resize_size(crop_size, op, "crop_size")


def _crop_coords(lo, hi, n, out):
    """Sampling coordinates (num_boxes, out) between normalised box edges ``lo``/``hi``."""
    if out > 1:
        step = Tensor._make(np.arange(out, dtype=np.float32) / (out - 1))
        return M.add(M.mul(lo, n - 1), M.mul(M.mul(M.sub(hi, lo), n - 1), step))
    return M.mul(M.add(lo, hi), 0.5 * (n - 1))


def _axis_taps(coord, n, nearest):
    """Integer taps, weights and validity of float coordinates along an axis of length n."""
    valid = M.logical_and(M.greater_equal(coord, 0.0), M.less_equal(coord, float(n - 1)))
    if nearest:
        near = M.floor(M.add(coord, 0.5))  # coordinates used are >= 0: half away from zero
        idx = M.cast(M.clamp(near, 0, n - 1), mstype.int64)
        return (idx,), (None,), valid
    lo = M.floor(coord)
    frac = M.sub(coord, lo)
    i0 = M.cast(M.clamp(lo, 0, n - 1), mstype.int64)
    i1 = M.cast(M.clamp(M.add(lo, 1.0), 0, n - 1), mstype.int64)
    return (i0, i1), (M.sub(1.0, frac), frac), valid


def _v2_coords(lo, hi, n, out):
    """'bilinear_v2' sampling positions (num_boxes, out): the box edges truncated to whole
    pixels ``[trunc(lo * n), trunc(hi * n)]``, sampled at half-pixel centres, clamped to the
    crop and the image (no extrapolation)."""
    start = _trunc(M.mul(lo, float(n)))
    length = M.add(M.sub(_trunc(M.mul(hi, float(n))), start), 1.0)
    centre = Tensor._make((np.arange(out, dtype=np.float32) + 0.5) / out)
    src = M.sub(M.mul(length, centre), 0.5)
    src = M.maximum(M.minimum(src, M.sub(length, 1.0)), 0.0)
    return M.clamp(M.add(start, src), 0.0, float(n - 1))


def crop_and_resize(image, boxes, box_indices, crop_size, method="bilinear",
                    extrapolation_value=0.0):
    """crop_and_resize(image, boxes, box_indices, crop_size, method='bilinear',
    extrapolation_value=0.0): crops boxes out of a batch of NHWC images and resizes each crop
    to ``crop_size`` (TensorFlow's crop_and_resize).

    Box ``i`` is ``[y1, x1, y2, x2]`` in normalised coordinates of image ``box_indices[i]``
    (``y * (height - 1)`` is the pixel row); y1 > y2 flips the crop. Sampling points outside
    the image get ``extrapolation_value``.

    Args:
        image (Tensor): (batch, image_height, image_width, depth), a real dtype.
        boxes (Tensor): Float32 (num_boxes, 4).
        box_indices (Tensor): Int32 (num_boxes,), each in [0, batch).
        crop_size (tuple[int]): (crop_height, crop_width), positive.
        method (str): 'bilinear', 'nearest' or 'bilinear_v2' (the box edges truncated to whole
            pixels ``trunc(y * image_height)``, then half-pixel-centre bilinear sampling
            clamped to the crop and the image). Default: 'bilinear'.
        extrapolation_value (float): the value outside the image ('bilinear_v2' never
            extrapolates). Default: 0.0.

    Returns:
        Tensor, Float32 of shape (num_boxes, crop_height, crop_width, depth).

    Raises:
        TypeError: wrong argument types.
        ValueError: wrong shapes or an unknown ``method``.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> image = Tensor(np.arange(16, dtype=np.float32).reshape(1, 4, 4, 1))
        >>> boxes = Tensor(np.array([[0.0, 0.0, 1.0, 1.0]], np.float32))
        >>> out = ops.crop_and_resize(image, boxes, Tensor(np.array([0], np.int32)), (2, 2))
        >>> out.asnumpy().ravel().tolist()
        [0.0, 3.0, 12.0, 15.0]
    """
    op = "crop_and_resize"
    ch, cw = _crop_inputs(image, boxes, box_indices, crop_size, op)
    if not isinstance(method, str):
        raise TypeError("%s: 'method' must be a str, but got %s" % (public_name(op), show(method)))
    check_choice(method, op, "method", ("bilinear", "nearest", "bilinear_v2"))
    fill = check_number(extrapolation_value, op, "extrapolation_value")
    batch, h, w, depth = image.shape
    img = M.cast(image, mstype.float32)
    flat = A.reshape(img, (batch * h * w, depth))
    y1, x1, y2, x2 = (S.slice_along(boxes, 1, k, k + 1) for k in range(4))
    coords = _v2_coords if method == "bilinear_v2" else _crop_coords
    ys = coords(y1, y2, h, ch)   # (num, ch)
    xs = coords(x1, x2, w, cw)   # (num, cw)
    nearest = method == "nearest"
    yi, yw, yv = _axis_taps(ys, h, nearest)
    xi, xw, xv = _axis_taps(xs, w, nearest)
    base = A.reshape(M.mul(M.cast(box_indices, mstype.int64), h * w), (-1, 1, 1))
    out = None
    for iy, wy in zip(yi, yw):
        for ix, wx in zip(xi, xw):
            index = M.add(base, M.add(M.mul(A.expand_dims(iy, 2), w), A.expand_dims(ix, 1)))
            tap = A.reshape(S.gather_p.bind(flat, A.reshape(index, (-1,)), axis=0),
                            (boxes.shape[0], ch, cw, depth))
            if wy is not None:
                weight = M.mul(A.expand_dims(wy, 2), A.expand_dims(wx, 1))
                tap = M.mul(tap, A.expand_dims(weight, 3))
            out = tap if out is None else M.add(out, tap)
    valid = A.expand_dims(M.logical_and(A.expand_dims(yv, 2), A.expand_dims(xv, 1)), 3)
    return M.select(A.broadcast_to(valid, out.shape), out,
                    Tensor._make(np.full(out.shape, fill, np.float32)))


__all__ = ["crop_and_resize"]
