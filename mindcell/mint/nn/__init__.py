"""``mindcell.mint.nn``: MindSpore 2.10's ``mindspore.mint.nn`` Cells (PyTorch-style
constructors and parameter names) and its ``functional`` module. The Cells with parameters are
written out (``layers``, ``conv``, ``normalization``); the others are generated from the records of
``_cell_table.py``."""
from mindcell.mint.nn import functional  # noqa: F401
from mindcell.mint.nn.layers import (Linear, LayerNorm, Dropout, PReLU, Embedding,  # noqa: F401
                                     BCELoss)
from mindcell.mint.nn.conv import Conv1d, Conv2d, Conv3d, ConvTranspose2d  # noqa: F401
from mindcell.mint.nn.normalization import (BatchNorm1d, BatchNorm2d, BatchNorm3d,  # noqa: F401
                                            GroupNorm, SyncBatchNorm)
from mindcell.mint._example_output import OUTPUT as _OUTPUT
from mindcell.mint.nn import _cells, _cell_table, layers as _layers

_GENERATED = _cells.build(_cell_table.CELL_FACES, _layers.__name__, vars(_layers),
                          _OUTPUT.get(__name__))
globals().update({name: getattr(_layers, name) for name in _GENERATED})
# mint.nn.ReLU, Identity, Hardsigmoid, Hardswish, SoftMarginLoss, AdaptiveMaxPool2d are nn's own
# classes in MindSpore too: mindcell._faces binds mindcell.nn's here.
__all__ = ["Linear", "Conv1d", "Conv2d", "Conv3d", "ConvTranspose2d", "LayerNorm", "Dropout",
           "PReLU", "Embedding", "BCELoss", "BatchNorm1d", "BatchNorm2d", "BatchNorm3d",
           "GroupNorm", "SyncBatchNorm"] + _GENERATED
