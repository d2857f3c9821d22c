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


_BINARY_RETURNS = ("Tensor of the broadcast shape of ``x1`` and ``x2``, in the dtype they promote "
                   "to (``dtype`` when given).")
_FLOAT_BINARY_RETURNS = ("Tensor of the broadcast shape of ``x1`` and ``x2``; integer and bool "
                         "inputs compute in Float32 (``dtype`` when given).")


def _binary(fn, name, doc, float_result=False):
    """``float_result``: bool/integer operands become Float32 first (ops that keep integers,
    such as heaviside; ops.div, ops.hypot ... already compute integers in Float32)."""
    doc = doc.defaults(returns=_FLOAT_BINARY_RETURNS if float_result else _BINARY_RETURNS)
    return U.binary(fn, name, doc, _float_operands if float_result else U.operands)


def _unary(fn, name, doc=None, to_float=True):
    """``doc``: the :class:`~mindcell.numpy._utils.Doc` record (None for a private function
    that a documented wrapper calls)."""
    doc = "%s(x, dtype=None): element-wise." if doc is None else doc.defaults(returns=(
        "Tensor of the shape of ``x``: Float32 for integer or bool ``x``, else ``x``'s dtype "
        "(``dtype`` when given)." if to_float else
        "Tensor of the shape and dtype of ``x`` (``dtype`` when given)."))
    return U.unary(fn, name, doc, _float_arg if to_float else U.asarray)


_D = U.Doc
add = _binary(ops.add, "add", _D(
    "the sum ``x1 + x2``, element-wise, with broadcasting.",
    "[1, 2, 3], 10",
    "[11 12 13]"))
subtract = _binary(ops.sub, "subtract", _D(
    "the difference ``x1 - x2``, element-wise, with broadcasting.",
    "[5.0, 7.0], [1.5, 2.0]",
    "[3.5 5. ]",
    x2="the input subtracted."))
multiply = _binary(ops.mul, "multiply", _D(
    "the product ``x1 * x2``, element-wise, with broadcasting.",
    "[[1, 2], [3, 4]], [10, 100]",
    "[[ 10 200]\n [ 30 400]]"))
true_divide = _binary(ops.div, "true_divide", _D(
    "the true quotient ``x1 / x2``, element-wise, with broadcasting.",
    "[1, 2, 3], 2",
    "[0.5 1.  1.5]",
    x="the dividend.",
    x2="the divisor.",
    returns=_FLOAT_BINARY_RETURNS))
divide = _binary(ops.div, "divide", _D(
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
    x2="the exponents."))
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
maximum = _binary(ops.maximum, "maximum", _D(
    "the larger of ``x1`` and ``x2``, element-wise, with broadcasting.",
    "[1, 5, 3], [4, 2, 3]",
    "[4 5 3]"))
minimum = _binary(ops.minimum, "minimum", _D(
    "the smaller of ``x1`` and ``x2``, element-wise, with broadcasting.",
    "[1, 5, 3], [4, 2, 3]",
    "[1 2 3]"))


fmod = _binary(ops.fmod, "fmod", _D(
    "the remainder of truncated division, element-wise (it has the sign of ``x1``).",
    "[5, -5], 3",
    "[ 2 -2]",
    x="the dividend.",
    x2="the divisor."))
hypot = _binary(ops.hypot, "hypot", _D(
    "the hypotenuse ``sqrt(x1**2 + x2**2)``, element-wise, with broadcasting.",
    "[3.0, 5.0], [4.0, 12.0]",
    "[ 5. 13.]",
    x="one leg.",
    x2="the other leg.",
    returns=_FLOAT_BINARY_RETURNS))
heaviside = _binary(ops.heaviside, "heaviside", _D(
    "the Heaviside step function: 0 where ``x1 < 0``, ``x2`` where ``x1 == 0``, 1 where ``x1 > "
    "0``.",
    "[-1.5, 0.0, 2.0], 0.5",
    "[0.  0.5 1. ]",
    x="the input.",
    x2="the value where ``x1`` is 0."), float_result=True)
logaddexp = _binary(ops.logaddexp, "logaddexp", _D(
    "``log(exp(x1) + exp(x2))``, element-wise, with broadcasting.",
    "[0.0, 1.0], [0.0, 1.0]",
    "[0.6931472 1.6931472]",
    returns=_FLOAT_BINARY_RETURNS))

_negative = _unary(ops.neg, "negative", to_float=False)
_positive = _unary(lambda t: ops.mul(t, 1) if t._np_dtype.kind != "b" else t, "positive",
                   to_float=False)


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
    "[4 9]"), to_float=False)
sign = _unary(ops.sign, "sign", _D(
    "-1, 0 or 1 by the sign of each element.",
    "[-4.5, 0.0, 2.0]",
    "[-1.  0.  1.]"), to_float=False)
sqrt = _unary(ops.sqrt, "sqrt", _D(
    "the non-negative square root, element-wise (NaN below 0).",
    "[1, 4, 9]",
    "[1. 2. 3.]"))
cbrt = _unary(lambda t: ops.mul(ops.sign(t), ops.pow(ops.abs(t), 1.0 / 3.0)), "cbrt", _D(
    "the cube root, element-wise (negative for negative ``x``).",
    "[-8.0, 27.0]",
    "[-2.  3.]"))
reciprocal = _unary(ops.reciprocal, "reciprocal", _D(
    "``1 / x``, element-wise.",
    "[1, 2, 4]",
    "[1.   0.5  0.25]"))
exp = _unary(ops.exp, "exp", _D(
    "``e ** x``, element-wise.",
    "[0.0, 1.0]",
    "[1.        2.7182817]"))
exp2 = _unary(ops.exp2, "exp2", _D(
    "``2 ** x``, element-wise.",
    "[0, 3, -1]",
    "[1.  8.  0.5]"))
expm1 = _unary(ops.expm1, "expm1", _D(
    "``exp(x) - 1``, element-wise (accurate for small ``x``).",
    "[0.0, 1e-5]",
    "[0.000000e+00 1.000005e-05]"))
log = _unary(ops.log, "log", _D(
    "the natural logarithm, element-wise (NaN below 0, -inf at 0).",
    "[1.0, mnp.e]",
    "[0. 1.]"))
log2 = _unary(ops.log2, "log2", _D(
    "the base-2 logarithm, element-wise.",
    "[1, 8, 0.5]",
    "[ 0.  3. -1.]"))
log10 = _unary(ops.log10, "log10", _D(
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
    x="angles in radians."))
cos = _unary(ops.cos, "cos", _D(
    "the cosine, element-wise.",
    "[0.0, mnp.pi]",
    "[ 1. -1.]",
    x="angles in radians."))
tan = _unary(ops.tan, "tan", _D(
    "the tangent, element-wise.",
    "[0.0, mnp.pi / 4]",
    "[0. 1.]",
    x="angles in radians."))
tanh = _unary(ops.tanh, "tanh", _D(
    "the hyperbolic tangent, element-wise.",
    "[-1.0, 0.0, 1.0]",
    "[-0.7615942  0.         0.7615942]"))
sinh = _unary(ops.sinh, "sinh", _D(
    "the hyperbolic sine, element-wise.",
    "[0.0, 1.0]",
    "[0.        1.1752012]"))
cosh = _unary(ops.cosh, "cosh", _D(
    "the hyperbolic cosine, element-wise.",
    "[0.0, 1.0]",
    "[1.        1.5430807]"))
deg2rad = _unary(ops.deg2rad, "deg2rad", _D(
    "degrees converted to radians, element-wise.",
    "[90, 180]",
    "[1.5707964 3.1415927]",
    x="angles in degrees."))
radians = _unary(ops.deg2rad, "radians", _D(
    "degrees converted to radians, element-wise.",
    "[45.0, 360.0]",
    "[0.7853982 6.2831855]",
    x="angles in degrees."))
rad2deg = _unary(ops.rad2deg, "rad2deg", _D(
    "radians converted to degrees, element-wise.",
    "[mnp.pi, 1.0]",
    "[180.       57.29578]",
    x="angles in radians."))
degrees = _unary(ops.rad2deg, "degrees", _D(
    "radians converted to degrees, element-wise.",
    "[mnp.pi / 2]",
    "[90.]",
    x="angles in radians."))
floor = _unary(ops.floor, "floor", _D(
    "the largest integer not above each element.",
    "[-1.5, 0.2, 2.0]",
    "[-2.  0.  2.]"))
ceil = _unary(ops.ceil, "ceil", _D(
    "the smallest integer not below each element.",
    "[-1.5, 0.2, 2.0]",
    "[-1.  1.  2.]"))
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
    "[0.        1.5707964]"))
_arccos = _unary(ops.acos, "arccos")


def arccos(input, dtype=None):
    """arccos(input, dtype=None): the inverse cosine in radians, element-wise (NaN outside
    [-1, 1]).

    Args:
        input (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the cosines.
        dtype (mindcell.dtype, optional): the dtype the result is cast to. Default: ``None``
            (the dtype computed).

    Returns:
        Tensor of the shape of ``input``: Float32 for integer or bool input, else its dtype
        (``dtype`` when given).

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
    "[0.        0.7853982]"))
arctan2 = _binary(ops.atan2, "arctan2", _D(
    "the angle in radians of the point ``(x2, x1)``: ``arctan(x1 / x2)`` in the right quadrant.",
    "[1.0, -1.0], [-1.0, 1.0]",
    "[ 2.3561945 -0.7853981]",
    x="the y-coordinates.",
    x2="the x-coordinates.",
    returns=_FLOAT_BINARY_RETURNS))
arcsinh = _unary(ops.asinh, "arcsinh", _D(
    "the inverse hyperbolic sine, element-wise.",
    "[0.0, 1.0]",
    "[0.        0.8813736]"))
arccosh = _unary(ops.acosh, "arccosh", _D(
    "the inverse hyperbolic cosine, element-wise (NaN below 1).",
    "[1.0, 2.0]",
    "[0.       1.316958]"))
arctanh = _unary(ops.atanh, "arctanh", _D(
    "the inverse hyperbolic tangent, element-wise (NaN outside [-1, 1]).",
    "[0.0, 0.5]",
    "[0.         0.54930615]"))


def around(a, decimals=0):
    """around(a, decimals=0): ``a`` rounded to ``decimals`` decimal places, halves to even.

    Computed as ``round(a * 10**decimals) / 10**decimals`` in ``a``'s float dtype.

    Args:
        a (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the input.
        decimals (int): the number of decimal places; negative rounds to tens, hundreds ...
            Default: ``0``.

    Returns:
        Tensor of the shape of ``a``: Float32 for integer or bool ``a``, else ``a``'s dtype.

    Raises:
        TypeError: ``decimals`` is not an int, or ``a`` is not a Tensor, a number, a
            list/tuple or a numpy array of numbers.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.around([0.5, 1.5, 2.25, -1.26], 1))
        [ 0.5  1.5  2.2 -1.3]
        >>> print(mnp.around([1234, 1250], -2))
        [1200. 1200.]
    """
    decimals = U.check_int(decimals, "around", "decimals")
    t = U.as_float(U.asarray(a, "around"))
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
        Tensor of the broadcast shape of ``x`` and the bounds (``dtype`` when given).

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
