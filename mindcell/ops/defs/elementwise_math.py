"""More elementwise math primitives: Tan, Sinh, Cosh, Expm1, Erfc, Erfinv, Lgamma, Digamma,
Polygamma, Trunc, Rint, Log2, Log10, Exp2, Hypot, Fmod, CopySign, LogAddExp and LogAddExp2. The output has the first
input's dtype (the public ops turn integers into Float32 where MindSpore does);
scipy.special is imported on first use (see _erf)."""
import math

import numpy as np

from mindcell._core.primitive import defprim, elementwise_infer
from mindcell.ops.defs import _grad_ops as G
from mindcell.ops.defs.elementwise import _TWO_OVER_SQRT_PI, _zero_grad, correctly_rounded


def _special(name):
    def impl(x, **attrs):
        from scipy import special
        return np.asarray(getattr(special, name)(x), x.dtype)
    return impl


def _unary(name, impl, bprop):
    return defprim(name, impl, infer=elementwise_infer, bprop=bprop)


tan_p = _unary("Tan", correctly_rounded(np.tan),
               lambda x, out, dout: (G.mul(dout, G.add(G.square(out), 1.0)),))
sinh_p = _unary("Sinh", correctly_rounded(np.sinh),
                lambda x, out, dout: (G.mul(dout, cosh_p.bind(x)),))
cosh_p = _unary("Cosh", correctly_rounded(np.cosh),
                lambda x, out, dout: (G.mul(dout, sinh_p.bind(x)),))
expm1_p = _unary("Expm1", np.expm1, lambda x, out, dout: (G.mul(dout, G.add(out, 1.0)),))
erfc_p = _unary("Erfc", _special("erfc"),
                lambda x, out, dout: (G.mul(dout, G.mul(G.exp(G.neg(G.square(x))),
                                                       -_TWO_OVER_SQRT_PI)),))
# d erfinv(x) = sqrt(pi) / 2 * exp(erfinv(x)^2)
erfinv_p = _unary("Erfinv", _special("erfinv"),
                  lambda x, out, dout: (G.mul(dout, G.mul(G.exp(G.square(out)),
                                                         math.sqrt(math.pi) / 2)),))
# integers are already whole: kept (np.trunc would give float64)
trunc_p = _unary("Trunc", lambda x: x.copy() if x.dtype.kind in "iu" else np.trunc(x),
                 _zero_grad)
rint_p = _unary("Rint", np.rint, _zero_grad)
log2_p = _unary("Log2", np.log2, lambda x, out, dout: (G.div(dout, G.mul(x, math.log(2.0))),))
log10_p = _unary("Log10", np.log10,
                 lambda x, out, dout: (G.div(dout, G.mul(x, math.log(10.0))),))
exp2_p = _unary("Exp2", np.exp2, lambda x, out, dout: (G.mul(dout, G.mul(out, math.log(2.0))),))


def _polygamma_impl(x, n):
    from scipy import special
    return np.asarray(special.polygamma(n, x), x.dtype)


# polygamma(n)' = polygamma(n + 1): every order differentiates again
polygamma_p = defprim("Polygamma", _polygamma_impl, infer=lambda x, n: x,
                      bprop=lambda x, out, dout, n: (G.mul(dout, polygamma_p.bind(x, n=n + 1)),))
digamma_p = _unary("Digamma", _special("digamma"),
                   lambda x, out, dout: (G.mul(dout, polygamma_p.bind(x, n=1)),))
lgamma_p = _unary("Lgamma", _special("gammaln"),
                  lambda x, out, dout: (G.mul(dout, digamma_p.bind(x)),))


def _hypot_bprop(x, y, out, dout):
    # unbroadcasting happens in the backward walk; hypot(0, 0) has no gradient: 0 there
    scale = G.div(dout, G.select(G.equal(out, 0.0), G.ones_like(out), out))
    return G.mul(scale, x), G.mul(scale, y)


hypot_p = defprim("Hypot", np.hypot, infer=elementwise_infer, bprop=_hypot_bprop)


def _fmod_bprop(x, y, out, dout):
    # fmod(x, y) = x - trunc(x / y) * y
    return dout, G.neg(G.mul(dout, trunc_p.bind(G.div(x, y))))


fmod_p = defprim("Fmod", np.fmod, infer=elementwise_infer, bprop=_fmod_bprop)


def _copysign_bprop(x, y, out, dout):
    # |x| sign(y): d/dx = sign(x) sign(out) (0 at x = 0); nothing flows to y
    return G.mul(dout, G.mul(G.sign(x), G.sign(out))), G.zeros(y.shape, y._np_dtype)


copysign_p = defprim("CopySign", np.copysign, infer=elementwise_infer, bprop=_copysign_bprop)


def _logaddexp_bprop(scale):
    def bprop(x, y, out, dout):
        # d/dx = sigmoid(scale * (x - y)); equal operands (infinities too) split it evenly
        d = G.sub(x, y)
        d = G.mul(G.select(G.equal(x, y), G.zeros(d.shape, d._np_dtype), d), scale)
        return G.mul(dout, G.sigmoid(d)), G.mul(dout, G.sigmoid(G.neg(d)))
    return bprop


# numpy's ufuncs: a max + log1p(exp(-|x - y|)) composite gives inf - inf = NaN at equal infinities
logaddexp_p = defprim("LogAddExp", np.logaddexp, infer=elementwise_infer,
                      bprop=_logaddexp_bprop(1.0))
logaddexp2_p = defprim("LogAddExp2", np.logaddexp2, infer=elementwise_infer,
                       bprop=_logaddexp_bprop(math.log(2.0)))


def _truncate_div(x, y):
    if x.dtype.kind in "iu":
        # exact integer quotient rounded toward zero (a float division would round int64)
        with np.errstate(divide="ignore", invalid="ignore"):
            q = np.floor_divide(x, y)
            q = q + ((np.remainder(x, y) != 0) & ((x < 0) != (y < 0))).astype(x.dtype)
        return q.astype(x.dtype)
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.trunc(np.true_divide(x, y)).astype(x.dtype)


def _no_grad2(x, y, out, dout):
    return G.zeros_like(x), G.zeros_like(y)


truncate_div_p = defprim("TruncateDiv", _truncate_div, infer=elementwise_infer, bprop=_no_grad2)
gcd_p = defprim("Gcd", np.gcd, infer=elementwise_infer)
lcm_p = defprim("Lcm", np.lcm, infer=elementwise_infer)
# MindSpore's signbit is ``x < 0``: False at -0.0 and at a negative NaN (ms-oracle), unlike
# numpy's bit test
signbit_p = defprim("SignBit", lambda x: np.less(x, 0),
                    infer=lambda x: (x[0], np.dtype(np.bool_)))


def _sinc_bprop(x, out, dout):
    # sinc'(x) = (cos(pi x) - sinc(x)) / x, 0 at x = 0
    zero = G.equal(x, 0.0)
    safe = G.select(zero, G.ones_like(x), x)
    d = G.div(G.sub(G.cos(G.mul(x, math.pi)), out), safe)
    return (G.mul(dout, G.select(zero, G.zeros(x.shape, x._np_dtype), d)),)


sinc_p = _unary("Sinc", lambda x: np.sinc(x).astype(x.dtype), _sinc_bprop)
