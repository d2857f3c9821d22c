"""The random draws of the distributions' ``sample`` methods.

Normal, uniform and categorical draws use mindcell's random ops; gamma and Poisson draws (which
mindcell.ops has no function for yet) are primitives here, drawn from the same seeded streams
(``_core/random_state.py``) at every execution, so they work in compiled graphs too. Samples are
never equal to MindSpore's (another generator); shapes, dtypes, seeding and moments are."""
import numpy as np

from mindcell import ops
from mindcell.common import dtype as mstype
from mindcell._core.primitive import defprim
from mindcell._core.random_state import draw_rng
from mindcell.ops.function.creation_func import _seed_stream


def _sampled(*avals, shape, dtype, stream=None):
    return (tuple(shape), np.dtype(dtype))


def _gamma(alpha, beta, shape, dtype, stream=None):
    a = np.broadcast_to(alpha, shape).astype(np.float64)
    b = np.broadcast_to(beta, shape).astype(np.float64)
    return np.asarray(draw_rng(stream).standard_gamma(a) / b).astype(dtype)


def _poisson(rate, shape, dtype, stream=None):
    lam = np.broadcast_to(rate, shape).astype(np.float64)
    return np.asarray(draw_rng(stream).poisson(lam)).astype(dtype)


gamma_sample_p = defprim("DistributionGammaSample", _gamma, infer=_sampled, has_side_effect=True)
poisson_sample_p = defprim("DistributionPoissonSample", _poisson, infer=_sampled,
                           has_side_effect=True)


def stream(seed, op):
    """The random stream of a distribution's sampling op (seed as MindSpore's op seed)."""
    return _seed_stream(seed, op)


def standard_normal(shape, seed):
    """Float32 standard normal draws of ``shape``."""
    return ops.standard_normal(tuple(shape), seed=seed)


def uniform(shape, seed, low=0.0):
    """Float32 uniform draws on [low, 1) of ``shape``."""
    return ops.uniform(tuple(shape), low, 1.0, seed=seed)


def gamma(shape, alpha, beta, seed):
    """Float32 Gamma(alpha, rate beta) draws of ``shape`` (alpha and beta broadcast to it)."""
    alpha = ops.stop_gradient(ops.cast(alpha, mstype.float32))
    beta = ops.stop_gradient(ops.cast(beta, mstype.float32))
    return gamma_sample_p.bind(alpha, beta, shape=tuple(shape), dtype=np.float32,
                               stream=stream(seed, "gamma"))


def poisson(shape, rate, seed):
    """Float32 Poisson(rate) draws of ``shape`` (rate broadcast to it)."""
    rate = ops.stop_gradient(ops.cast(rate, mstype.float32))
    return poisson_sample_p.bind(rate, shape=tuple(shape), dtype=np.float32,
                                 stream=stream(seed, "poisson"))
