"""MindSpore 1.x module path ``mindspore.dataset.transforms.py_transforms``: the same classes as
``mindcell.dataset.transforms``."""
from mindcell.dataset.transforms.transforms import *  # noqa: F401,F403
from mindcell.dataset.transforms.transforms import OneHot as OneHotOp  # noqa: F401
from mindcell.dataset.transforms.transforms import __all__ as _names
from mindcell.dataset.transforms.extra import *  # noqa: F401,F403
from mindcell.dataset.transforms.extra import __all__ as _extra

__all__ = list(_names) + list(_extra) + ["OneHotOp"]
