"""Element-wise math: arithmetic, powers, exponentials and logarithms, trigonometric and
hyperbolic functions, rounding, clipping. Each is a composite of mindcell ops, with
mindspore.numpy's optional ``dtype`` argument (the result's dtype); math functions of integer
or bool inputs compute in Float32."""
from mindcell.common.tensor import Tensor
from mindcell import ops
from mindcell.numpy import _utils as U


def _float_operands(x1, x2, name):
    """Bool/integer tensor operands as Float32; a Python scalar is left to the op's promotion
    (a Python float stays in the tensor's dtype)."""
    a, b = U.operands(x1, x2, name)
    return (U.as_float(a) if isinstance(a, Tensor) else a,
            U.as_float(b) if isinstance(b, Tensor) else b)


def _float_arg(x, name):
    return U.as_float(U.asarray(x, name))


def _binary(fn, name, float_result=False):
    """``float_result``: bool/integer operands become Float32 first (ops that keep integers,
    such as heaviside; ops.div, ops.hypot ... already compute integers in Float32)."""
    return U.binary(fn, name, "%s(x1, x2, dtype=None): element-wise, with broadcasting.",
                    _float_operands if float_result else U.operands)


def _unary(fn, name, to_float=True):
    return U.unary(fn, name, "%s(x, dtype=None): element-wise.",
                   _float_arg if to_float else U.asarray)


add = _binary(ops.add, "add")
subtract = _binary(ops.sub, "subtract")
multiply = _binary(ops.mul, "multiply")
true_divide = _binary(ops.div, "true_divide")
divide = _binary(ops.div, "divide")
floor_divide = _binary(ops.floor_divide, "floor_divide")
power = _binary(ops.pow, "power")
remainder = _binary(ops.remainder, "remainder")
mod = _binary(ops.remainder, "mod")
maximum = _binary(ops.maximum, "maximum")
minimum = _binary(ops.minimum, "minimum")


fmod = _binary(ops.fmod, "fmod")
hypot = _binary(ops.hypot, "hypot")
heaviside = _binary(ops.heaviside, "heaviside", float_result=True)
logaddexp = _binary(ops.logaddexp, "logaddexp")

_negative = _unary(ops.neg, "negative", to_float=False)
_positive = _unary(lambda t: ops.mul(t, 1) if t._np_dtype.kind != "b" else t, "positive",
                   to_float=False)


def negative(a, dtype=None):
    """negative(a, dtype=None): ``-a`` element-wise."""
    return _negative(a, dtype)


def positive(a, dtype=None):
    """positive(a, dtype=None): a copy of ``a`` (``+a``) element-wise."""
    return _positive(a, dtype)


absolute = _unary(ops.abs, "absolute", to_float=False)
abs = _unary(ops.abs, "abs", to_float=False)  # noqa: A001  (numpy's name)
square = _unary(ops.square, "square", to_float=False)
sign = _unary(ops.sign, "sign", to_float=False)
sqrt = _unary(ops.sqrt, "sqrt")
cbrt = _unary(lambda t: ops.mul(ops.sign(t), ops.pow(ops.abs(t), 1.0 / 3.0)), "cbrt")
reciprocal = _unary(ops.reciprocal, "reciprocal")
exp = _unary(ops.exp, "exp")
exp2 = _unary(ops.exp2, "exp2")
expm1 = _unary(ops.expm1, "expm1")
log = _unary(ops.log, "log")
log2 = _unary(ops.log2, "log2")
log10 = _unary(ops.log10, "log10")
log1p = _unary(ops.log1p, "log1p")
sin = _unary(ops.sin, "sin")
cos = _unary(ops.cos, "cos")
tan = _unary(ops.tan, "tan")
tanh = _unary(ops.tanh, "tanh")
sinh = _unary(ops.sinh, "sinh")
cosh = _unary(ops.cosh, "cosh")
deg2rad = _unary(ops.deg2rad, "deg2rad")
radians = _unary(ops.deg2rad, "radians")
rad2deg = _unary(ops.rad2deg, "rad2deg")
degrees = _unary(ops.rad2deg, "degrees")
floor = _unary(ops.floor, "floor")
ceil = _unary(ops.ceil, "ceil")
trunc = _unary(ops.trunc, "trunc")
_fix = _unary(ops.trunc, "fix")


def fix(x):
    """fix(x): ``x`` rounded toward zero, element-wise (integers compute in Float32)."""
    return _fix(x)


rint = _unary(ops.round, "rint")


arcsin = _unary(ops.asin, "arcsin")
_arccos = _unary(ops.acos, "arccos")


def arccos(input, dtype=None):
    """arccos(input, dtype=None): the inverse cosine, element-wise."""
    return _arccos(input, dtype)


arctan = _unary(ops.atan, "arctan")
arctan2 = _binary(ops.atan2, "arctan2")
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


def clip(x, xmin, xmax, dtype=None):
    """clip(x, xmin, xmax, dtype=None): values limited to [xmin, xmax] (either None)."""
    t = U.asarray(x, "clip")
    if xmin is None and xmax is None:
        raise U.fail("clip", "'xmin' and 'xmax' cannot both be None", ValueError)
    if xmin is not None:
        t = ops.maximum(t, U.operand(xmin, "clip"))
    if xmax is not None:
        t = ops.minimum(t, U.operand(xmax, "clip"))
    return U.apply_dtype(t, dtype, "clip")


__all__ = ["add", "subtract", "multiply", "divide", "true_divide", "floor_divide", "power",
           "remainder", "mod", "fmod", "maximum", "minimum", "hypot",
           "heaviside", "logaddexp", "negative", "positive", "absolute", "abs", "square",
           "sign", "sqrt", "cbrt", "reciprocal", "exp", "exp2", "expm1", "log", "log2",
           "log10", "log1p", "sin", "cos", "tan", "tanh", "sinh", "cosh", "arcsin",
           "arccos", "arctan", "arctan2", "arcsinh",
           "arccosh", "arctanh", "deg2rad", "radians", "rad2deg", "degrees", "floor", "ceil",
           "trunc", "fix", "rint", "around", "round", "clip"]
