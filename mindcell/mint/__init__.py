"""``mindcell.mint``: MindSpore 2.10's PyTorch-style function API (``mindspore.mint``).

Every function is a face of a mindcell op, generated from the records of ``_table.py`` with
MindSpore's signature (torch-style ``input``/``other``/``dim``/``keepdim``/``dtype``
keywords). ``mint.nn`` holds the Cells and ``mint.nn.functional`` the functional layers.

Examples:
    >>> import numpy as np
    >>> from mindcell import Tensor, mint
    >>> mint.sum(Tensor(np.ones((2, 3), np.float32)), dim=1)
    Tensor(shape=[2], dtype=Float32, value= [ 3.00000000e+00,  3.00000000e+00])
"""
from mindcell.mint import _face, _table, _table_more
from mindcell.mint._example_output import OUTPUT as _OUTPUT

_FACES = _table.FACES + _table_more.FACES
__all__ = _face.build(_FACES, __name__, globals(), _OUTPUT.get(__name__))

from mindcell.mint import nn  # noqa: E402
from mindcell.mint import _tensor_methods  # noqa: E402
_tensor_methods.install()
