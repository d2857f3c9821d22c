"""Random draws from distributions with tensor parameters: RandomGamma (shape ``alpha``, scale
1) and RandomPoisson (rate ``rate``), each drawing ``shape + param.shape`` samples at every
execution from the generator its ``stream`` attribute names (see ``state.py``). numpy's
samplers; differentiating a sample raises (MindSpore 2.10 has no gradient either)."""
import numpy as np

from mindcell._core.primitive import defprim
from mindcell._core.random_state import draw_rng
from mindcell.ops.defs._util import no_gradient

_SAMPLES = "samples have no gradient in the distribution's parameters; stop it first"


def _gamma(alpha, shape, stream=None):
    a = np.broadcast_to(alpha.astype(np.float64), tuple(shape) + alpha.shape)
    ok = (a > 0) & np.isfinite(a)  # no distribution otherwise: NaN there
    out = draw_rng(stream).standard_gamma(np.where(ok, a, 1.0))
    return np.asarray(np.where(ok, out, np.nan), alpha.dtype)


def _poisson(rate, shape, dtype, stream=None):
    lam = np.maximum(rate.astype(np.float64), 0.0)  # MindSpore: 0 for a negative rate
    bad = np.isnan(lam) | (lam > 1e15)  # NaN, inf and rates numpy cannot draw: NaN samples
    lam = np.broadcast_to(np.where(bad, 0.0, lam), tuple(shape) + lam.shape)
    out = draw_rng(stream).poisson(lam).astype(np.float64)
    out = np.where(np.broadcast_to(bad, lam.shape), np.nan, out)
    with np.errstate(invalid="ignore"):
        return np.asarray(out, dtype)


random_gamma_p = defprim("RandomGamma", _gamma, has_side_effect=True,
                         infer=lambda a, shape, stream=None: (tuple(shape) + tuple(a[0]), a[1]),
                         bprop=no_gradient("RandomGamma", _SAMPLES))
random_poisson_p = defprim("RandomPoisson", _poisson, has_side_effect=True,
                           infer=lambda r, shape, dtype, stream=None: (
                               tuple(shape) + tuple(r[0]), np.dtype(dtype)),
                           bprop=no_gradient("RandomPoisson", _SAMPLES))


def _log_uniform_prob(k, range_max):
    k = k.astype(np.float64)
    return (np.log(k + 2.0) - np.log(k + 1.0)) / np.log(range_max + 1.0)


def _candidate_sampler(true_classes, num_true, num_sampled, unique, range_max, log_uniform,
                       stream=None):
    """TensorFlow's candidate samplers, as MindSpore 2.10 has them: ``num_sampled`` draws from
    [0, range_max) (uniform, or log-uniform P(k) = log((k + 2) / (k + 1)) / log(range_max + 1)),
    ``unique`` by rejection; the expected counts of the true and sampled classes are
    ``num_sampled * P(k)``, or with ``unique`` ``1 - (1 - P(k)) ** tries``."""
    rng = draw_rng(stream)

    def draw(n):
        if log_uniform:
            v = np.floor(np.exp(rng.uniform(0.0, 1.0, n) * np.log(range_max + 1.0))) - 1.0
            return np.clip(v, 0, range_max - 1).astype(np.int64)
        return rng.integers(0, range_max, n).astype(np.int64)

    if unique:
        picked, seen, tries = [], set(), 0
        while len(picked) < num_sampled:
            for v in draw(num_sampled):
                tries += 1
                if v not in seen:
                    seen.add(v)
                    picked.append(v)
                    if len(picked) == num_sampled:
                        break
        sampled = np.asarray(picked, np.int64)
    else:
        sampled, tries = draw(num_sampled), num_sampled

    def expected(k):
        p = _log_uniform_prob(k, range_max) if log_uniform else np.full(k.shape, 1.0 / range_max)
        if unique:
            return -np.expm1(tries * np.log1p(-p))
        return p * num_sampled

    return (sampled.astype(true_classes.dtype), expected(true_classes).astype(np.float32),
            expected(sampled).astype(np.float32))


candidate_sampler_p = defprim(
    "CandidateSampler", _candidate_sampler, nout=3, has_side_effect=True,
    infer=lambda t, num_true, num_sampled, unique, range_max, log_uniform, stream=None: (
        ((num_sampled,), t[1]), (tuple(t[0]), np.dtype(np.float32)),
        ((num_sampled,), np.dtype(np.float32))))
