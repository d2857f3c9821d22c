"""MindSpore 1.x module path ``mindspore.dataset.vision.py_transforms``: the same classes as
``mindcell.dataset.vision``."""
from mindcell.dataset.vision import *  # noqa: F401,F403
from mindcell.dataset.vision import __all__ as _names
from mindcell.dataset.vision.erasing import CutOut as _CutOut

__all__ = list(_names) + ["Cutout"]


class Cutout(_CutOut):
    """Cutout(length, num_patches=1): MindSpore 1.x's Python Cutout, on <C, H, W> images (after
    ToTensor): CutOut(length, num_patches, is_hwc=False)."""

    def __init__(self, length, num_patches=1):
        super().__init__(length, num_patches, is_hwc=False)
