"""Inverse trigonometric and inverse hyperbolic primitives: numpy's principal branches, nan
outside the domain (asin(2), acosh(0.5)), +-inf at the domain's ends (atanh(1))."""
import numpy as np

from mindcell._core.primitive import defprim, elementwise_infer
from mindcell.ops.defs import _grad_ops as G
from mindcell.ops.defs.elementwise import correctly_rounded


def _unary(name, impl, bprop):
    return defprim(name, impl, infer=elementwise_infer, bprop=bprop)


def _one_minus_sq(x):
    return G.sub(1.0, G.square(x))


asin_p = _unary("Asin", correctly_rounded(np.arcsin),
                lambda x, out, dout: (G.mul(dout, G.rsqrt(_one_minus_sq(x))),))
acos_p = _unary("ACos", correctly_rounded(np.arccos),
                lambda x, out, dout: (G.neg(G.mul(dout, G.rsqrt(_one_minus_sq(x)))),))
atan_p = _unary("Atan", correctly_rounded(np.arctan),
                lambda x, out, dout: (G.div(dout, G.add(G.square(x), 1.0)),))
# 1 / cosh(asinh(x)) and 1 / sinh(acosh(x)): sqrt(x^2 + 1) and sqrt(x^2 - 1) for real x, and
# for complex x the derivative of the principal branch (the principal root of x^2 - 1 has the
# opposite sign where Re(x) < 0; MindSpore 2.10's complex gradients, ms-oracle)
asinh_p = _unary("Asinh", correctly_rounded(np.arcsinh),
                 lambda x, out, dout: (G.div(dout, G.cosh(out)),))
acosh_p = _unary("Acosh", correctly_rounded(np.arccosh),
                 lambda x, out, dout: (G.div(dout, G.sinh(out)),))
atanh_p = _unary("Atanh", correctly_rounded(np.arctanh),
                 lambda x, out, dout: (G.div(dout, _one_minus_sq(x)),))


def _atan2_bprop(y, x, out, dout):
    # d atan2(y, x) = (x dy - y dx) / (x^2 + y^2); unbroadcasting happens in the backward walk
    scale = G.div(dout, G.add(G.square(x), G.square(y)))
    return G.mul(scale, x), G.neg(G.mul(scale, y))


atan2_p = defprim("Atan2", np.arctan2, infer=elementwise_infer, bprop=_atan2_bprop)
