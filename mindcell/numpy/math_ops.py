"""Element-wise math: arithmetic, powers, exponentials and logarithms, trigonometric and
hyperbolic functions, rounding, clipping. Each is a composite of mindcell ops, with
mindspore.numpy's optional ``dtype`` argument (the result's dtype); math functions of integer
or bool inputs compute in Float32."""
import math

from mindcell.common.tensor import Tensor
from mindcell import ops
from mindcell.numpy import _utils as U

_LN2, _LN10 = math.log(2.0), math.log(10.0)


def _float_operands(x1, x2, name):
    """Both operands as float tensors: a Python float stays in the tensor's dtype."""
    a, b = U.operands(x1, x2, name)
    a = U.as_float(a) if isinstance(a, Tensor) else a
    b = U.as_float(b) if isinstance(b, Tensor) else b
    a = a if isinstance(a, Tensor) else ops.add(ops.zeros_like(b), a)
    b = b if isinstance(b, Tensor) else ops.add(ops.zeros_like(a), b)
    return a, b


def _float_arg(x, name):
    return U.as_float(U.asarray(x, name))


def _binary(fn, name, float_result=False):
    return U.binary(fn, name, "%s(x1, x2, dtype=None): element-wise, with broadcasting.",
                    _float_operands if float_result else U.operands)


def _unary(fn, name, to_float=True):
    return U.unary(fn, name, "%s(x, dtype=None): element-wise.",
                   _float_arg if to_float else U.asarray)


add = _binary(ops.add, "add")
subtract = _binary(ops.sub, "subtract")
multiply = _binary(ops.mul, "multiply")
true_divide = _binary(ops.div, "true_divide", float_result=True)
divide = _binary(ops.div, "divide", float_result=True)
floor_divide = _binary(ops.floor_divide, "floor_divide")
power = _binary(ops.pow, "power")
remainder = _binary(ops.remainder, "remainder")
mod = _binary(ops.remainder, "mod")
maximum = _binary(ops.maximum, "maximum")
minimum = _binary(ops.minimum, "minimum")


def _fmod(a, b):
    """The remainder with the dividend's sign (C's fmod), from the floored one."""
    r = ops.remainder(a, b)
    flip = ops.logical_and(ops.ne(r, 0), ops.ne(ops.lt(a, 0), ops.lt(b, 0)))
    return ops.where(flip, ops.sub(r, b), r)


def _trunc(t):
    return ops.where(ops.ge(t, 0), ops.floor(t), ops.ceil(t))


fmod = _binary(_fmod, "fmod")
hypot = _binary(lambda a, b: ops.sqrt(ops.add(ops.square(a), ops.square(b))), "hypot",
                float_result=True)
def _heaviside(a, b):
    b = ops.add(ops.zeros_like(a), b)  # a's shape; the promoted dtype
    return ops.where(ops.lt(a, 0), 0.0, ops.where(ops.gt(a, 0), 1.0, b))


heaviside = _binary(_heaviside, "heaviside", float_result=True)
logaddexp = _binary(lambda a, b: ops.add(ops.maximum(a, b), ops.log1p(ops.exp(ops.neg(
    ops.abs(ops.sub(a, b)))))), "logaddexp", float_result=True)

negative = _unary(ops.neg, "negative", to_float=False)
positive = _unary(lambda t: ops.mul(t, 1) if t._np_dtype.kind != "b" else t, "positive",
                  to_float=False)
absolute = _unary(ops.abs, "absolute", to_float=False)
abs = _unary(ops.abs, "abs", to_float=False)  # noqa: A001  (numpy's name)
square = _unary(ops.square, "square", to_float=False)
sign = _unary(ops.sign, "sign", to_float=False)
sqrt = _unary(ops.sqrt, "sqrt")
cbrt = _unary(lambda t: ops.mul(ops.sign(t), ops.pow(ops.abs(t), 1.0 / 3.0)), "cbrt")
reciprocal = _unary(ops.reciprocal, "reciprocal")
exp = _unary(ops.exp, "exp")
exp2 = _unary(lambda t: ops.pow(2.0, t), "exp2")
expm1 = _unary(ops.expm1, "expm1")
log = _unary(ops.log, "log")
log2 = _unary(lambda t: ops.div(ops.log(t), _LN2), "log2")
log10 = _unary(lambda t: ops.div(ops.log(t), _LN10), "log10")
log1p = _unary(ops.log1p, "log1p")
sin = _unary(ops.sin, "sin")
cos = _unary(ops.cos, "cos")
tan = _unary(lambda t: ops.div(ops.sin(t), ops.cos(t)), "tan")
tanh = _unary(ops.tanh, "tanh")
# expm1 keeps sinh accurate near 0, where exp(x) - exp(-x) cancels.
sinh = _unary(lambda t: ops.mul(ops.sub(ops.expm1(t), ops.expm1(ops.neg(t))), 0.5), "sinh")
cosh = _unary(lambda t: ops.mul(ops.add(ops.exp(t), ops.exp(ops.neg(t))), 0.5), "cosh")
deg2rad = _unary(lambda t: ops.mul(t, math.pi / 180.0), "deg2rad")
radians = _unary(lambda t: ops.mul(t, math.pi / 180.0), "radians")
rad2deg = _unary(lambda t: ops.mul(t, 180.0 / math.pi), "rad2deg")
degrees = _unary(lambda t: ops.mul(t, 180.0 / math.pi), "degrees")
floor = _unary(ops.floor, "floor")
ceil = _unary(ops.ceil, "ceil")
trunc = _unary(_trunc, "trunc")
fix = _unary(_trunc, "fix")
rint = _unary(ops.round, "rint")


arcsin = _unary(ops.asin, "arcsin")
arccos = _unary(ops.acos, "arccos")
arctan = _unary(ops.atan, "arctan")
arctan2 = _binary(ops.atan2, "arctan2", float_result=True)
arcsinh = _unary(ops.asinh, "arcsinh")
arccosh = _unary(ops.acosh, "arccosh")
arctanh = _unary(ops.atanh, "arctanh")


def around(a, decimals=0):
    """around(a, decimals=0): round half to even to ``decimals`` places."""
    decimals = U.check_int(decimals, "around", "decimals")
    t = U.as_float(U.asarray(a, "around"))
    if decimals == 0:
        return ops.round(t)
    scale = 10.0 ** decimals
    return ops.div(ops.round(ops.mul(t, scale)), scale)


round = around  # noqa: A001  (numpy's name)


def clip(a, a_min, a_max, dtype=None):
    """clip(a, a_min, a_max, dtype=None): values limited to [a_min, a_max] (either None)."""
    t = U.asarray(a, "clip")
    if a_min is None and a_max is None:
        raise U.fail("clip", "'a_min' and 'a_max' cannot both be None", ValueError)
    if a_min is not None:
        t = ops.maximum(t, U.operand(a_min, "clip"))
    if a_max is not None:
        t = ops.minimum(t, U.operand(a_max, "clip"))
    return U.apply_dtype(t, dtype, "clip")


__all__ = ["add", "subtract", "multiply", "divide", "true_divide", "floor_divide", "power",
           "remainder", "mod", "fmod", "maximum", "minimum", "hypot",
           "heaviside", "logaddexp", "negative", "positive", "absolute", "abs", "square",
           "sign", "sqrt", "cbrt", "reciprocal", "exp", "exp2", "expm1", "log", "log2",
           "log10", "log1p", "sin", "cos", "tan", "tanh", "sinh", "cosh", "arcsin",
           "arccos", "arctan", "arctan2", "arcsinh",
           "arccosh", "arctanh", "deg2rad", "radians", "rad2deg", "degrees", "floor", "ceil",
           "trunc", "fix", "rint", "around", "round", "clip"]
