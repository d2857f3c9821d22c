"""Element-wise math: arithmetic, powers, exponentials and logarithms, trigonometric and
hyperbolic functions, rounding, clipping. Each is a composite of mindcell ops, with
mindspore.numpy's optional ``dtype`` argument (the result's dtype).

Dtype rules, as mindspore.numpy in MindSpore 2.10 (tests/goldens/numpy_dtypes records them for
every input dtype): a Python number operand is a 0-D Int32/Float32/Bool tensor that promotes
like a tensor (``add(float16_tensor, 1.5)`` is Float32); maximum/minimum with a 0-D operand keep
the other operand's dtype; trigonometric and hyperbolic functions compute bool, int8 and uint8
in Float16 and other integers in Float32; other float math computes integers in Float32;
sign of integers is Float32; reciprocal, exp2, heaviside and around keep integers integer;
bool arithmetic that MindSpore's kernels refuse (square, positive, sign, add/subtract/power of
two bools, hypot, logaddexp) raises TypeError naming the function."""
import math

import numpy as np

from mindcell import dtype as mstype
from mindcell import ops
from mindcell.numpy import _utils as U
from mindcell.ops._helpers import binary_operands


def _float_operands(x1, x2, name):
    """Bool/integer operands as Float32 (Python numbers become 0-D tensors first)."""
    a, b = U.operands(x1, x2, name)
    return U.as_float(a), U.as_float(b)


def _trig_operands(x1, x2, name):
    """Both operands by :func:`~mindcell.numpy._utils.as_trig_float` (arctan2)."""
    a, b = U.operands(x1, x2, name)
    return U.as_trig_float(a), U.as_trig_float(b)


def _no_bool_operands(x1, x2, name):
    """Operands refused when either is bool (hypot, logaddexp: MindSpore squares or
    exponentiates each operand before they promote)."""
    a, b = U.operands(x1, x2, name)
    return U.refuse_bool(a, name), U.refuse_bool(b, name)


def _numeric_operands(x1, x2, name):
    """Operands refused when both are bool (their promoted dtype is bool: add, subtract,
    power, minimum; MindSpore's kernels have no bool arithmetic)."""
    a, b = U.operands(x1, x2, name)
    if a._np_dtype.kind == "b" and b._np_dtype.kind == "b":
        U.refuse_bool(a, name)
    return a, b


def _float_arg(x, name):
    return U.as_float(U.asarray(x, name))


def _trig_arg(x, name):
    return U.as_trig_float(U.asarray(x, name))


def _numeric_arg(x, name):
    return U.refuse_bool(U.asarray(x, name), name)


_BINARY_RETURNS = ("Tensor of the broadcast shape of ``x1`` and ``x2``, in the dtype they promote "
                   "to, a Python number counting as a 0-D Int32/Float32/Bool tensor, as in "
                   "mindspore.numpy (``dtype`` when given).")
_FLOAT_BINARY_RETURNS = ("Tensor of the broadcast shape of ``x1`` and ``x2``; integer and bool "
                         "inputs compute in Float32 (``dtype`` when given).")
_TRIG_BINARY_RETURNS = ("Tensor of the broadcast shape of ``x1`` and ``x2``: bool, int8 and "
                        "uint8 inputs compute in Float16, other integers in Float32, as "
                        "mindspore.numpy (``dtype`` when given).")
_BOOL_RAISES = {
    "no_bool": ("TypeError: ``x1`` or ``x2`` is bool (MindSpore 2.10 refuses it).",),
    "numeric": ("TypeError: ``x1`` and ``x2`` are both bool (MindSpore 2.10 refuses it).",)}
_CONVERT = {False: U.operands, True: _float_operands, "trig": _trig_operands,
            "no_bool": _no_bool_operands, "numeric": _numeric_operands}


def _binary(fn, name, doc, float_result=False):
    """``float_result``: False (operands as they are), True (bool/integer operands become
    Float32 first), "trig" (:func:`~mindcell.numpy._utils.as_trig_float`), "no_bool" (a bool
    operand is refused) or "numeric" (two bool operands are refused). Python numbers are
    0-D Int32/Float32/Bool tensors that promote like tensors (mindspore.numpy's rule)."""
    doc = doc.defaults(returns={True: _FLOAT_BINARY_RETURNS, "trig": _TRIG_BINARY_RETURNS}.get(
        float_result, _BINARY_RETURNS), raises=_BOOL_RAISES.get(float_result, ()))
    return U.binary(fn, name, doc, _CONVERT[float_result])


_UNARY_RETURNS = {
    True: "Tensor of the shape of ``x``: Float32 for integer or bool ``x``, else ``x``'s dtype "
          "(``dtype`` when given).",
    "trig": "Tensor of the shape of ``x``: Float16 for bool, int8 or uint8 ``x``, Float32 for "
            "other integers, else ``x``'s dtype, as mindspore.numpy (``dtype`` when given).",
    False: "Tensor of the shape and dtype of ``x`` (``dtype`` when given).",
    "numeric": "Tensor of the shape and dtype of ``x`` (``dtype`` when given).",
}


def _unary(fn, name, doc=None, to_float=True):
    """``doc``: the :class:`~mindcell.numpy._utils.Doc` record (None for a private function
    that a documented wrapper calls). ``to_float``: True (integers and bool compute in
    Float32), "trig" (:func:`~mindcell.numpy._utils.as_trig_float`), False (the dtype kept)
    or "numeric" (the dtype kept, bool refused)."""
    doc = "%s(x, dtype=None): element-wise." if doc is None else doc.defaults(
        returns=_UNARY_RETURNS[to_float], raises=(
            ("TypeError: ``x`` is bool (MindSpore 2.10 refuses it).",)
            if to_float == "numeric" else ()))
    convert = {True: _float_arg, "trig": _trig_arg, False: U.asarray,
               "numeric": _numeric_arg}[to_float]
    return U.unary(fn, name, doc, convert)


_D = U.Doc
add = _binary(ops.add, "add", _D(
    "the sum ``x1 + x2``, element-wise, with broadcasting.",
    "[1, 2, 3], 10",
    "[11 12 13]"), "numeric")
subtract = _binary(ops.sub, "subtract", _D(
    "the difference ``x1 - x2``, element-wise, with broadcasting.",
    "[5.0, 7.0], [1.5, 2.0]",
    "[3.5 5. ]",
    x2="the input subtracted."), "numeric")
multiply = _binary(ops.mul, "multiply", _D(
    "the product ``x1 * x2``, element-wise, with broadcasting.",
    "[[1, 2], [3, 4]], [10, 100]",
    "[[ 10 200]\n [ 30 400]]"))
def _div(x1, x2):
    """ops.div of the promoted operands: mindspore.numpy's divide promotes a 0-D operand (a
    Python number) as any other (Float16 array / 2.5 is Float32), where ops.div keeps a
    tensor's dtype beside a 0-d tensor (ms-oracle; numpy_dtypes divide|float16,float)."""
    return ops.div(*binary_operands(x1, x2, "divide"))


true_divide = _binary(_div, "true_divide", _D(
    "the true quotient ``x1 / x2``, element-wise, with broadcasting.",
    "[1, 2, 3], 2",
    "[0.5 1.  1.5]",
    x="the dividend.",
    x2="the divisor.",
    returns=_FLOAT_BINARY_RETURNS))
divide = _binary(_div, "divide", _D(
    "the true quotient ``x1 / x2``, element-wise, with broadcasting.",
    "[3.0, -3.0], [2.0, 4.0]",
    "[ 1.5  -0.75]",
    x="the dividend.",
    x2="the divisor.",
    returns=_FLOAT_BINARY_RETURNS))
floor_divide = _binary(ops.floor_divide, "floor_divide", _D(
    "the largest integer not above ``x1 / x2``, element-wise, with broadcasting.",
    "[7, -7], 2",
    "[ 3 -4]",
    x="the dividend.",
    x2="the divisor."))
power = _binary(ops.pow, "power", _D(
    "``x1`` raised to the power ``x2``, element-wise, with broadcasting.",
    "[1, 2, 3], 2",
    "[1 4 9]",
    x="the bases.",
    x2="the exponents."), "numeric")
remainder = _binary(ops.remainder, "remainder", _D(
    "the remainder of floor division, element-wise (it has the sign of ``x2``).",
    "[5, -5], 3",
    "[2 1]",
    x="the dividend.",
    x2="the divisor."))
mod = _binary(ops.remainder, "mod", _D(
    "the remainder of floor division, element-wise (it has the sign of ``x2``).",
    "[7.5, -7.5], 2.0",
    "[1.5 0.5]",
    x="the dividend.",
    x2="the divisor."))
def _zero_d_keeps_dtype(fn):
    """mindspore.numpy's maximum/minimum: when one operand is 0-D (a Python number, say) the
    result has the other operand's dtype (``maximum(int32_tensor, 2.5)`` is Int32)."""
    def op(a, b):
        r = fn(a, b)
        if a.ndim == 0 and b.ndim != 0 and r.dtype != b.dtype:
            r = ops.cast(r, b.dtype)
        elif b.ndim == 0 and a.ndim != 0 and r.dtype != a.dtype:
            r = ops.cast(r, a.dtype)
        return r
    return op


_EXTREME_RETURNS = ("Tensor of the broadcast shape of ``x1`` and ``x2``, in the dtype they "
                    "promote to; when one of them is 0-D (a Python number, say), in the other's "
                    "dtype, as mindspore.numpy (``dtype`` when given).")
maximum = _binary(_zero_d_keeps_dtype(ops.maximum), "maximum", _D(
    "the larger of ``x1`` and ``x2``, element-wise, with broadcasting.",
    "[1, 5, 3], [4, 2, 3]",
    "[4 5 3]",
    returns=_EXTREME_RETURNS))
minimum = _binary(_zero_d_keeps_dtype(ops.minimum), "minimum", _D(
    "the smaller of ``x1`` and ``x2``, element-wise, with broadcasting.",
    "[1, 5, 3], [4, 2, 3]",
    "[1 2 3]",
    returns=_EXTREME_RETURNS), "numeric")


fmod = _binary(ops.fmod, "fmod", _D(
    "the remainder of truncated division, element-wise (it has the sign of ``x1``).",
    "[5, -5], 3",
    "[ 2 -2]",
    x="the dividend.",
    x2="the divisor."))
def _hypot(a, b):
    """mindspore.numpy's hypot computes two integer legs in Float32 (ops.hypot refuses them, as
    MindSpore's does)."""
    from mindcell.ops.function.math_func import _true_div_operands
    return ops.hypot(*_true_div_operands(a, b, "hypot"))


hypot = _binary(_hypot, "hypot", _D(
    "the hypotenuse ``sqrt(x1**2 + x2**2)``, element-wise, with broadcasting.",
    "[3.0, 5.0], [4.0, 12.0]",
    "[ 5. 13.]",
    x="one leg.",
    x2="the other leg.",
    returns=_FLOAT_BINARY_RETURNS), "no_bool")
heaviside = _binary(ops.heaviside, "heaviside", _D(
    "the Heaviside step function: 0 where ``x1 < 0``, ``x2`` where ``x1 == 0``, 1 where ``x1 > "
    "0``.",
    "[-1.5, 0.0, 2.0], 0.5",
    "[0.  0.5 1. ]",
    x="the input.",
    x2="the value where ``x1`` is 0.",
    returns="Tensor of the broadcast shape of ``x1`` and ``x2``, in the dtype they promote to "
            "(integers stay integers, as mindspore.numpy; ``dtype`` when given)."))
logaddexp = _binary(ops.logaddexp, "logaddexp", _D(
    "``log(exp(x1) + exp(x2))``, element-wise, with broadcasting.",
    "[0.0, 1.0], [0.0, 1.0]",
    "[0.6931472 1.6931472]",
    returns=_FLOAT_BINARY_RETURNS), "no_bool")

_negative = _unary(ops.neg, "negative", to_float=False)
_positive = _unary(lambda t: ops.mul(t, 1), "positive", to_float="numeric")


def negative(a, dtype=None):
    """negative(a, dtype=None): ``-a``, element-wise.

    Args:
        a (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the input.
        dtype (mindcell.dtype, optional): the dtype the result is cast to. Default: ``None``
            (``a``'s dtype).

    Returns:
        Tensor of the shape and dtype of ``a`` (``dtype`` when given).

    Raises:
        TypeError: ``a`` is not a Tensor, a number, a list/tuple or a numpy array of numbers,
            or ``dtype`` is not a dtype.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.negative([1, -2, 0]))
        [-1  2  0]
    """
    return _negative(a, dtype)


def positive(a, dtype=None):
    """positive(a, dtype=None): a copy of ``a`` (``+a``), element-wise.

    Args:
        a (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the input.
        dtype (mindcell.dtype, optional): the dtype the result is cast to. Default: ``None``
            (``a``'s dtype).

    Returns:
        Tensor of the shape and dtype of ``a`` (``dtype`` when given).

    Raises:
        TypeError: ``a`` is not a Tensor, a number, a list/tuple or a numpy array of numbers,
            or ``dtype`` is not a dtype.
        TypeError: ``a`` is bool (as in MindSpore 2.10).

    Examples:
        >>> import mindcell.numpy as mnp
        >>> y = mnp.positive([1.5, -2.0])
        >>> print(y, y.dtype)
        [ 1.5 -2. ] Float32
    """
    return _positive(a, dtype)


absolute = _unary(ops.abs, "absolute", _D(
    "the absolute value, element-wise.",
    "[-1.5, 0.0, 2.0]",
    "[1.5 0.  2. ]"), to_float=False)
abs = _unary(ops.abs, "abs", _D(  # noqa: A001  (numpy's name)
    "the absolute value, element-wise.",
    "[-3, 2, -1]",
    "[3 2 1]"), to_float=False)
square = _unary(ops.square, "square", _D(
    "``x * x``, element-wise.",
    "[-2, 3]",
    "[4 9]"), to_float="numeric")
sign = _unary(lambda t: ops.sign(U.as_float(t)), "sign", _D(
    "-1, 0 or 1 by the sign of each element.",
    "[-4.5, 0.0, 2.0]",
    "[-1.  0.  1.]",
    returns="Tensor of the shape of ``x``: Float32 for integer ``x`` (as mindspore.numpy), "
            "else ``x``'s dtype (``dtype`` when given)."),
    to_float="numeric")
sqrt = _unary(ops.sqrt, "sqrt", _D(
    "the non-negative square root, element-wise (NaN below 0).",
    "[1, 4, 9]",
    "[1. 2. 3.]"))
def _cbrt(t):
    if t._np_dtype != np.float64:  # computed in Float32 (float16 too), as mindspore.numpy
        t = ops.cast(t, mstype.float32)
    return ops.mul(ops.sign(t), ops.pow(ops.abs(t), 1.0 / 3.0))


cbrt = _unary(_cbrt, "cbrt", _D(
    "the cube root, element-wise (negative for negative ``x``).",
    "[-8.0, 27.0]",
    "[-2.  3.]",
    returns="Float32 Tensor of the shape of ``x`` (Float64 for Float64 ``x``; float16 and "
            "integers compute in Float32, as mindspore.numpy; ``dtype`` when given)."))

def _int_source(t):
    """An integer tensor for integer-keeping functions: bool becomes Int64 (as MindSpore,
    where a bool meets an Int64 constant)."""
    return ops.cast(t, mstype.int64) if t._np_dtype.kind == "b" else t


def _reciprocal(t):
    if mstype.is_float_np(t._np_dtype):
        return ops.reciprocal(t)
    t = _int_source(t)
    q = ops.cast(ops.div(1, t, rounding_mode="trunc"), t.dtype)
    return ops.where(ops.eq(t, 0), ops.full_like(q, np.iinfo(t._np_dtype).max), q)


def _exp2(t):
    if mstype.is_float_np(t._np_dtype):
        return ops.exp2(t)
    t = _int_source(t)
    r = ops.pow(ops.full_like(t, 2), ops.maximum(t, ops.zeros_like(t)))
    return ops.where(ops.lt(t, 0), ops.zeros_like(r), r)


def _to_radians(t):
    # x * pi / 180 in x's dtype, in this order (float16 results round as mindspore.numpy's)
    return ops.div(ops.mul(t, math.pi), 180.0)


def _to_degrees(t):
    return ops.div(ops.mul(t, 180.0), math.pi)


def _log_base(base):
    """log(x) / log(base) in x's dtype (float16 rounds as mindspore.numpy's)."""
    def fn(t):
        return ops.div(ops.log(t), ops.log(ops.full_like(t, float(base))))
    return fn


_INT_KEEPING = ("Tensor of the shape of ``x``. As in mindspore.numpy, integers stay integers "
                "(bool becomes Int64) and the result is truncated: %s (``dtype`` when given).")
reciprocal = _unary(_reciprocal, "reciprocal", _D(
    "``1 / x``, element-wise.",
    "[1.0, 2.0, 4.0]",
    "[1.   0.5  0.25]",
    returns=_INT_KEEPING % "0 where ``|x| > 1`` and the dtype's maximum where ``x`` is 0"),
    to_float=False)
exp = _unary(ops.exp, "exp", _D(
    "``e ** x``, element-wise.",
    "[0.0, 1.0]",
    "[1.        2.7182817]"))
exp2 = _unary(_exp2, "exp2", _D(
    "``2 ** x``, element-wise.",
    "[0.0, 3.0, -1.0]",
    "[1.  8.  0.5]",
    returns=_INT_KEEPING % "0 for negative ``x``"), to_float=False)
expm1 = _unary(ops.expm1, "expm1", _D(
    "``exp(x) - 1``, element-wise (accurate for small ``x``).",
    "[0.0, 1e-5]",
    "[0.000000e+00 1.000005e-05]"))
log = _unary(ops.log, "log", _D(
    "the natural logarithm, element-wise (NaN below 0, -inf at 0).",
    "[1.0, mnp.e]",
    "[0. 1.]"))
log2 = _unary(_log_base(2), "log2", _D(
    "the base-2 logarithm, element-wise.",
    "[1, 8, 0.5]",
    "[ 0.  3. -1.]"))
log10 = _unary(_log_base(10), "log10", _D(
    "the base-10 logarithm, element-wise.",
    "[1.0, 10.0, 0.1]",
    "[ 0.  1. -1.]"))
log1p = _unary(ops.log1p, "log1p", _D(
    "``log(1 + x)``, element-wise (accurate for small ``x``).",
    "[0.0, 1.718282]",
    "[0. 1.]"))
sin = _unary(ops.sin, "sin", _D(
    "the sine, element-wise.",
    "[0.0, mnp.pi / 2]",
    "[0. 1.]",
    x="angles in radians."), to_float="trig")
cos = _unary(ops.cos, "cos", _D(
    "the cosine, element-wise.",
    "[0.0, mnp.pi]",
    "[ 1. -1.]",
    x="angles in radians."), to_float="trig")
tan = _unary(ops.tan, "tan", _D(
    "the tangent, element-wise.",
    "[0.0, mnp.pi / 4]",
    "[0. 1.]",
    x="angles in radians."), to_float="trig")
tanh = _unary(ops.tanh, "tanh", _D(
    "the hyperbolic tangent, element-wise.",
    "[-1.0, 0.0, 1.0]",
    "[-0.7615942  0.         0.7615942]"), to_float="trig")
sinh = _unary(ops.sinh, "sinh", _D(
    "the hyperbolic sine, element-wise.",
    "[0.0, 1.0]",
    "[0.        1.1752012]"), to_float="trig")
cosh = _unary(ops.cosh, "cosh", _D(
    "the hyperbolic cosine, element-wise.",
    "[0.0, 1.0]",
    "[1.        1.5430807]"), to_float="trig")
deg2rad = _unary(_to_radians, "deg2rad", _D(
    "degrees converted to radians, element-wise.",
    "[90, 180]",
    "[1.5707964 3.1415927]",
    x="angles in degrees."))
radians = _unary(_to_radians, "radians", _D(
    "degrees converted to radians, element-wise.",
    "[45.0, 360.0]",
    "[0.7853982 6.2831855]",
    x="angles in degrees."))
rad2deg = _unary(_to_degrees, "rad2deg", _D(
    "radians converted to degrees, element-wise.",
    "[mnp.pi, 1.0]",
    "[180.        57.295776]",
    x="angles in radians."))
degrees = _unary(_to_degrees, "degrees", _D(
    "radians converted to degrees, element-wise.",
    "[mnp.pi / 2]",
    "[90.]",
    x="angles in radians."))
floor = _unary(ops.floor, "floor", _D(
    "the largest integer not above each element.",
    "[-1.5, 0.2, 2.0]",
    "[-2.  0.  2.]"))
ceil = _unary(lambda t: ops.ceil(ops.cast(t, mstype.float32) if t._np_dtype == np.float16
                                else t), "ceil", _D(
    "the smallest integer not below each element.",
    "[-1.5, 0.2, 2.0]",
    "[-1.  1.  2.]",
    returns="Tensor of the shape of ``x``: Float32 for integer, bool or float16 ``x`` (as "
            "mindspore.numpy), else ``x``'s dtype (``dtype`` when given)."))
trunc = _unary(ops.trunc, "trunc", _D(
    "each element rounded toward zero.",
    "[-1.7, 1.7]",
    "[-1.  1.]"))
_fix = _unary(ops.trunc, "fix")


def fix(x):
    """fix(x): ``x`` rounded toward zero, element-wise (integers compute in Float32).

    Args:
        x (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the input.

    Returns:
        Tensor of the shape of ``x``: Float32 for integer or bool ``x``, else ``x``'s dtype.

    Raises:
        TypeError: ``x`` is not a Tensor, a number, a list/tuple or a numpy array of numbers.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.fix([-2.5, -0.5, 2.9]))
        [-2. -0.  2.]
    """
    return _fix(x)


rint = _unary(ops.round, "rint", _D(
    "each element rounded to the nearest integer (halves to even).",
    "[-1.5, 0.5, 1.5, 2.4]",
    "[-2.  0.  2.  2.]"))


arcsin = _unary(ops.asin, "arcsin", _D(
    "the inverse sine in radians, element-wise (NaN outside [-1, 1]).",
    "[0.0, 1.0]",
    "[0.        1.5707964]"), to_float="trig")
_arccos = _unary(ops.acos, "arccos", to_float="trig")


def arccos(input, dtype=None):
    """arccos(input, dtype=None): the inverse cosine in radians, element-wise (NaN outside
    [-1, 1]).

    Args:
        input (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the cosines.
        dtype (mindcell.dtype, optional): the dtype the result is cast to. Default: ``None``
            (the dtype computed).

    Returns:
        Tensor of the shape of ``input``: Float16 for bool, int8 or uint8 input, Float32 for
        other integers, else its dtype, as mindspore.numpy (``dtype`` when given).

    Raises:
        TypeError: ``input`` is not a Tensor, a number, a list/tuple or a numpy array of
            numbers, or ``dtype`` is not a dtype.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.arccos([1.0, 0.0, -1.0]))
        [0.        1.5707964 3.1415927]
    """
    return _arccos(input, dtype)


arctan = _unary(ops.atan, "arctan", _D(
    "the inverse tangent in radians, element-wise.",
    "[0.0, 1.0]",
    "[0.        0.7853982]"), to_float="trig")
arctan2 = _binary(ops.atan2, "arctan2", _D(
    "the angle in radians of the point ``(x2, x1)``: ``arctan(x1 / x2)`` in the right quadrant.",
    "[1.0, -1.0], [-1.0, 1.0]",
    "[ 2.3561945 -0.7853981]",
    x="the y-coordinates.",
    x2="the x-coordinates."), "trig")
arcsinh = _unary(ops.asinh, "arcsinh", _D(
    "the inverse hyperbolic sine, element-wise.",
    "[0.0, 1.0]",
    "[0.        0.8813736]"), to_float="trig")
arccosh = _unary(ops.acosh, "arccosh", _D(
    "the inverse hyperbolic cosine, element-wise (NaN below 1).",
    "[1.0, 2.0]",
    "[0.       1.316958]"), to_float="trig")
arctanh = _unary(ops.atanh, "arctanh", _D(
    "the inverse hyperbolic tangent, element-wise (NaN outside [-1, 1]).",
    "[0.0, 0.5]",
    "[0.         0.54930615]"), to_float="trig")


def around(a, decimals=0):
    """around(a, decimals=0): ``a`` rounded to ``decimals`` decimal places, halves to even.

    Computed as ``round(a * 10**decimals) / 10**decimals`` in ``a``'s float dtype; integers
    are already whole and keep their dtype (as mindspore.numpy).

    Args:
        a (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the input.
        decimals (int): the number of decimal places, at least 0. Default: ``0``.

    Returns:
        Tensor of the shape of ``a``: integer ``a`` keeps its dtype (Python ints are Int64
        here, as in mindspore.numpy), bool ``a`` is Float32, a float ``a`` keeps its dtype.

    Raises:
        TypeError: ``decimals`` is not an int, or ``a`` is not a Tensor, a number, a
            list/tuple or a numpy array of numbers.
        ValueError: ``decimals`` is negative (not supported, as in MindSpore 2.10).

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.around([0.5, 1.5, 2.25, -1.26], 1))
        [ 0.5  1.5  2.2 -1.3]
        >>> print(mnp.around([12, -7], 1))
        [12 -7]
    """
    decimals = U.check_int(decimals, "around", "decimals")
    if decimals < 0:
        raise U.fail("around", "'decimals' must be >= 0 (rounding to tens, hundreds ... is "
                     "not supported, as in MindSpore 2.10), but got %d" % decimals, ValueError)
    t = U.asarray_int64(a, "around")
    if t._np_dtype.kind in "iu":
        return t
    t = U.as_float(t)
    if decimals == 0:
        return ops.round(t)
    scale = 10.0 ** decimals
    return ops.div(ops.round(ops.mul(t, scale)), scale)


round = around  # noqa: A001  (numpy's name)


def clip(x, xmin, xmax, dtype=None):
    """clip(x, xmin, xmax, dtype=None): the values of ``x`` limited to [xmin, xmax].

    Args:
        x (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the input.
        xmin (Union[Tensor, int, float, list, tuple, numpy.ndarray, None]): the lower bound,
            broadcast against ``x``; None for no lower bound.
        xmax (Union[Tensor, int, float, list, tuple, numpy.ndarray, None]): the upper bound,
            broadcast against ``x``; None for no upper bound.
        dtype (mindcell.dtype, optional): the dtype the result is cast to. Default: ``None``
            (the dtype computed).

    Returns:
        Tensor of the broadcast shape of ``x`` and the bounds (``dtype`` when given). With
        number bounds it keeps ``x``'s dtype, as mindspore.numpy: ``clip(int_x, 0.5, 2.5)``
        is integer (values truncated) and a bool ``x`` stays bool.

    Raises:
        ValueError: ``xmin`` and ``xmax`` are both None, or the shapes do not broadcast.
        TypeError: an input is not a Tensor, a number, a list/tuple or a numpy array of
            numbers, or ``dtype`` is not a dtype.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.clip([-3, 0, 5, 9], 0, 6))
        [0 0 5 6]
        >>> print(mnp.clip([[1.0, 8.0], [4.0, -2.0]], None, [3.0, 5.0]))
        [[ 1.  5.]
         [ 3. -2.]]
    """
    t = U.asarray(x, "clip")
    x_dtype = t.dtype
    bounds_are_numbers = all(b is None or U.is_number(b) for b in (xmin, xmax))
    if xmin is None and xmax is None:
        raise U.fail("clip", "'xmin' and 'xmax' cannot both be None", ValueError)
    if xmin is not None:
        t = ops.maximum(t, U.operand(xmin, "clip"))
    if xmax is not None:
        t = ops.minimum(t, U.operand(xmax, "clip"))
    if dtype is None and t.dtype != x_dtype and bounds_are_numbers:
        t = ops.cast(t, x_dtype)  # number bounds keep x's dtype, as mindspore.numpy
    return U.apply_dtype(t, dtype, "clip")


__all__ = ["add", "subtract", "multiply", "divide", "true_divide", "floor_divide", "power",
           "remainder", "mod", "fmod", "maximum", "minimum", "hypot",
           "heaviside", "logaddexp", "negative", "positive", "absolute", "abs", "square",
           "sign", "sqrt", "cbrt", "reciprocal", "exp", "exp2", "expm1", "log", "log2",
           "log10", "log1p", "sin", "cos", "tan", "tanh", "sinh", "cosh", "arcsin",
           "arccos", "arctan", "arctan2", "arcsinh",
           "arccosh", "arctanh", "deg2rad", "radians", "rad2deg", "degrees", "floor", "ceil",
           "trunc", "fix", "rint", "around", "round", "clip"]
