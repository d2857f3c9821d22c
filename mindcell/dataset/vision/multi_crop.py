"""``FiveCrop`` and ``TenCrop`` of ``mindcell.dataset.vision``: the four corner crops and the
centre crop of a PIL image (TenCrop adds those of its mirror image)."""
from mindcell.dataset.transforms.transforms import TensorOperation
from mindcell.dataset.vision import _checks as chk
from mindcell.dataset.vision._pil import require_pil

__all__ = ["FiveCrop", "TenCrop"]


def five_crops(op, img, size):
    ch, cw = size
    w, h = img.size
    if ch > h or cw > w:
        raise ValueError("%s: the crop size %s is larger than the image (%d, %d)"
                         % (op, size, h, w))
    top, left = int(round((h - ch) / 2.0)), int(round((w - cw) / 2.0))
    boxes = [(0, 0), (w - cw, 0), (0, h - ch), (w - cw, h - ch), (left, top)]
    return tuple(img.crop((x, y, x + cw, y + ch)) for x, y in boxes)


class FiveCrop(TensorOperation):
    """FiveCrop(size): the top-left, top-right, bottom-left, bottom-right and centre crops of
    ``size`` of a PIL image (the centre at the rounded middle).

    Args:
        size (Union[int, Sequence[int]]): the crop (height, width), or one size for both.

    Returns:
        tuple of 5 PIL.Image.Image.

    Raises:
        TypeError: ``size`` is not an int or a pair of ints, the image is not a PIL image, or
            the call is not given one column.
        ValueError: a size below 1, or a crop larger than the image.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> img = vision.ToPIL()(np.arange(20, dtype=np.uint8).reshape(4, 5))
        >>> crops = vision.FiveCrop(2)(img)
        >>> len(crops), np.asarray(crops[1]).tolist(), crops[4].size
        (5, [[3, 4], [8, 9]], (2, 2))
    """

    def __init__(self, size):
        self.size = chk.size("FiveCrop", "size", size)

    def __call__(self, *inputs):
        if len(inputs) != 1:
            raise TypeError("FiveCrop: expected 1 input column, but got %d" % len(inputs))
        return five_crops("FiveCrop", require_pil("FiveCrop", inputs[0]), self.size)


class TenCrop(TensorOperation):
    """TenCrop(size, use_vertical_flip=False): :class:`FiveCrop` of a PIL image, then FiveCrop of
    its left-right (or, with ``use_vertical_flip``, top-bottom) mirror.

    Args:
        size (Union[int, Sequence[int]]): the crop (height, width), or one size for both.
        use_vertical_flip (bool, optional): mirror top-bottom instead of left-right.
            Default: ``False``.

    Returns:
        tuple of 10 PIL.Image.Image.

    Raises:
        TypeError: an argument has a wrong type, the image is not a PIL image, or the call is
            not given one column.
        ValueError: a size below 1, or a crop larger than the image.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> img = vision.ToPIL()(np.arange(20, dtype=np.uint8).reshape(4, 5))
        >>> crops = vision.TenCrop(2)(img)
        >>> len(crops), np.asarray(crops[5]).tolist()
        (10, [[4, 3], [9, 8]])
    """

    def __init__(self, size, use_vertical_flip=False):
        self.size = chk.size("TenCrop", "size", size)
        self.use_vertical_flip = chk.boolean("TenCrop", "use_vertical_flip", use_vertical_flip)

    def __call__(self, *inputs):
        if len(inputs) != 1:
            raise TypeError("TenCrop: expected 1 input column, but got %d" % len(inputs))
        img = require_pil("TenCrop", inputs[0])
        from PIL import Image
        flip = Image.FLIP_TOP_BOTTOM if self.use_vertical_flip else Image.FLIP_LEFT_RIGHT
        return (five_crops("TenCrop", img, self.size)
                + five_crops("TenCrop", img.transpose(flip), self.size))
