"""Enums of ``mindcell.dataset.vision``: interpolation modes and padding borders."""
from enum import Enum, IntEnum

from mindcell.dataset.vision.modes import (AutoAugmentPolicy, ConvertMode,  # noqa: F401
                                           ImageBatchFormat, ImageReadMode, SliceMode)

__all__ = ["Inter", "Border", "ConvertMode", "SliceMode", "ImageBatchFormat",
           "AutoAugmentPolicy", "ImageReadMode"]


class Inter(IntEnum):
    """Interpolation modes of the resizing and warping transforms (``Resize``, ``Rotate``,
    ``Affine`` ...), an ``IntEnum``: ``NEAREST`` (0), ``ANTIALIAS`` (1), ``BILINEAR`` =
    ``LINEAR`` (2), ``BICUBIC`` = ``CUBIC`` (3), ``AREA`` (4) and ``PILCUBIC`` (5). mindcell
    implements NEAREST, LINEAR, CUBIC and AREA on numpy images, and PILCUBIC (Pillow's bicubic)
    on 3-channel numpy images in the resizing transforms (each transform names the modes it
    takes); ANTIALIAS is Pillow's LANCZOS on PIL images.

    Args:
        value (int): the member's value, as for any ``IntEnum`` (``Inter(2)`` is
            ``Inter.BILINEAR``).

    Examples:
        >>> from mindcell.dataset import vision
        >>> vision.Inter(2), vision.Inter.LINEAR is vision.Inter.BILINEAR
        (<Inter.BILINEAR: 2>, True)
    """
    NEAREST = 0
    ANTIALIAS = 1
    BILINEAR = 2  # MindSpore's canonical names: Inter.LINEAR.name is 'BILINEAR'
    LINEAR = 2
    BICUBIC = 3
    CUBIC = 3
    AREA = 4
    PILCUBIC = 5


class Border(str, Enum):
    """Padding modes of ``Pad``, ``RandomCrop``, ``PadToSize`` ..., a str ``Enum``: ``CONSTANT``
    (a fill value), ``EDGE`` (the edge pixel repeated), ``REFLECT`` (a reflection without the
    edge pixel) and ``SYMMETRIC`` (a reflection with it).

    Args:
        value (str): the member's value: 'constant', 'edge', 'reflect' or 'symmetric'.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> vision.Border("reflect")
        <Border.REFLECT: 'reflect'>
        >>> op = vision.Pad((2, 0), padding_mode=vision.Border.SYMMETRIC)
        >>> op(np.array([[1, 2, 3]], np.uint8))
        array([[2, 1, 1, 2, 3, 3, 2]], dtype=uint8)
    """
    CONSTANT = "constant"
    EDGE = "edge"
    REFLECT = "reflect"
    SYMMETRIC = "symmetric"
