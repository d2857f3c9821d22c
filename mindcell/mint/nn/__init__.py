"""``mindcell.mint.nn``: MindSpore 2.10's ``mindspore.mint.nn`` Cells (PyTorch-style
constructors and parameter names) and its ``functional`` module."""
from mindcell.mint.nn import functional  # noqa: F401
from mindcell.mint.nn.layers import Linear, Conv2d, ReLU, LayerNorm, Dropout  # noqa: F401

__all__ = ["Linear", "Conv2d", "ReLU", "LayerNorm", "Dropout"]
