"""MindSpore 1.x module path ``mindspore.dataset.vision.py_transforms``: the same classes as
``mindcell.dataset.vision``."""
from mindcell.dataset.vision import *  # noqa: F401,F403
from mindcell.dataset.vision import __all__ as _names
from mindcell.dataset.vision import Decode as _Decode
from mindcell.dataset.vision import Normalize as _Normalize
from mindcell.dataset.vision import NormalizePad as _NormalizePad
from mindcell.dataset.vision.erasing import CutOut as _CutOut

__all__ = list(_names) + ["Cutout"]


class Cutout(_CutOut):
    """Cutout(length, num_patches=1): MindSpore 1.x's Python Cutout, on <C, H, W> images (after
    ToTensor): CutOut(length, num_patches, is_hwc=False)."""

    def __init__(self, length, num_patches=1):
        super().__init__(length, num_patches, is_hwc=False)


# MindSpore 1.x's Python transforms work on what ToTensor returns (<C, H, W> float arrays) and
# decode to PIL images; the classes whose layout or output type differs from mindcell.dataset.vision
# take 1.x's behaviour here.


class Normalize(_Normalize):
    """Normalize(mean, std): MindSpore 1.x's Python Normalize, on <C, H, W> images (after
    ToTensor): Normalize(mean, std, is_hwc=False)."""

    def __init__(self, mean, std):
        super().__init__(mean, std, is_hwc=False)


class NormalizePad(_NormalizePad):
    """NormalizePad(mean, std, dtype="float32"): MindSpore 1.x's Python NormalizePad, on
    <C, H, W> images (after ToTensor): NormalizePad(mean, std, dtype, is_hwc=False)."""

    def __init__(self, mean, std, dtype="float32"):
        super().__init__(mean, std, dtype, is_hwc=False)


class Decode(_Decode):
    """Decode(): MindSpore 1.x's Python Decode, which returns an RGB PIL image:
    Decode(to_pil=True)."""

    def __init__(self):
        super().__init__(to_pil=True)
