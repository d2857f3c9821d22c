"""MindSpore 1.x module path ``mindspore.dataset.vision.c_transforms``: the same classes as
``mindcell.dataset.vision``."""
from mindcell.dataset.vision import *  # noqa: F401,F403
from mindcell.dataset.vision import __all__  # noqa: F401
