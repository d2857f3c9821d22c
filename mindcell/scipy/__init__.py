"""``mindcell.scipy`` (MindSpore's ``mindspore.scipy``): SciPy-style linear algebra
(:mod:`~mindcell.scipy.linalg`), optimization (:mod:`~mindcell.scipy.optimize`) and discrete
cosine transforms (:mod:`~mindcell.scipy.fft`) on Tensors, differentiable where MindSpore's are.
"""
from mindcell.scipy import fft, linalg, optimize  # noqa: F401

__all__ = ["fft", "linalg", "optimize"]
