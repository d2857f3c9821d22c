"""Bessel-function and Hurwitz-zeta primitives: BesselI0/I0e/I1/I1e (modified, first kind, and
their exponentially scaled forms), BesselJ0/J1 (first kind), BesselK0/K0e/K1/K1e (modified,
second kind), BesselY0/Y1 (second kind) and Zeta.

Values are scipy.special's (Cephes: correctly rounded float64 to a few ulps), evaluated in float64
and rounded to the input's dtype, with MindSpore 2.10's values where the functions are undefined:
K* are +inf and Y* -inf for every negative argument (scipy gives NaN), I0/I1 are NaN at +-inf
(MindSpore evaluates them as ``I*e(x) * exp(|x|)``). scipy.special is imported on first use.

Backward rules are written with the forward primitives, so they differentiate again:
I0' = I1, I1' = I0 - I1/x (1/2 at 0), I0e' = I1e - sign(x) I0e, I1e' = I0e - I1e (sign(x) + 1/x),
J0' = -J1, J1' = J0 - J1/x, K0' = -K1, K1' = -K0 - K1/x, K0e' = K0e - K1e,
K1e' = K1e (1 - 1/x) - K0e, Y0' = -Y1, Y1' = Y0 - Y1/x; Zeta(x, q) by q is -x Zeta(x + 1, q), by
x zero (as MindSpore 2.10, whose ZetaGrad gives none for x).
"""
import numpy as np

from mindcell._core.primitive import defprim, elementwise_infer
from mindcell.ops.defs import _grad_ops as G

_NEG_INF_BELOW_ZERO = ("y0", "y1")
_INF_BELOW_ZERO = ("k0", "k0e", "k1", "k1e")
_NAN_AT_INF = ("i0", "i1")


def _bessel_impl(fn):
    def impl(x):
        from scipy import special
        x64 = x.astype(np.float64)
        with np.errstate(all="ignore"):
            r = np.asarray(getattr(special, fn)(x64), np.float64)
            if fn in _INF_BELOW_ZERO:  # and where 1/x overflows (scipy: NaN at 5e-324)
                r = np.where((x64 < 0) | (np.isnan(r) & ~np.isnan(x64)), np.inf, r)
            elif fn in _NEG_INF_BELOW_ZERO:
                r = np.where(x64 < 0, -np.inf, r)
            elif fn in _NAN_AT_INF:
                r = np.where(np.isinf(x64), np.nan, r)
            return r.astype(x.dtype)
    impl.__name__ = "bessel_" + fn
    return impl


def _over_x(v, x, at_zero):
    """``v / x``, with ``at_zero`` (the limit) where ``x`` is 0."""
    zero = G.equal(x, 0.0)
    safe = G.select(zero, G.ones_like(x), x)
    return G.select(zero, G.mul(G.ones_like(x), at_zero), G.div(v, safe))


def _prim(name, fn, bprop):
    return defprim(name, _bessel_impl(fn), infer=elementwise_infer, bprop=bprop)


bessel_i0_p = _prim("BesselI0", "i0", lambda x, out, dout: (G.mul(dout, bessel_i1_p.bind(x)),))
bessel_i1_p = _prim("BesselI1", "i1", lambda x, out, dout: (G.mul(dout, G.sub(
    bessel_i0_p.bind(x), _over_x(out, x, 0.5))),))
bessel_i0e_p = _prim("BesselI0e", "i0e", lambda x, out, dout: (G.mul(dout, G.sub(
    bessel_i1e_p.bind(x), G.mul(G.sign(x), out))),))
bessel_i1e_p = _prim("BesselI1e", "i1e", lambda x, out, dout: (G.mul(dout, G.sub(
    G.sub(bessel_i0e_p.bind(x), G.mul(G.sign(x), out)), _over_x(out, x, 0.5))),))
bessel_j0_p = _prim("BesselJ0", "j0", lambda x, out, dout: (G.neg(G.mul(dout,
                                                                       bessel_j1_p.bind(x))),))
bessel_j1_p = _prim("BesselJ1", "j1", lambda x, out, dout: (G.mul(dout, G.sub(
    bessel_j0_p.bind(x), _over_x(out, x, 0.5))),))
bessel_k0_p = _prim("BesselK0", "k0", lambda x, out, dout: (G.neg(G.mul(dout,
                                                                       bessel_k1_p.bind(x))),))
bessel_k1_p = _prim("BesselK1", "k1", lambda x, out, dout: (G.neg(G.mul(dout, G.add(
    bessel_k0_p.bind(x), G.div(out, x)))),))
bessel_k0e_p = _prim("BesselK0e", "k0e", lambda x, out, dout: (G.mul(dout, G.sub(
    out, bessel_k1e_p.bind(x))),))
bessel_k1e_p = _prim("BesselK1e", "k1e", lambda x, out, dout: (G.mul(dout, G.sub(
    G.mul(out, G.sub(1.0, G.reciprocal(x))), bessel_k0e_p.bind(x))),))
bessel_y0_p = _prim("BesselY0", "y0", lambda x, out, dout: (G.neg(G.mul(dout,
                                                                       bessel_y1_p.bind(x))),))
bessel_y1_p = _prim("BesselY1", "y1", lambda x, out, dout: (G.mul(dout, G.sub(
    bessel_y0_p.bind(x), G.div(out, x))),))


def _zeta_impl(x, q):
    from scipy import special
    x, q, dtype = x.astype(np.float64), q.astype(np.float64), x.dtype
    with np.errstate(all="ignore"):
        r = np.asarray(special.zeta(x, q), np.float64)
        # MindSpore 2.10 (and the limit): the sum is 0 for x = +inf and q > 1 (scipy: NaN);
        # at a pole (q a non-positive integer) +inf for even integer x, NaN for any other x > 1
        # (the term 1 / 0**x has no sign there); scipy gives +inf for every x
        r = np.where((x == np.inf) & (q > 1), 0.0, r)
        even = (x == np.inf) | ((x == np.floor(x)) & (np.fmod(x, 2.0) == 0))
        pole = (q <= 0) & (q == np.floor(q)) & (x > 1)
        r = np.where(pole, np.where(even, np.inf, np.nan), r)
        r = np.where(np.isnan(x) | np.isnan(q), np.nan, r)
        return r.astype(dtype)


def _zeta_bprop(x, q, out, dout):
    dq = G.mul(dout, G.neg(G.mul(x, zeta_p.bind(G.add(x, 1.0), q))))
    return G.zeros_like(x), dq


zeta_p = defprim("Zeta", _zeta_impl, infer=elementwise_infer, bprop=_zeta_bprop)
