"""``mindspore.dataset.vision.py_transforms_util``: the two helpers of MindSpore's private module
that model-zoo transforms import (``is_pil`` and the ``augment_error_message`` text)."""
from mindcell.dataset.vision import _pil

__all__ = []

augment_error_message = ("img should be PIL image. Got {}. Use Decode() for encoded data or "
                         "ToPIL() for decoded data.")


def is_pil(img):
    """Whether ``img`` is a PIL image (as MindSpore's ``isinstance(img, PIL.Image.Image)``;
    False for anything else, also when Pillow is not installed)."""
    return bool(_pil.is_pil(img))
