"""``mindcell.mint.nn.functional``: MindSpore 2.10's ``mindspore.mint.nn.functional``, generated
from the records of ``mint/nn/_table.py`` (activations, dropout, convolutions, normalisation,
pooling, padding, resampling, losses) with MindSpore's signatures."""
from mindcell.mint import _face
from mindcell.mint._example_output import OUTPUT as _OUTPUT
from mindcell.mint.nn import _table

__all__ = _face.build(_table.FACES, __name__, globals(), _OUTPUT.get(__name__))
