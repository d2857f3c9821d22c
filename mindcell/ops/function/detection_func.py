"""Object-detection ops: iou, bounding_box_encode/decode, check_valid and choice_with_mask, and
the checked fronts of the NMSWithMask and ROIAlign primitives. Box arithmetic follows
MindSpore's pixel convention: a box [x1, y1, x2, y2] is (x2 - x1 + 1) wide."""
import math

import numpy as np

from mindcell import dtype as mstype
from mindcell._core.random_state import RandomStream
from mindcell.ops._errors import check_int, check_number, public_name, show
from mindcell.ops._helpers import check_numel, check_tensor
from mindcell.ops.defs import detection as D
from mindcell.ops.defs import shape as S
from mindcell.ops.function import array_func as A
from mindcell.ops.function import math_func as M

_F16_F32 = (np.dtype(np.float16), np.dtype(np.float32))
_BOX_DTYPES = _F16_F32 + (np.dtype(np.float64),)


def _boxes(t, op, arg, dtypes=_F16_F32, cols=4):
    check_tensor(t, op, arg)
    if t._np_dtype not in dtypes:
        raise TypeError("%s: '%s' must be one of %s, but got %s"
                        % (public_name(op), arg, ", ".join(str(d) for d in dtypes), t.dtype))
    if t.ndim != 2 or t.shape[1] != cols:
        raise ValueError("%s: '%s' must have shape (N, %d), but got %s"
                         % (public_name(op), arg, cols, t.shape))
    return t


def _col(t, k):
    return A.squeeze(S.slice_along(t, 1, k, k + 1), 1)


def iou(anchor_boxes, gt_boxes, mode="iou"):
    """iou(anchor_boxes, gt_boxes, mode='iou'): the overlap of every ground-truth box with every
    anchor: intersection over union ('iou') or over the ground-truth box's area ('iof').

    Args:
        anchor_boxes (Tensor): (N, 4) boxes [x1, y1, x2, y2], float16, float32 or float64.
        gt_boxes (Tensor): (M, 4) boxes of the same dtype.
        mode (str): 'iou' or 'iof'. Default: 'iou'.

    Returns:
        Tensor, (M, N) of the boxes' dtype.

    Raises:
        TypeError: non-float boxes.
        ValueError: boxes not of shape (N, 4).
        KeyError: an unknown ``mode`` (MindSpore's error type).

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> a = Tensor(np.array([[0, 0, 4, 4]], np.float32))
        >>> ops.iou(a, Tensor(np.array([[0, 0, 1, 1]], np.float32))).asnumpy().tolist()
        [[0.1599999964237213]]
    """
    op = "iou"
    check_iou_mode(mode, op)
    _boxes(anchor_boxes, op, "anchor_boxes", _BOX_DTYPES)
    _boxes(gt_boxes, op, "gt_boxes", _BOX_DTYPES)
    if gt_boxes.dtype != anchor_boxes.dtype:
        raise TypeError("%s: 'gt_boxes' must have the dtype of 'anchor_boxes' (%s), but got %s"
                        % (public_name(op), anchor_boxes.dtype, gt_boxes.dtype))
    a = [A.expand_dims(_col(anchor_boxes, k), 0) for k in range(4)]  # (1, N)
    g = [A.expand_dims(_col(gt_boxes, k), 1) for k in range(4)]      # (M, 1)
    w = M.maximum(M.add(M.sub(M.minimum(a[2], g[2]), M.maximum(a[0], g[0])), 1.0), 0.0)
    h = M.maximum(M.add(M.sub(M.minimum(a[3], g[3]), M.maximum(a[1], g[1])), 1.0), 0.0)
    inter = M.mul(w, h)
    area_g = M.mul(M.add(M.sub(g[2], g[0]), 1.0), M.add(M.sub(g[3], g[1]), 1.0))
    if mode == "iof":
        return M.div(inter, area_g)
    area_a = M.mul(M.add(M.sub(a[2], a[0]), 1.0), M.add(M.sub(a[3], a[1]), 1.0))
    return M.div(inter, M.sub(M.add(area_a, area_g), inter))


def check_iou_mode(mode, op):
    if not isinstance(mode, str):
        raise TypeError("%s: 'mode' must be a str, but got %s" % (public_name(op), show(mode)))
    if mode not in ("iou", "iof"):
        raise KeyError("%s: 'mode' must be 'iou' or 'iof', but got %s" % (public_name(op),
                                                                          show(mode)))
    return mode


def check_box_coefs(v, op, arg):
    """``means``/``stds``: a tuple or list of 4 floats (ints are rejected, as MindSpore does)."""
    if not isinstance(v, (tuple, list)) or len(v) != 4:
        raise TypeError("%s: '%s' must be a tuple or list of 4 floats, but got %s"
                        % (public_name(op), arg, show(v)))
    for i, f in enumerate(v):
        if not isinstance(f, float):
            raise TypeError("%s: '%s[%d]' must be a float, but got %s"
                            % (public_name(op), arg, i, show(f)))
    return tuple(v)


def check_max_shape(max_shape, op):
    if not isinstance(max_shape, (tuple, list)):
        raise TypeError("%s: 'max_shape' must be a tuple or list of 2 ints, but got %s"
                        % (public_name(op), show(max_shape)))
    if len(max_shape) != 2:
        raise ValueError("%s: 'max_shape' must have 2 entries (height, width), but got %d"
                         % (public_name(op), len(max_shape)))
    return tuple(check_int(m, op, "max_shape") for m in max_shape)


def _centres(boxes):
    """(cx, cy, w, h) of [x1, y1, x2, y2] boxes, widths counting both end pixels."""
    x1, y1, x2, y2 = (_col(boxes, k) for k in range(4))
    w, h = M.add(M.sub(x2, x1), 1.0), M.add(M.sub(y2, y1), 1.0)
    return M.add(x1, M.mul(M.sub(w, 1.0), 0.5)), M.add(y1, M.mul(M.sub(h, 1.0), 0.5)), w, h


def _pair_boxes(anchor_box, other, op, arg):
    _boxes(anchor_box, op, "anchor_box")
    _boxes(other, op, arg)
    if other.dtype != anchor_box.dtype or other.shape != anchor_box.shape:
        raise ValueError("%s: '%s' must have the shape and dtype of 'anchor_box' (%s, %s), but "
                         "got %s" % (public_name(op), arg, anchor_box.shape, anchor_box.dtype,
                                     show(other)))


def bounding_box_encode(anchor_box, groundtruth_box, means=(0.0, 0.0, 0.0, 0.0),
                        stds=(1.0, 1.0, 1.0, 1.0)):
    """bounding_box_encode(anchor_box, groundtruth_box, means=(0.0, 0.0, 0.0, 0.0),
    stds=(1.0, 1.0, 1.0, 1.0)): the deltas (dx, dy, dw, dh) that move each anchor onto its
    ground-truth box, normalised as ``(delta - means) / stds``.

    ``dx = (gx - px) / pw``, ``dw = log(gw / pw)`` (and likewise for y, h), with centres and
    sizes in the +1 pixel convention.

    Args:
        anchor_box (Tensor): (N, 4) float16 or float32 boxes [x1, y1, x2, y2].
        groundtruth_box (Tensor): boxes of the same shape and dtype.
        means (tuple[float]): 4 means. Default: zeros.
        stds (tuple[float]): 4 standard deviations. Default: ones.

    Returns:
        Tensor, (N, 4) deltas of the boxes' dtype.

    Raises:
        TypeError: wrong dtypes or ``means``/``stds`` not 4 floats.
        ValueError: mismatched shapes.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> a = Tensor(np.array([[0, 0, 4, 4]], np.float32))
        >>> g = Tensor(np.array([[1, 1, 5, 5]], np.float32))
        >>> [round(v, 3) for v in ops.bounding_box_encode(a, g).asnumpy()[0].tolist()]
        [0.2, 0.2, 0.0, 0.0]
    """
    op = "bounding_box_encode"
    means, stds = check_box_coefs(means, op, "means"), check_box_coefs(stds, op, "stds")
    _pair_boxes(anchor_box, groundtruth_box, op, "groundtruth_box")
    px, py, pw, ph = _centres(anchor_box)
    gx, gy, gw, gh = _centres(groundtruth_box)
    deltas = (M.div(M.sub(gx, px), pw), M.div(M.sub(gy, py), ph),
              M.log(M.div(gw, pw)), M.log(M.div(gh, ph)))
    return A.stack([M.div(M.sub(d, m), s) for d, m, s in zip(deltas, means, stds)], 1)


def bounding_box_decode(anchor_box, deltas, max_shape, means=(0.0, 0.0, 0.0, 0.0),
                        stds=(1.0, 1.0, 1.0, 1.0), wh_ratio_clip=0.016):
    """bounding_box_decode(anchor_box, deltas, max_shape, means=(0.0, 0.0, 0.0, 0.0),
    stds=(1.0, 1.0, 1.0, 1.0), wh_ratio_clip=0.016): the boxes the deltas of
    :func:`bounding_box_encode` point to, clipped to the image.

    The deltas are denormalised (``delta * stds + means``), dw/dh are clipped to
    ``[-|log(wh_ratio_clip)|, |log(wh_ratio_clip)|]`` (not at all when ``wh_ratio_clip <= 0``,
    whose logarithm is infinite or NaN), and x is clipped to ``[0, max_shape[1]]``, y to
    ``[0, max_shape[0]]``.

    Args:
        anchor_box (Tensor): (N, 4) float16 or float32 boxes.
        deltas (Tensor): (N, 4) deltas of the same dtype.
        max_shape (tuple[int]): (height, width) of the image.
        means (tuple[float]): 4 means. Default: zeros.
        stds (tuple[float]): 4 standard deviations. Default: ones.
        wh_ratio_clip (float): the limit of the width/height change. Default: 0.016.

    Returns:
        Tensor, (N, 4) boxes of the anchors' dtype.

    Raises:
        TypeError: wrong argument types.
        ValueError: mismatched shapes or ``max_shape`` without 2 entries.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> a = Tensor(np.array([[1, 1, 3, 3.5]], np.float32))
        >>> d = Tensor(np.zeros((1, 4), np.float32))
        >>> ops.bounding_box_decode(a, d, (10, 10)).asnumpy().tolist()
        [[1.0, 1.0, 3.0, 3.5]]
    """
    op = "bounding_box_decode"
    max_h, max_w = check_max_shape(max_shape, op)
    means, stds = check_box_coefs(means, op, "means"), check_box_coefs(stds, op, "stds")
    ratio = check_number(wh_ratio_clip, op, "wh_ratio_clip", finite=True)
    clip = abs(math.log(ratio)) if ratio > 0 else None
    _pair_boxes(anchor_box, deltas, op, "deltas")
    px, py, pw, ph = _centres(anchor_box)
    dx, dy, dw, dh = (M.add(M.mul(_col(deltas, k), s), m)
                      for k, m, s in zip(range(4), means, stds))
    if clip is not None:
        dw, dh = M.clamp(dw, -clip, clip), M.clamp(dh, -clip, clip)
    gx, gy = M.add(px, M.mul(pw, dx)), M.add(py, M.mul(ph, dy))
    half_w, half_h = M.mul(M.mul(pw, M.exp(dw)), 0.5), M.mul(M.mul(ph, M.exp(dh)), 0.5)
    x1 = M.clamp(M.add(M.sub(gx, half_w), 0.5), 0.0, float(max_w))
    y1 = M.clamp(M.add(M.sub(gy, half_h), 0.5), 0.0, float(max_h))
    x2 = M.clamp(M.sub(M.add(gx, half_w), 0.5), 0.0, float(max_w))
    y2 = M.clamp(M.sub(M.add(gy, half_h), 0.5), 0.0, float(max_h))
    return A.stack([x1, y1, x2, y2], 1)


def check_valid(bboxes, img_metas):
    """check_valid(bboxes, img_metas): whether each box lies inside the image: x1 >= 0,
    y1 >= 0, x2 <= width * ratio - 1 and y2 <= height * ratio - 1.

    Args:
        bboxes (Tensor): (N, 4) boxes [x1, y1, x2, y2]; float16, float32, int16 or uint8.
        img_metas (Tensor): (3,) [height, width, ratio] of the same dtype.

    Returns:
        Tensor, Bool of shape (N,).

    Raises:
        TypeError: unsupported dtypes.
        ValueError: wrong shapes.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> b = Tensor(np.array([[0, 0, 15, 19], [0, 0, 16, 19]], np.float32))
        >>> ops.check_valid(b, Tensor(np.array([20, 16, 1], np.float32))).asnumpy().tolist()
        [True, False]
    """
    op = "check_valid"
    dtypes = _F16_F32 + (np.dtype(np.int16), np.dtype(np.uint8))
    _boxes(bboxes, op, "bboxes", dtypes)
    check_tensor(img_metas, op, "img_metas")
    if img_metas._np_dtype != bboxes._np_dtype or img_metas.shape != (3,):
        raise TypeError("%s: 'img_metas' must be a (3,) tensor of %s, but got %s"
                        % (public_name(op), bboxes.dtype, show(img_metas)))
    boxes, metas = M.cast(bboxes, mstype.float32), M.cast(img_metas, mstype.float32)
    h, w, ratio = (S.slice_along(metas, 0, k, k + 1) for k in range(3))
    conds = (M.greater_equal(_col(boxes, 0), 0.0), M.greater_equal(_col(boxes, 1), 0.0),
             M.less_equal(_col(boxes, 2), M.sub(M.mul(w, ratio), 1.0)),
             M.less_equal(_col(boxes, 3), M.sub(M.mul(h, ratio), 1.0)))
    out = conds[0]
    for c in conds[1:]:
        out = M.logical_and(out, c)
    return out


def choice_with_mask(input_x, count=256, seed=None):
    """choice_with_mask(input_x, count=256, seed=None): the coordinates of up to ``count``
    randomly chosen True elements of a bool tensor.

    Args:
        input_x (Tensor): Bool, 1-D to 5-D.
        count (int): how many coordinates to return (positive). Default: 256.
        seed (int): the op seed: calls with one seed continue one stream, restarted by
            ``set_seed`` (MindSpore's rule for random functional ops; None counts as 0).
            Default: None.

    Returns:
        tuple(index, mask): ``index`` Int32 (count, rank) coordinates, ``mask`` Bool (count,)
        saying which rows are real choices (fewer True elements than ``count`` leave zero rows
        with mask False).

    Raises:
        TypeError: ``input_x`` is not Bool, or ``count`` not an int.
        ValueError: ``input_x`` not 1-D to 5-D, or ``count`` not positive.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> index, mask = ops.choice_with_mask(Tensor(np.array([True, False, True])), 4)
        >>> index.shape, int(mask.asnumpy().sum())
        ((4, 1), 2)
    """
    op = "choice_with_mask"
    count = check_int(count, op, "count", 1, 2 ** 31 - 1)
    check_choice_input(input_x, count, op)
    if seed is not None:
        check_int(seed, op, "seed", 0)
    return random_choice(input_x, count, RandomStream.of_op(op, seed))


def check_choice_input(input_x, count, op):
    """A Bool tensor of rank 1 to 5 whose (count, rank) index output can be allocated."""
    check_tensor(input_x, op, "input_x")
    if input_x._np_dtype != np.bool_:
        raise TypeError("%s: 'input_x' must be a Bool tensor, but got %s"
                        % (public_name(op), input_x.dtype))
    if not 1 <= input_x.ndim <= 5:
        raise ValueError("%s: 'input_x' must be 1-D to 5-D, but got shape %s"
                         % (public_name(op), input_x.shape))
    check_numel((count, input_x.ndim), op, "count")


def random_choice(input_x, count, stream):
    """The RandomChoiceWithMask primitive drawing from ``stream``."""
    return D.random_choice_with_mask_p.bind(input_x, count=count, stream=stream)


def nms_with_mask(bboxes, iou_threshold=0.5, op="NMSWithMask"):
    """Greedy non-maximum suppression of (N, 5) [x1, y1, x2, y2, score] boxes: the boxes sorted
    by descending score (ties keep input order), ``arange(N)`` and the keep mask."""
    _boxes(bboxes, op, "bboxes", _F16_F32, 5)
    return D.nms_with_mask_p.bind(bboxes, iou_threshold=float(iou_threshold))


def roi_align(features, rois, pooled_height, pooled_width, spatial_scale, sample_num,
              roi_end_mode, op="ROIAlign"):
    """ROIAlign of (N, C, H, W) ``features`` over (R, 5) [batch, x1, y1, x2, y2] ``rois``."""
    check_tensor(features, op, "features")
    if features.ndim != 4 or features._np_dtype not in _F16_F32:
        raise TypeError("%s: 'features' must be a 4-D float16/float32 tensor, but got %s"
                        % (public_name(op), show(features)))
    _boxes(rois, op, "rois", (features._np_dtype,), 5)
    check_numel((rois.shape[0], features.shape[1], pooled_height, pooled_width), op,
                "the output")
    if sample_num > 0:  # the per-axis sampling matrices hold pooled * sample_num entries
        check_numel((max(pooled_height, pooled_width), sample_num, 64), op, "sample_num")
    return D.roi_align_p.bind(features, rois, pooled_height=pooled_height,
                              pooled_width=pooled_width, spatial_scale=spatial_scale,
                              sample_num=sample_num, roi_end_mode=roi_end_mode)


__all__ = ["iou", "bounding_box_encode", "bounding_box_decode", "check_valid",
           "choice_with_mask"]
