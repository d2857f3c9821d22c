"""NextAfter: the next representable float after ``x`` towards ``y`` (numpy.nextafter), in the
inputs' dtype. Its gradient is MindSpore 2.10's: ``dout`` for ``x`` (the step is below the
dtype's resolution) and zero for ``y``."""
import numpy as np

from mindcell._core.primitive import defprim, elementwise_infer
from mindcell.ops.defs import _grad_ops as G

nextafter_p = defprim("NextAfter", lambda x, y: np.nextafter(x, y), infer=elementwise_infer,
                      bprop=lambda x, y, out, dout: (dout, G.zeros_like(y)))
