"""The random draws of the distributions' ``sample`` methods, on mindcell's random ops (they
draw from the seeded streams of ``_core/random_state.py`` at every execution, so compiled
graphs draw anew). Samples are never equal to MindSpore's (another generator); shapes, dtypes,
seeding and moments are."""
from mindcell import ops
from mindcell.common import dtype as mstype


def standard_normal(shape, seed):
    """Float32 standard normal draws of ``shape``."""
    return ops.standard_normal(tuple(shape), seed=seed)


def uniform(shape, seed, low=0.0):
    """Float32 uniform draws on [low, 1) of ``shape``."""
    return ops.uniform(tuple(shape), low, 1.0, seed=seed)


def gamma(shape, alpha, beta, seed):
    """Float32 Gamma(alpha, rate beta) draws of ``shape`` (alpha and beta broadcast to it; no
    gradient flows through them, as in MindSpore)."""
    alpha = ops.stop_gradient(ops.cast(alpha, mstype.float32))
    beta = ops.stop_gradient(ops.cast(beta, mstype.float32))
    return ops.gamma(tuple(shape), alpha, beta, seed=seed)


def poisson(shape, rate, seed):
    """Float32 Poisson(rate) draws of ``shape`` (rate broadcast to it)."""
    rate = ops.stop_gradient(ops.cast(rate, mstype.float32))
    if tuple(shape) == () and tuple(rate.shape) == ():
        # ops.poisson of a 0-d rate and shape () fails in numpy's scalar path: draw one, reshape
        return ops.reshape(ops.poisson((1,), ops.reshape(rate, (1,)), seed=seed), ())
    return ops.poisson(tuple(shape), rate, seed=seed)
