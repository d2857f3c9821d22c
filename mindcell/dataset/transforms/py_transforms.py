"""MindSpore 1.x module path ``mindspore.dataset.transforms.py_transforms``: the same classes as
``mindcell.dataset.transforms``."""
from mindcell.dataset.transforms.transforms import *  # noqa: F401,F403
from mindcell.dataset.transforms.transforms import OneHot as OneHotOp  # noqa: F401
from mindcell.dataset.transforms.transforms import __all__ as _names
from mindcell.dataset.transforms.extra import *  # noqa: F401,F403
from mindcell.dataset.transforms.extra import __all__ as _extra
from mindcell.dataset.transforms.transforms import Compose as _Compose

__all__ = list(_names) + list(_extra) + ["OneHotOp"]


class Compose(_Compose):
    """Compose(transforms): MindSpore 1.x's Python Compose, which returns the last transform's
    outputs as a tuple, one output included (``Compose([ToTensor()])(img)[0]`` is the array).
    In a dataset map the tuple's items are the output columns.

    Args:
        transforms (list[callable]): the transforms, applied in list order.

    Returns:
        tuple, the last transform's outputs.

    Raises:
        TypeError: ``transforms`` is not a non-empty list or tuple, or an item is not callable.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset.transforms import py_transforms
        >>> py_transforms.Compose([lambda x: x * 2])(np.array([1, 2]))
        (array([2, 4]),)
    """

    def __call__(self, *inputs):
        out = super().__call__(*inputs)
        return out if isinstance(out, tuple) else (out,)
