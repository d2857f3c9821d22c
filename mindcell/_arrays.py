"""numpy helpers that keep a tensor's shape: ``np.ascontiguousarray`` returns at least 1-D, so a
0-d value silently became shape (1,) wherever it was made contiguous (mindcell.numpy.full(()),
asarray of a 0-d array, gather_nd with a 1-D index ...)."""
import numpy as np


def c_contiguous(a, dtype=None):
    """``a`` as a C-contiguous array of ``dtype`` (no copy when it already is one), with
    ``a``'s own number of dimensions (0-d stays 0-d)."""
    out = np.ascontiguousarray(a, dtype=dtype)
    return out if out.ndim == np.ndim(a) else out.reshape(())
