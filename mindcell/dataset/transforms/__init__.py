"""``mindcell.dataset.transforms``: general transforms (``TypeCast``, ``OneHot``, ``Compose`` ...).
The older module paths ``transforms.transforms``, ``c_transforms`` and ``py_transforms`` give
the same classes, except py_transforms.Compose, which returns a tuple as MindSpore 1.x's did."""
from mindcell.dataset.transforms.transforms import (Compose, Concatenate, Duplicate, Fill,
                                                    OneHot, RandomApply, RandomChoice, Slice,
                                                    TensorOperation, TypeCast)
from mindcell.dataset.transforms.extra import (Mask, PadEnd, RandomOrder, Relational, Unique,
                                              not_random)

__all__ = ["TensorOperation", "Compose", "TypeCast", "OneHot", "Fill", "Duplicate",
           "RandomApply", "RandomChoice", "Concatenate", "Slice", "PadEnd", "Mask", "Relational",
           "RandomOrder", "Unique", "not_random"]
