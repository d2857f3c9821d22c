"""Elementwise primitives: unary math, activations, binary arithmetic, comparisons, select, cast."""
import math

import numpy as np

from mindcell._core.primitive import defprim, elementwise_infer, compare_infer
from mindcell._core.kernels.elementwise import BINARY_KERNELS, UNARY_KERNELS
from mindcell.ops.defs import _grad_ops as G


def _erf(x):
    """scipy.special.erf, imported on first use: scipy.special costs ~0.25 s of import time
    and only the erf-based ops need it."""
    from scipy import special
    return special.erf(x)


_SQRT_2_OVER_PI = math.sqrt(2.0 / math.pi)
_TWO_OVER_SQRT_PI = 2.0 / math.sqrt(math.pi)
_GELU_C = 0.044715


# The graph compiler's record (see Prim): ``vm`` ops have an opcode of the same name, so the
# fusion pass puts them in fused programs; native ones, those with an eager kernel (the one
# list: UNARY_KERNELS, BINARY_KERNELS in _core/kernels/elementwise.py), are also lowered to a
# native unary/binary instruction running the same loop.
def _ew_record(name, vm, kind, **record):
    native = name in (UNARY_KERNELS if kind == "unary" else BINARY_KERNELS)
    return dict(dict(opcode=name if vm or native else None, lowering=kind if native else None),
                **record)


def _unary(name, impl, bprop=None, vm=False, **record):
    return defprim(name, impl, infer=elementwise_infer, bprop=bprop, fusable=True,
                   **_ew_record(name, vm, "unary", **record))


def _zero_grad(x, out, dout):
    return (G.zeros_like(x),)


def correctly_rounded(ufunc):
    """``ufunc`` with float32 results correctly rounded: computed in float64 and rounded once.
    MindSpore 2.10's CPU kernels return the trigonometric and hyperbolic functions and their
    inverses so (ms-oracle: all of 1e6 float32 samples each); numpy's float32 loops are up to
    3 ulp off (sin(1.0) printed 0.841471, MindSpore 0.84147096). float16 is computed in float32
    and rounded once, as MindSpore does (numpy's float16 cos differs in 1 of 2e5)."""
    def impl(x):
        if x.dtype == np.float32:
            return ufunc(x.astype(np.float64)).astype(np.float32)
        if x.dtype == np.float16:
            return ufunc(x.astype(np.float32)).astype(np.float16)
        return ufunc(x)
    impl.__name__ = ufunc.__name__
    return impl


# ----- unary math ---------------------------------------------------------------------------
neg_p = _unary("Neg", np.negative, lambda x, out, dout: (G.neg(dout),))
abs_p = _unary("Abs", np.abs, lambda x, out, dout: (G.mul(dout, G.sign(x)),))
exp_p = _unary("Exp", np.exp, lambda x, out, dout: (G.mul(dout, out),))
log_p = _unary("Log", np.log, lambda x, out, dout: (G.div(dout, x),), vm=True)
log1p_p = _unary("Log1p", np.log1p, lambda x, out, dout: (G.div(dout, G.add(x, 1.0)),),
                 vm=True)
sqrt_p = _unary("Sqrt", np.sqrt, lambda x, out, dout: (G.div(G.mul(dout, 0.5), out),))
rsqrt_p = _unary("Rsqrt", lambda x: 1.0 / np.sqrt(x),
                 lambda x, out, dout: (G.mul(G.mul(dout, -0.5), G.mul(out, G.square(out))),),
                 vm=True)
square_p = _unary("Square", np.square, lambda x, out, dout: (G.mul(dout, G.mul(x, 2)),))
sin_p = _unary("Sin", correctly_rounded(np.sin), lambda x, out, dout: (G.mul(dout, G.cos(x)),),
               vm=True)
cos_p = _unary("Cos", correctly_rounded(np.cos),
               lambda x, out, dout: (G.neg(G.mul(dout, G.sin(x))),), vm=True)
erf_p = _unary("Erf", lambda x: _erf(x).astype(x.dtype, copy=False),
               lambda x, out, dout: (G.mul(dout, G.mul(G.exp(G.neg(G.square(x))),
                                                      _TWO_OVER_SQRT_PI)),), vm=True)
reciprocal_p = _unary("Reciprocal", lambda x: np.reciprocal(x),
                      lambda x, out, dout: (G.neg(G.mul(dout, G.square(out))),), vm=True)
floor_p = _unary("Floor", np.floor, _zero_grad, vm=True)
ceil_p = _unary("Ceil", np.ceil, _zero_grad, vm=True)
round_p = _unary("Round", np.round, _zero_grad)
sign_p = _unary("Sign", np.sign, _zero_grad, vm=True)


# The activations' backward rules bind fused *Grad primitives (one kernel instead of a chain);
# each *Grad primitive has its own bprop, so higher derivatives go through it too.
def _sigmoid_impl(x):
    out = np.empty_like(x)
    pos = x >= 0
    out[pos] = 1.0 / (1.0 + np.exp(-x[pos]))
    ex = np.exp(x[~pos])
    out[~pos] = ex / (1.0 + ex)
    return out


def _tanh_grad_bprop(y, dy, out, dout):  # out = dy * (1 - y^2)
    return (G.mul(G.mul(dout, dy), G.mul(y, -2.0)), tanh_grad_p.bind(y, dout))


def _sigmoid_grad_bprop(y, dy, out, dout):  # out = dy * y * (1 - y)
    return (G.mul(G.mul(dout, dy), G.sub(1.0, G.mul(y, 2.0))), sigmoid_grad_p.bind(y, dout))


tanh_p = _unary("Tanh", np.tanh, lambda x, out, dout: (tanh_grad_p.bind(out, dout),))
sigmoid_p = _unary("Sigmoid", _sigmoid_impl,
                   lambda x, out, dout: (sigmoid_grad_p.bind(out, dout),))
tanh_grad_p = defprim("TanhGrad", lambda out, dout: dout * (1 - out * out),
                      infer=elementwise_infer, bprop=_tanh_grad_bprop, fusable=True,
                      **_ew_record("TanhGrad", True, "binary"))
sigmoid_grad_p = defprim("SigmoidGrad", lambda out, dout: dout * out * (1 - out),
                         infer=elementwise_infer, bprop=_sigmoid_grad_bprop, fusable=True,
                         **_ew_record("SigmoidGrad", True, "binary"))


# ----- activations --------------------------------------------------------------------------
relu_p = _unary("ReLU", lambda x: np.maximum(x, 0).astype(x.dtype, copy=False),
                lambda x, out, dout: (relu_grad_p.bind(dout, out),))
relu_grad_p = defprim("ReluGrad", lambda dout, out: dout * (out > 0),
                      infer=elementwise_infer, fusable=True,
                      bprop=lambda dy, y, out, dout: (relu_grad_p.bind(dout, y), None),
                      **_ew_record("ReluGrad", True, "binary"))
relu6_p = _unary("ReLU6", lambda x: np.clip(x, 0, 6).astype(x.dtype, copy=False),
                 lambda x, out, dout: (G.select(G.logical_and(G.greater(x, 0), G.less_equal(x, 6)),
                                                dout, G.zeros_like(dout)),))


def _silu_impl(x):
    return x * _sigmoid_impl(x)


def _silu_grad_impl(dout, x):
    s = _sigmoid_impl(x)
    return dout * (s + x * s * (1 - s))


def _silu_grad_bprop(dy, x, out, dout):  # out = dy * (s + x s (1 - s)), s = sigmoid(x)
    s = G.sigmoid(x)
    ds = G.mul(s, G.sub(1.0, s))
    d2 = G.mul(ds, G.add(2.0, G.mul(x, G.sub(1.0, G.mul(s, 2.0)))))
    return (silu_grad_p.bind(dout, x), G.mul(G.mul(dout, dy), d2))


silu_p = _unary("SiLU", _silu_impl, lambda x, out, dout: (silu_grad_p.bind(dout, x),))
silu_grad_p = defprim("SiLUGrad", _silu_grad_impl, infer=elementwise_infer, fusable=True,
                      bprop=_silu_grad_bprop)


def _gelu_impl(x, approximate="tanh"):
    if x.dtype == np.float16 and approximate == "tanh":
        # MindSpore 2.10's CPU kernel computes the tanh form of float16 in float32, rounded once
        # (its erf form stays in float16)
        return _gelu_impl(x.astype(np.float32), approximate).astype(np.float16)
    if approximate == "tanh":
        return (0.5 * x * (1 + np.tanh(_SQRT_2_OVER_PI * (x + _GELU_C * x ** 3)))).astype(x.dtype)
    return (0.5 * x * (1 + _erf(x / math.sqrt(2.0)))).astype(x.dtype)


def _gelu_grad_impl(dout, x, approximate="tanh"):
    if x.dtype == np.float16 and approximate == "tanh":
        return _gelu_grad_impl(dout.astype(np.float32), x.astype(np.float32),
                               approximate).astype(np.float16)
    if approximate == "tanh":
        u = _SQRT_2_OVER_PI * (x + _GELU_C * x ** 3)
        t = np.tanh(u)
        du = _SQRT_2_OVER_PI * (1 + 3 * _GELU_C * x * x)
        return (dout * (0.5 * (1 + t) + 0.5 * x * (1 - t * t) * du)).astype(x.dtype)
    cdf = 0.5 * (1 + _erf(x / math.sqrt(2.0)))
    pdf = np.exp(-0.5 * x * x) / math.sqrt(2 * math.pi)
    return (dout * (cdf + x * pdf)).astype(x.dtype)


def _gelu_second_derivative(x, approximate):
    """d^2 GeLU / dx^2, written with ops."""
    x2 = G.square(x)
    if approximate == "tanh":  # (1 - t^2) (u' + x/2 (u'' - 2 t u'^2)), u = c (x + k x^3)
        t = G.tanh(G.mul(G.add(x, G.mul(G.mul(x2, x), _GELU_C)), _SQRT_2_OVER_PI))
        du = G.mul(G.add(G.mul(x2, 3 * _GELU_C), 1.0), _SQRT_2_OVER_PI)
        ddu = G.mul(x, 6 * _GELU_C * _SQRT_2_OVER_PI)
        inner = G.add(du, G.mul(G.mul(x, 0.5), G.sub(ddu, G.mul(G.mul(t, 2.0), G.square(du)))))
        return G.mul(G.sub(1.0, G.square(t)), inner)
    pdf = G.mul(G.exp(G.mul(x2, -0.5)), 1 / math.sqrt(2 * math.pi))  # pdf (2 - x^2)
    return G.mul(pdf, G.sub(2.0, x2))


def _gelu_grad_bprop(dy, x, out, dout, approximate="tanh"):
    return (gelu_grad_p.bind(dout, x, approximate=approximate),
            G.mul(G.mul(dout, dy), _gelu_second_derivative(x, approximate)))


# lowered natively with the opcode that ``approximate`` picks (GeLUTanh, GeLUErf ...)
gelu_p = _unary("GeLU", _gelu_impl, lambda x, out, dout, approximate="tanh": (
    gelu_grad_p.bind(dout, x, approximate=approximate),), lowering="gelu")
gelu_grad_p = defprim("GeLUGrad", _gelu_grad_impl, infer=elementwise_infer, fusable=True,
                      bprop=_gelu_grad_bprop, lowering="gelu_grad")


def _softplus_impl(x, beta=1.0, threshold=20.0):
    bx = x * beta
    safe = np.minimum(bx, threshold)
    return np.where(bx > threshold, x, np.log1p(np.exp(safe)) / beta).astype(x.dtype)


softplus_p = _unary("Softplus", _softplus_impl,
                    lambda x, out, dout, beta=1.0, threshold=20.0: (G.select(
                        G.greater(G.mul(x, beta), threshold), dout,
                        G.mul(dout, G.sigmoid(G.mul(x, beta)))),))
elu_p = _unary("Elu", lambda x, alpha=1.0: np.where(x > 0, x, alpha * np.expm1(x)).astype(x.dtype),
               lambda x, out, dout, alpha=1.0: (G.select(G.greater(x, 0), dout,
                                                         G.mul(dout, G.add(out, alpha))),))
leaky_relu_p = _unary("LeakyReLU",
                      lambda x, alpha=0.2: np.where(x >= 0, x, alpha * x).astype(x.dtype),
                      lambda x, out, dout, alpha=0.2: (G.select(G.greater_equal(x, 0), dout,
                                                                G.mul(dout, alpha)),))


def _hswish_grad(x, out, dout):
    mid = G.div(G.add(G.mul(x, 2.0), 3.0), 6.0)
    g = G.select(G.less(x, -3.0), G.zeros_like(x), G.select(G.greater(x, 3.0), G.ones_like(x), mid))
    return (G.mul(dout, g),)


def _hswish_impl(x):
    # x * (relu6(x + 3) / 6), not x * relu6(x + 3) / 6: the product overflows to inf for large
    # float32 x (3.4e38 * 6), where MindSpore stays finite; float16 computes in float32 and
    # rounds once, as MindSpore's result is rounded
    xc = x.astype(np.float32) if x.dtype == np.float16 else x
    return (xc * (np.clip(xc + 3, 0, 6) / 6)).astype(x.dtype)


hswish_p = _unary("HSwish", _hswish_impl, _hswish_grad)


# ----- binary arithmetic --------------------------------------------------------------------
def _binary(name, impl, bprop=None, **record):
    return defprim(name, impl, infer=elementwise_infer, bprop=bprop, fusable=True,
                   **_ew_record(name, False, "binary", **record))


# ``neutral``: the algebraic simplifier drops x + 0, x * 1, x - 0, x / 1
add_p = _binary("Add", np.add, lambda x, y, out, dout: (dout, dout), neutral=0.0,
                commutative=True)
sub_p = _binary("Sub", np.subtract, lambda x, y, out, dout: (dout, G.neg(dout)), neutral=0.0)
mul_p = _binary("Mul", np.multiply, lambda x, y, out, dout: (G.mul(dout, y), G.mul(dout, x)),
                neutral=1.0, commutative=True)
div_p = _binary("RealDiv", np.true_divide,
                lambda x, y, out, dout: (G.div(dout, y), G.neg(G.div(G.mul(dout, out), y))),
                neutral=1.0)
floor_div_p = _binary("FloorDiv", np.floor_divide,
                      lambda x, y, out, dout: (G.zeros_like(x), G.zeros_like(y)))
floor_mod_p = _binary("FloorMod", np.mod,
                      lambda x, y, out, dout: (dout, G.neg(G.mul(dout, G.floor_div(x, y)))))


def _pow_bprop(x, y, out, dout):
    dx = G.mul(dout, G.mul(y, G.pow(x, G.sub(y, 1))))
    safe_log = G.log(G.select(G.greater(x, 0), x, G.ones_like(x)))
    dy = G.mul(dout, G.mul(out, G.select(G.greater(x, 0), safe_log, G.zeros_like(x))))
    return (dx, dy)


def _pow_impl(x, y):
    if y.dtype.kind in "biu" and x.dtype.kind in "biu" and y.size and (y < 0).any():
        return _int_pow_negative(x, y)
    return np.power(x, y)


def _int_pow_negative(x, y):
    """Integer ``x ** y`` where some ``y`` are negative, as MindSpore 2.10 computes it: the
    real power truncated toward zero, so 1 ** -n is 1, (-1) ** -n is +-1 and any other base
    gives 0 (ms-oracle: [1, -1, -1, 2, -2] ** [-1, -1, -2, -2, -3] is [1, -1, 1, 0, 0]). 0 to a
    negative power divides by zero (MindSpore returns the dtype's minimum): a ValueError, checked
    when the op runs, in both modes."""
    xb, yb = np.broadcast_arrays(x, y)
    neg = yb < 0
    if (neg & (xb == 0)).any():
        raise ValueError("pow: 0 cannot be raised to a negative integer power (a division by "
                         "zero); cast the input to a float dtype for inf")
    out = np.power(xb, np.where(neg, 0, yb).astype(yb.dtype))
    odd = (yb % 2) != 0
    at_neg = np.where(xb == 1, 1, np.where((xb == -1) & odd, -1, np.where(xb == -1, 1, 0)))
    return np.where(neg, at_neg, out).astype(out.dtype)


pow_p = _binary("Pow", _pow_impl, _pow_bprop)


def _extremum_bprop(beaten):
    """maximum/minimum's backward rule, MindSpore 2.10's (ms-oracle): dout goes to each input
    unless the other strictly beats it (``beaten(x, y)``), a tie gives each input half of it
    (maximum(5, 5) passes 5.0 of a cotangent 10 to either side) and a NaN on either side all of
    it to both."""
    def bprop(x, y, out, dout):
        zeros = G.zeros_like(dout)
        share = G.select(G.equal(x, y), G.mul(dout, G.constant(0.5, dout._np_dtype)), dout)
        return (G.select(beaten(x, y), zeros, share), G.select(beaten(y, x), zeros, share))
    return bprop


_maximum_bprop, _minimum_bprop = _extremum_bprop(G.less), _extremum_bprop(G.greater)


maximum_p = _binary("Maximum", np.maximum, _maximum_bprop, commutative=True)
minimum_p = _binary("Minimum", np.minimum, _minimum_bprop, commutative=True)


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
    zeros = G.zeros_like(dout)
    return (None, G.select(cond, dout, zeros), G.select(cond, zeros, dout))


select_p = defprim("Select", np.where, infer=_select_infer, bprop=_select_bprop, fusable=True)


def _cast_impl(x, dtype):
    if x.dtype.kind == "c" and np.dtype(dtype).kind != "c":
        # only ops.cast / Tensor.astype convert complex to real (taking the real part, as
        # MindSpore does on request, through the Real primitive); any other path would drop the
        # imaginary part silently
        from mindcell._core.primitive import no_complex
        raise no_complex(cast_p, x.dtype)
    return x.astype(dtype)


cast_p = defprim("Cast", _cast_impl, infer=lambda x, dtype: (x[0], np.dtype(dtype)),
                 bprop=lambda x, out, dout, dtype: (dout,), fusable=True)
