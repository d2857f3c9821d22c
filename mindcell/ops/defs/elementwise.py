"""Elementwise primitives: unary math, activations, binary arithmetic, comparisons, select, cast."""
import math

import numpy as np

from mindcell._core.primitive import defprim, elementwise_infer, compare_infer
from mindcell.ops import functional as F
from mindcell.ops.defs._util import records_backward


def _erf(x):
    """scipy.special.erf, imported on first use: scipy.special costs ~0.25 s of import time
    and only the erf-based ops need it."""
    from scipy import special
    return special.erf(x)


_SQRT_2_OVER_PI = math.sqrt(2.0 / math.pi)
_TWO_OVER_SQRT_PI = 2.0 / math.sqrt(math.pi)
_GELU_C = 0.044715


def _unary(name, impl, bprop=None):
    return defprim(name, impl, infer=elementwise_infer, bprop=bprop, fusable=True)


def _zero_grad(x, out, dout):
    return (F.zeros_like(x),)


# ----- unary math ---------------------------------------------------------------------------
neg_p = _unary("Neg", np.negative, lambda x, out, dout: (F.neg(dout),))
abs_p = _unary("Abs", np.abs, lambda x, out, dout: (F.mul(dout, F.sign(x)),))
exp_p = _unary("Exp", np.exp, lambda x, out, dout: (F.mul(dout, out),))
log_p = _unary("Log", np.log, lambda x, out, dout: (F.div(dout, x),))
log1p_p = _unary("Log1p", np.log1p, lambda x, out, dout: (F.div(dout, F.add(x, 1.0)),))
sqrt_p = _unary("Sqrt", np.sqrt, lambda x, out, dout: (F.div(F.mul(dout, 0.5), out),))
rsqrt_p = _unary("Rsqrt", lambda x: 1.0 / np.sqrt(x),
                 lambda x, out, dout: (F.mul(F.mul(dout, -0.5), F.mul(out, F.square(out))),))
square_p = _unary("Square", np.square, lambda x, out, dout: (F.mul(dout, F.mul(x, 2)),))
sin_p = _unary("Sin", np.sin, lambda x, out, dout: (F.mul(dout, F.cos(x)),))
cos_p = _unary("Cos", np.cos, lambda x, out, dout: (F.neg(F.mul(dout, F.sin(x))),))
erf_p = _unary("Erf", lambda x: _erf(x).astype(x.dtype, copy=False),
               lambda x, out, dout: (F.mul(dout, F.mul(F.exp(F.neg(F.square(x))),
                                                      _TWO_OVER_SQRT_PI)),))
reciprocal_p = _unary("Reciprocal", lambda x: np.reciprocal(x),
                      lambda x, out, dout: (F.neg(F.mul(dout, F.square(out))),))
floor_p = _unary("Floor", np.floor, _zero_grad)
ceil_p = _unary("Ceil", np.ceil, _zero_grad)
round_p = _unary("Round", np.round, _zero_grad)
sign_p = _unary("Sign", np.sign, _zero_grad)


def _tanh_bprop(x, out, dout):
    if records_backward():
        return (F.mul(dout, F.sub(1.0, F.square(out))),)
    return (tanh_grad_p.bind(out, dout),)


def _sigmoid_impl(x):
    out = np.empty_like(x)
    pos = x >= 0
    out[pos] = 1.0 / (1.0 + np.exp(-x[pos]))
    ex = np.exp(x[~pos])
    out[~pos] = ex / (1.0 + ex)
    return out


def _sigmoid_bprop(x, out, dout):
    if records_backward():
        return (F.mul(dout, F.mul(out, F.sub(1.0, out))),)
    return (sigmoid_grad_p.bind(out, dout),)


tanh_p = _unary("Tanh", np.tanh, _tanh_bprop)
sigmoid_p = _unary("Sigmoid", _sigmoid_impl, _sigmoid_bprop)
tanh_grad_p = defprim("TanhGrad", lambda out, dout: dout * (1 - out * out),
                      infer=elementwise_infer, fusable=True)
sigmoid_grad_p = defprim("SigmoidGrad", lambda out, dout: dout * out * (1 - out),
                         infer=elementwise_infer, fusable=True)


# ----- activations --------------------------------------------------------------------------
def _relu_bprop(x, out, dout):
    if records_backward():
        return (F.select(F.greater(out, 0), dout, F.zeros_like(dout)),)
    return (relu_grad_p.bind(dout, out),)


relu_p = _unary("ReLU", lambda x: np.maximum(x, 0).astype(x.dtype, copy=False), _relu_bprop)
relu_grad_p = defprim("ReluGrad", lambda dout, out: dout * (out > 0),
                      infer=elementwise_infer, fusable=True)
relu6_p = _unary("ReLU6", lambda x: np.clip(x, 0, 6).astype(x.dtype, copy=False),
                 lambda x, out, dout: (F.select(F.logical_and(F.greater(x, 0), F.less(x, 6)),
                                                dout, F.zeros_like(dout)),))


def _silu_impl(x):
    return x * _sigmoid_impl(x)


def _silu_bprop(x, out, dout):
    if records_backward():
        s = F.sigmoid(x)
        return (F.mul(dout, F.mul(s, F.add(1.0, F.mul(x, F.sub(1.0, s))))),)
    return (silu_grad_p.bind(dout, x),)


def _silu_grad_impl(dout, x):
    s = _sigmoid_impl(x)
    return dout * (s + x * s * (1 - s))


silu_p = _unary("SiLU", _silu_impl, _silu_bprop)
silu_grad_p = defprim("SiLUGrad", _silu_grad_impl, infer=elementwise_infer, fusable=True)


def _gelu_impl(x, approximate="tanh"):
    if approximate == "tanh":
        return (0.5 * x * (1 + np.tanh(_SQRT_2_OVER_PI * (x + _GELU_C * x ** 3)))).astype(x.dtype)
    return (0.5 * x * (1 + _erf(x / math.sqrt(2.0)))).astype(x.dtype)


def _gelu_grad_impl(dout, x, approximate="tanh"):
    if approximate == "tanh":
        u = _SQRT_2_OVER_PI * (x + _GELU_C * x ** 3)
        t = np.tanh(u)
        du = _SQRT_2_OVER_PI * (1 + 3 * _GELU_C * x * x)
        return (dout * (0.5 * (1 + t) + 0.5 * x * (1 - t * t) * du)).astype(x.dtype)
    cdf = 0.5 * (1 + _erf(x / math.sqrt(2.0)))
    pdf = np.exp(-0.5 * x * x) / math.sqrt(2 * math.pi)
    return (dout * (cdf + x * pdf)).astype(x.dtype)


def _gelu_composite_grad(x, approximate):
    """dGeLU/dx written with ops (used when the backward itself is differentiated)."""
    if approximate == "tanh":
        x2 = F.square(x)
        t = F.tanh(F.mul(F.add(x, F.mul(F.mul(x2, x), _GELU_C)), _SQRT_2_OVER_PI))
        du = F.mul(F.add(F.mul(x2, 3 * _GELU_C), 1.0), _SQRT_2_OVER_PI)
        return F.add(F.mul(F.add(t, 1.0), 0.5),
                     F.mul(F.mul(F.mul(x, 0.5), F.sub(1.0, F.square(t))), du))
    cdf = F.mul(F.add(F.erf(F.mul(x, 1 / math.sqrt(2.0))), 1.0), 0.5)
    pdf = F.mul(F.exp(F.mul(F.square(x), -0.5)), 1 / math.sqrt(2 * math.pi))
    return F.add(cdf, F.mul(x, pdf))


def _gelu_bprop(x, out, dout, approximate="tanh"):
    if records_backward():
        return (F.mul(dout, _gelu_composite_grad(x, approximate)),)
    return (gelu_grad_p.bind(dout, x, approximate=approximate),)


gelu_p = _unary("GeLU", _gelu_impl, _gelu_bprop)
gelu_grad_p = defprim("GeLUGrad", _gelu_grad_impl, infer=elementwise_infer, fusable=True)


def _softplus_impl(x, beta=1.0, threshold=20.0):
    bx = x * beta
    safe = np.minimum(bx, threshold)
    return np.where(bx > threshold, x, np.log1p(np.exp(safe)) / beta).astype(x.dtype)


softplus_p = _unary("Softplus", _softplus_impl,
                    lambda x, out, dout, beta=1.0, threshold=20.0: (F.select(
                        F.greater(F.mul(x, beta), threshold), dout,
                        F.mul(dout, F.sigmoid(F.mul(x, beta)))),))
elu_p = _unary("Elu", lambda x, alpha=1.0: np.where(x > 0, x, alpha * np.expm1(x)).astype(x.dtype),
               lambda x, out, dout, alpha=1.0: (F.select(F.greater(x, 0), dout,
                                                         F.mul(dout, F.add(out, alpha))),))
leaky_relu_p = _unary("LeakyReLU",
                      lambda x, alpha=0.2: np.where(x >= 0, x, alpha * x).astype(x.dtype),
                      lambda x, out, dout, alpha=0.2: (F.select(F.greater_equal(x, 0), dout,
                                                                F.mul(dout, alpha)),))


def _hswish_grad(x, out, dout):
    mid = F.div(F.add(F.mul(x, 2.0), 3.0), 6.0)
    g = F.select(F.less(x, -3.0), F.zeros_like(x), F.select(F.greater(x, 3.0), F.ones_like(x), mid))
    return (F.mul(dout, g),)


hswish_p = _unary("HSwish", lambda x: (x * np.clip(x + 3, 0, 6) / 6).astype(x.dtype), _hswish_grad)


# ----- binary arithmetic --------------------------------------------------------------------
def _binary(name, impl, bprop=None):
    return defprim(name, impl, infer=elementwise_infer, bprop=bprop, fusable=True)


add_p = _binary("Add", np.add, lambda x, y, out, dout: (dout, dout))
sub_p = _binary("Sub", np.subtract, lambda x, y, out, dout: (dout, F.neg(dout)))
mul_p = _binary("Mul", np.multiply, lambda x, y, out, dout: (F.mul(dout, y), F.mul(dout, x)))
div_p = _binary("RealDiv", np.true_divide,
                lambda x, y, out, dout: (F.div(dout, y), F.neg(F.div(F.mul(dout, out), y))))
floor_div_p = _binary("FloorDiv", np.floor_divide,
                      lambda x, y, out, dout: (F.zeros_like(x), F.zeros_like(y)))
floor_mod_p = _binary("FloorMod", np.mod,
                      lambda x, y, out, dout: (dout, F.neg(F.mul(dout, F.floor_div(x, y)))))


def _pow_bprop(x, y, out, dout):
    dx = F.mul(dout, F.mul(y, F.pow(x, F.sub(y, 1))))
    safe_log = F.log(F.select(F.greater(x, 0), x, F.ones_like(x)))
    dy = F.mul(dout, F.mul(out, F.select(F.greater(x, 0), safe_log, F.zeros_like(x))))
    return (dx, dy)


def _pow_impl(x, y):
    # Checked when the op runs (values decide it), in both modes: numpy's own message would
    # not name the op.
    if y.dtype.kind in "biu" and x.dtype.kind in "biu" and y.size and (y < 0).any():
        raise ValueError("pow: an integer tensor cannot be raised to a negative integer power "
                         "(cast the input to a float dtype first)")
    return np.power(x, y)


pow_p = _binary("Pow", _pow_impl, _pow_bprop)


def _maximum_bprop(x, y, out, dout):
    pick_x = F.greater_equal(x, y)
    zeros = F.zeros_like(dout)
    return (F.select(pick_x, dout, zeros), F.select(pick_x, zeros, dout))


def _minimum_bprop(x, y, out, dout):
    pick_x = F.less_equal(x, y)
    zeros = F.zeros_like(dout)
    return (F.select(pick_x, dout, zeros), F.select(pick_x, zeros, dout))


maximum_p = _binary("Maximum", np.maximum, _maximum_bprop)
minimum_p = _binary("Minimum", np.minimum, _minimum_bprop)


# ----- comparisons and logic (not differentiable) -------------------------------------------
def _compare(name, impl):
    return defprim(name, impl, infer=compare_infer, fusable=True)


equal_p = _compare("Equal", np.equal)
not_equal_p = _compare("NotEqual", np.not_equal)
less_p = _compare("Less", np.less)
less_equal_p = _compare("LessEqual", np.less_equal)
greater_p = _compare("Greater", np.greater)
greater_equal_p = _compare("GreaterEqual", np.greater_equal)
logical_and_p = _compare("LogicalAnd", np.logical_and)
logical_or_p = _compare("LogicalOr", np.logical_or)
logical_xor_p = _compare("LogicalXor", np.logical_xor)
logical_not_p = defprim("LogicalNot", np.logical_not, infer=compare_infer, fusable=True)
isnan_p = defprim("IsNan", np.isnan, infer=compare_infer, fusable=True)
isinf_p = defprim("IsInf", np.isinf, infer=compare_infer, fusable=True)
isfinite_p = defprim("IsFinite", np.isfinite, infer=compare_infer, fusable=True)


# ----- select and cast ----------------------------------------------------------------------
def _select_infer(cond, x, y):
    return (np.broadcast_shapes(cond[0], x[0], y[0]), x[1])


def _select_bprop(cond, x, y, out, dout):
    zeros = F.zeros_like(dout)
    return (None, F.select(cond, dout, zeros), F.select(cond, zeros, dout))


select_p = defprim("Select", np.where, infer=_select_infer, bprop=_select_bprop, fusable=True)


def _cast_impl(x, dtype):
    return x.astype(dtype)


cast_p = defprim("Cast", _cast_impl, infer=lambda x, dtype: (x[0], np.dtype(dtype)),
                 bprop=lambda x, out, dout, dtype: (dout,), fusable=True)
