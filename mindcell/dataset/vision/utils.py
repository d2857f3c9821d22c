"""Enums of ``mindcell.dataset.vision``: interpolation modes and padding borders."""
from enum import Enum, IntEnum

__all__ = ["Inter", "Border"]


class Inter(IntEnum):
    """Interpolation modes. mindcell implements NEAREST, LINEAR (= BILINEAR), CUBIC (=
    BICUBIC) and AREA."""
    NEAREST = 0
    ANTIALIAS = 1
    LINEAR = 2
    BILINEAR = 2
    CUBIC = 3
    BICUBIC = 3
    AREA = 4
    PILCUBIC = 5


class Border(str, Enum):
    """Padding modes: a constant, the edge pixel, a reflection without / with the edge."""
    CONSTANT = "constant"
    EDGE = "edge"
    REFLECT = "reflect"
    SYMMETRIC = "symmetric"
