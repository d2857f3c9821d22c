"""Index-map resampling shared by padding, interpolation, pooling windows and patches.

Every op here is a ``Gather`` along one axis with a constant integer index built in numpy, so
it traces in GRAPH_MODE and differentiates through Gather's bprop (a scatter-add) without a
primitive of its own."""
import numpy as np

from mindcell.common.tensor import Tensor
from mindcell.ops._errors import public_name
from mindcell.ops.defs import shape as S


def take(x, index, axis):
    """``x`` gathered along ``axis`` at the constant numpy integer array ``index``."""
    return S.gather_p.bind(x, Tensor._make(np.asarray(index, np.int64)), axis=axis)


def mirror_index(n, before, after, mode, op):
    """Source positions of an axis of length ``n`` padded by (before, after) in ``mode``:
    'reflect' mirrors without repeating the edge, 'symmetric' repeats it, 'replicate'
    repeats the edge value, 'circular' wraps around."""
    j = np.arange(-before, n + after)
    if mode == "reflect":
        if max(before, after) >= n:
            raise ValueError("%s: 'reflect' padding (%d, %d) must be smaller than the padded "
                             "dimension %d" % (public_name(op), before, after, n))
        m = np.mod(j, 2 * n - 2) if n > 1 else np.zeros_like(j)
        return np.where(m < n, m, 2 * n - 2 - m)
    if mode in ("symmetric", "circular") and max(before, after) > n:
        raise ValueError("%s: '%s' padding (%d, %d) must be at most the padded dimension %d"
                         % (public_name(op), mode, before, after, n))
    if n == 0:
        raise ValueError("%s: cannot pad an empty dimension in '%s' mode" % (public_name(op), mode))
    if mode == "symmetric":
        m = np.mod(j, 2 * n)
        return np.where(m < n, m, 2 * n - 1 - m)
    if mode == "circular":
        return np.mod(j, n)
    return np.clip(j, 0, n - 1)  # replicate


def mirror_pad(x, pairs, mode, op):
    """``x`` padded by ``pairs`` ((before, after) per dim) in a non-constant ``mode``."""
    for axis, (before, after) in enumerate(pairs):
        if before or after:
            x = take(x, mirror_index(x.shape[axis], before, after, mode, op), axis)
    return x


def adaptive_windows(size, out):
    """PyTorch/MindSpore adaptive pooling windows: [floor(i*size/out), ceil((i+1)*size/out))
    for i < out, as (starts, ends)."""
    i = np.arange(out)
    return (i * size) // out, -(-((i + 1) * size) // out)


def window_index(starts, ends):
    """(out, k) positions covering each window, k the longest window; shorter windows repeat
    their last position (a repeated element changes neither a max nor, masked, a mean)."""
    k = int(np.max(ends - starts)) if len(starts) else 1
    idx = starts[:, None] + np.arange(k)[None, :]
    return np.minimum(idx, (ends - 1)[:, None]), k


__all__ = []  # internal helpers: the public ops live in the modules that use them
