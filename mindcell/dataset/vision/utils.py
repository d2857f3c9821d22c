"""Enums of ``mindcell.dataset.vision``: interpolation modes and padding borders."""
from enum import Enum, IntEnum

from mindcell.dataset.vision.modes import (AutoAugmentPolicy, ConvertMode,  # noqa: F401
                                           ImageBatchFormat, ImageReadMode, SliceMode)

__all__ = ["Inter", "Border", "ConvertMode", "SliceMode", "ImageBatchFormat",
           "AutoAugmentPolicy", "ImageReadMode"]


class Inter(IntEnum):
    """Interpolation modes. mindcell implements NEAREST, LINEAR (= BILINEAR), CUBIC (=
    BICUBIC) and AREA."""
    NEAREST = 0
    ANTIALIAS = 1
    BILINEAR = 2  # MindSpore's canonical names: Inter.LINEAR.name is 'BILINEAR'
    LINEAR = 2
    BICUBIC = 3
    CUBIC = 3
    AREA = 4
    PILCUBIC = 5


class Border(str, Enum):
    """Padding modes: a constant, the edge pixel, a reflection without / with the edge."""
    CONSTANT = "constant"
    EDGE = "edge"
    REFLECT = "reflect"
    SYMMETRIC = "symmetric"
