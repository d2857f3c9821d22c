"""``mindcell.dataset.vision``: image transforms on numpy HWC images and the ``Inter``/``Border``
enums. The older module paths ``vision.transforms``, ``c_transforms`` and ``py_transforms``
give the same classes."""
from mindcell.dataset.vision.transforms import (CenterCrop, Decode, HWC2CHW, Normalize, Pad,
                                                RandomCrop, RandomHorizontalFlip,
                                                RandomVerticalFlip, Rescale, Resize, ToTensor)
from mindcell.dataset.vision.augment import RandomResizedCrop, RandomRotation
from mindcell.dataset.vision.utils import Border, Inter

__all__ = ["Resize", "Normalize", "HWC2CHW", "ToTensor", "Rescale", "Pad", "RandomCrop",
           "CenterCrop", "RandomHorizontalFlip", "RandomVerticalFlip", "Decode",
           "RandomResizedCrop", "RandomRotation", "Inter", "Border"]
