"""Two-argument special functions for nn.IGamma and nn.LBeta: the regularized lower incomplete
gamma function P(a, x) and the log of the Beta function, evaluated by scipy.special in float64
and returned in the first input's dtype (scipy is imported on first use)."""
import numpy as np

from mindcell._core.primitive import defprim, elementwise_infer
from mindcell.ops.defs import _grad_ops as G
from mindcell.ops.defs._util import no_second_order
from mindcell.ops.defs.elementwise_math import digamma_p, lgamma_p


def _igamma(a, x):
    from scipy import special
    a64 = a.astype(np.float64)
    out = special.gammainc(a64, x.astype(np.float64))
    # P(a, x) is defined for a > 0: NaN at a = 0, as MindSpore 2.10 (ms-oracle: igamma(0, 2) is
    # NaN; scipy gives its limit 1), so igammac(0, x) is NaN too rather than 0
    return np.asarray(np.where(a64 <= 0, np.nan, out), a.dtype)


def _igamma_grad_a(a, x):
    """dP/da by a central difference in float64 (P has no closed-form derivative in a); the
    step scales with a, so the float32 result is exact to about 1e-7."""
    from scipy import special
    a64, x64 = np.broadcast_arrays(a.astype(np.float64), x.astype(np.float64))
    h = 1e-5 * np.maximum(1.0, np.abs(a64))
    return np.asarray((special.gammainc(a64 + h, x64) - special.gammainc(a64 - h, x64))
                      / (2 * h), a.dtype)


igamma_grad_a_p = defprim("IgammaGradA", _igamma_grad_a, infer=elementwise_infer,
                          bprop=no_second_order("IgammaGradA"))


def _igamma_bprop(a, x, out, dout):
    # dP/dx = x^(a-1) e^-x / Gamma(a)
    dx = G.exp(G.sub(G.sub(G.mul(G.sub(a, 1.0), G.log(x)), x), lgamma_p.bind(a)))
    return G.mul(dout, igamma_grad_a_p.bind(a, x)), G.mul(dout, dx)


igamma_p = defprim("Igamma", _igamma, infer=elementwise_infer, bprop=_igamma_bprop)


def _lbeta(x, y):
    from scipy import special
    return np.asarray(special.betaln(x.astype(np.float64), y.astype(np.float64)), x.dtype)


def _lbeta_bprop(x, y, out, dout):
    # d/dx log B(x, y) = digamma(x) - digamma(x + y)
    both = digamma_p.bind(G.add(x, y))
    return (G.mul(dout, G.sub(digamma_p.bind(x), both)),
            G.mul(dout, G.sub(digamma_p.bind(y), both)))


lbeta_p = defprim("LBeta", _lbeta, infer=elementwise_infer, bprop=_lbeta_bprop)
