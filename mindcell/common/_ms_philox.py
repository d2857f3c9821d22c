"""MindSpore's initializer random streams, bit for bit (the compiled kernel csrc/philox.pyx).

MindSpore's ``mindspore.common.initializer`` fills float32 arrays with C++ Philox4x32-10 streams
keyed by a 64-bit seed (one ``np.random.randint(1, 2**63)`` draw per fill). The stream is
counter based: word ``i`` of the stream is word ``i % 4`` of the Philox block for counter
``i // 4``, and element ``i`` of a fill uses word ``i`` (normals use words ``2k, 2k+1`` for
elements ``2k, 2k+1``), so the result does not depend on how MindSpore splits the fill among
threads, nor on how the kernel splits it. The distributions are computed in float64 and rounded
to float32 at the end, with ``mean``/``sigma``/bounds rounded to float32 first (they cross into
C++ as ``float``). tests/kernels/philox_reference.py is the same in numpy.
"""
import math

import numpy as np

from mindcell._C import philox as _kernel


def _seed(seed):
    return int(seed) & 0xFFFFFFFFFFFFFFFF


def _count(shape):
    return int(np.prod(shape, dtype=np.int64))


def _f32(x):
    return float(np.float32(x))


def philox_words(seed, count):
    """The first ``count`` uint32 words of MindSpore's Philox stream for the 64-bit ``seed``
    (key: the seed's low and high 32-bit halves; block ``b``: the counter ``(b, 0, low, high)``,
    least significant word first)."""
    out = np.empty(int(count), np.uint32)
    _kernel.words(_seed(seed), out)
    return out


def uniform(seed, shape, a, b):
    """float32 array of ``shape``: MindSpore's ``_random_uniform(seed, arr, a, b)``
    ((b - a) * word / 2^32 + a in float64)."""
    out = np.empty(_count(shape), np.float32)
    _kernel.uniform(_seed(seed), out, _f32(a), _f32(b))
    return out.reshape(shape)


def normal(seed, shape, mean, sigma):
    """float32 array of ``shape``: MindSpore's ``_random_normal(seed, arr, mean, sigma)``
    (Box-Muller on consecutive word pairs; cosine branch first)."""
    out = np.empty(_count(shape), np.float32)
    _kernel.normal(_seed(seed), out, _f32(mean), _f32(sigma))
    return out.reshape(shape)


def truncated_bounds(a, b, mean, sigma):
    """(mean, sigma, cdf_a, cdf_b) of a truncated-normal fill: the arguments rounded to float32
    and the standard-normal CDF at the standardized bounds, as MindSpore computes them."""
    a, b, mean, sigma = _f32(a), _f32(b), _f32(mean), _f32(sigma)
    if sigma <= 0:
        raise ValueError("TruncatedNormal: invalid sigma %s." % sigma)
    root_two = _f32(1.4142135)
    cdf_a = math.erfc(-((a - mean) / sigma) / root_two) / 2.0
    cdf_b = math.erfc(-((b - mean) / sigma) / root_two) / 2.0
    return mean, sigma, cdf_a, cdf_b


def truncated_normal(seed, shape, a, b, mean, sigma):
    """float32 array of ``shape``: MindSpore's ``_truncated_normal(seed, arr, a, b, mean,
    sigma)`` (inverse-CDF sampling between the bounds)."""
    out = np.empty(_count(shape), np.float32)
    _kernel.truncated_normal(_seed(seed), out, *truncated_bounds(a, b, mean, sigma))
    return out.reshape(shape)
