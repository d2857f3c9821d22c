"""Primitive classes of object-detection ops: NMSWithMask, IOU, BoundingBoxEncode,
BoundingBoxDecode, CheckValid and RandomChoiceWithMask, with MindSpore's split between
constructor attributes and call inputs."""
from mindcell._core.random_state import RandomStream
from mindcell.ops._errors import check_int, check_number
from mindcell.ops._prim_attrs import AttrPrimitive
from mindcell.ops.function import detection_func as DF


class NMSWithMask(AttrPrimitive):
    """NMSWithMask(iou_threshold=0.5)(bboxes): greedy non-maximum suppression.

    ``bboxes`` (N, 5) float16/float32 rows are [x1, y1, x2, y2, score]. The boxes are sorted by
    descending score (equal scores keep their input order; MindSpore's CPU kernel orders ties
    arbitrarily); going down the list, a kept box suppresses every later box whose IoU with it
    (areas ``(x2 - x1) * (y2 - y1)``) exceeds ``iou_threshold``.

    Args:
        iou_threshold (float): boxes overlapping a kept box by more than this are suppressed.
            Default: ``0.5``.

    Inputs:
        - **bboxes** (Tensor) - float16/float32 (N, 5) rows [x1, y1, x2, y2, score].

    Outputs:
        Tuple ``(selected_boxes, selected_idx, selected_mask)``: the sorted boxes (N, 5),
        ``arange(N)`` as Int32 (MindSpore's CPU kernel returns these positions in the sorted
        list), and the Bool keep mask over the sorted boxes.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> b = Tensor(np.array([[0, 0, 10, 10, 0.8], [0, 0, 10, 9, 0.9]], np.float32))
        >>> ops.NMSWithMask(0.5)(b)[2].asnumpy().tolist()
        [True, False]
    """

    def __init__(self, iou_threshold=0.5):
        super().__init__()
        self.set_attrs(iou_threshold=check_number(iou_threshold, "NMSWithMask",
                                                  "iou_threshold"))

    def __call__(self, bboxes):
        return DF.nms_with_mask(bboxes, self.iou_threshold)


class IOU(AttrPrimitive):
    """IOU(mode='iou')(anchor_boxes, gt_boxes): the (M, N) overlaps of M ground-truth with N
    anchor boxes; see :func:`ops.iou`.

    Args:
        mode (str): ``'iou'`` (intersection over union) or ``'iof'`` (intersection over the
            ground-truth box's area). Default: ``'iou'``.

    Inputs:
        - **anchor_boxes** (Tensor) - (N, 4) float boxes [x1, y1, x2, y2].
        - **gt_boxes** (Tensor) - (M, 4) boxes of the same dtype.

    Outputs:
        Tensor, (M, N) of the boxes' dtype.

    Raises:
        TypeError: ``mode`` is not a str.
        KeyError: ``mode`` is not 'iou' or 'iof' (MindSpore's error type).

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> a = Tensor(np.array([[0, 0, 3, 3]], np.float32))
        >>> ops.IOU("iof")(a, Tensor(np.array([[0, 0, 1, 1]], np.float32))).asnumpy().tolist()
        [[1.0]]
    """

    def __init__(self, mode="iou"):
        super().__init__()
        self.set_attrs(mode=DF.check_iou_mode(mode, "IOU"))

    def __call__(self, anchor_boxes, gt_boxes):
        return DF.iou(anchor_boxes, gt_boxes, self.mode)


class BoundingBoxEncode(AttrPrimitive):
    """BoundingBoxEncode(means=(0.0, 0.0, 0.0, 0.0), stds=(1.0, 1.0, 1.0, 1.0))(anchor_box,
    groundtruth_box): the normalised deltas from anchors to boxes; see
    :func:`ops.bounding_box_encode`.

    Args:
        means (tuple[float]): the 4 means subtracted from the deltas. Default:
            ``(0.0, 0.0, 0.0, 0.0)``.
        stds (tuple[float]): the 4 standard deviations they are divided by. Default:
            ``(1.0, 1.0, 1.0, 1.0)``.

    Inputs:
        - **anchor_box** (Tensor) - (N, 4) float16/float32 boxes [x1, y1, x2, y2].
        - **groundtruth_box** (Tensor) - boxes of the same shape and dtype.

    Outputs:
        Tensor, (N, 4) deltas (dx, dy, dw, dh) of the boxes' dtype.

    Raises:
        TypeError: ``means``/``stds`` not 4 floats.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> a = Tensor(np.array([[0, 0, 3, 3]], np.float32))
        >>> ops.BoundingBoxEncode()(a, a).asnumpy().tolist()
        [[0.0, 0.0, 0.0, 0.0]]
    """

    def __init__(self, means=(0.0, 0.0, 0.0, 0.0), stds=(1.0, 1.0, 1.0, 1.0)):
        super().__init__()
        op = "BoundingBoxEncode"
        self.set_attrs(means=DF.check_box_coefs(means, op, "means"),
                       stds=DF.check_box_coefs(stds, op, "stds"))

    def __call__(self, anchor_box, groundtruth_box):
        return DF.bounding_box_encode(anchor_box, groundtruth_box, self.means, self.stds)


class BoundingBoxDecode(AttrPrimitive):
    """BoundingBoxDecode(max_shape, means=(0.0, 0.0, 0.0, 0.0), stds=(1.0, 1.0, 1.0, 1.0),
    wh_ratio_clip=0.016)(anchor_box, deltas): see :func:`ops.bounding_box_decode`.

    Args:
        max_shape (tuple[int]): the (height, width) of the image the boxes are clipped to.
        means (tuple[float]): the 4 means of the deltas. Default: ``(0.0, 0.0, 0.0, 0.0)``.
        stds (tuple[float]): the 4 standard deviations of the deltas. Default:
            ``(1.0, 1.0, 1.0, 1.0)``.
        wh_ratio_clip (float): the limit of the width/height change. Default: ``0.016``.

    Inputs:
        - **anchor_box** (Tensor) - (N, 4) float16/float32 boxes.
        - **deltas** (Tensor) - (N, 4) deltas of the same dtype.

    Outputs:
        Tensor, (N, 4) boxes of the anchors' dtype.

    Raises:
        TypeError: ``means``/``stds`` not 4 floats.
        ValueError: ``max_shape`` without 2 entries.
        RuntimeError: at call, when ``max_shape`` is None (MindSpore's error).

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> a = Tensor(np.array([[1, 1, 3, 3]], np.float32))
        >>> d = Tensor(np.zeros((1, 4), np.float32))
        >>> ops.BoundingBoxDecode((8, 8))(a, d).asnumpy().tolist()
        [[1.0, 1.0, 3.0, 3.0]]
    """

    def __init__(self, max_shape, means=(0.0, 0.0, 0.0, 0.0), stds=(1.0, 1.0, 1.0, 1.0),
                 wh_ratio_clip=0.016):
        super().__init__()
        op = "BoundingBoxDecode"
        if max_shape is not None:
            max_shape = DF.check_max_shape(max_shape, op)
        self.set_attrs(max_shape=max_shape, means=DF.check_box_coefs(means, op, "means"),
                       stds=DF.check_box_coefs(stds, op, "stds"),
                       wh_ratio_clip=check_number(wh_ratio_clip, op, "wh_ratio_clip"))

    def __call__(self, anchor_box, deltas):
        if self.max_shape is None:
            raise RuntimeError("BoundingBoxDecode: 'max_shape' is None; construct it with the "
                               "image's (height, width)")
        return DF.bounding_box_decode(anchor_box, deltas, self.max_shape, self.means, self.stds,
                                      self.wh_ratio_clip)


class CheckValid(AttrPrimitive):
    """CheckValid()(bboxes, img_metas): whether each box lies inside the image
    ``img_metas = [height, width, ratio]``; see :func:`ops.check_valid`.

    Inputs:
        - **bboxes** (Tensor) - (N, 4) boxes [x1, y1, x2, y2]; float16, float32, int16 or uint8.
        - **img_metas** (Tensor) - (3,) [height, width, ratio] of the same dtype.

    Outputs:
        Bool Tensor of shape (N,).

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> b = Tensor(np.array([[0, 0, 7, 7], [0, 0, 8, 7]], np.float32))
        >>> ops.CheckValid()(b, Tensor(np.array([8, 8, 1], np.float32))).asnumpy().tolist()
        [True, False]
    """

    def __call__(self, bboxes, img_metas):
        return DF.check_valid(bboxes, img_metas)


class RandomChoiceWithMask(AttrPrimitive):
    """RandomChoiceWithMask(count=256, seed=0, seed2=0)(input_x): see
    :func:`ops.choice_with_mask`. With ``seed`` or ``seed2`` non-zero the instance owns a
    stream started from them (continued call after call, untouched by ``set_seed``); with both 0
    it draws like ``choice_with_mask`` without a seed.

    Args:
        count (int): how many coordinates to return (positive). Default: ``256``.
        seed (int): a seed, >= 0. Default: ``0``.
        seed2 (int): a second seed, >= 0. Default: ``0``.

    Inputs:
        - **input_x** (Tensor) - a Bool tensor of rank 1 to 5.

    Outputs:
        Tuple ``(index, mask)``: Int32 (count, rank) coordinates of chosen True elements and the
        Bool (count,) mask of the rows that are real choices.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> index, mask = ops.RandomChoiceWithMask(3, 1, 1)(Tensor(np.array([[True, False]])))
        >>> index.shape, mask.asnumpy().tolist()
        ((3, 2), [True, False, False])
    """

    def __init__(self, count=256, seed=0, seed2=0):
        super().__init__()
        op = "RandomChoiceWithMask"
        self.set_attrs(count=check_int(count, op, "count", 1, 2 ** 31 - 1),
                       seed=check_int(seed, op, "seed", 0),
                       seed2=check_int(seed2, op, "seed2", 0), flags={"side_effect_hidden": True})
        self._stream = RandomStream.of_instance(op, self.seed, self.seed2)

    def __call__(self, input_x):
        DF.check_choice_input(input_x, self.count, "RandomChoiceWithMask")
        return DF.random_choice(input_x, self.count, self._stream)


__all__ = ["NMSWithMask", "IOU", "BoundingBoxEncode", "BoundingBoxDecode", "CheckValid",
           "RandomChoiceWithMask"]
