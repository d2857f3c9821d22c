"""Comparisons, logical functions, truth tests and closeness: equal ... greater_equal,
logical_and/or/xor/not, isnan/isinf/isfinite, isclose, allclose, array_equal, array_equiv,
all, any. Results are Bool tensors unless ``dtype`` says otherwise."""
import numpy as np

from mindcell import dtype as mstype
from mindcell import ops
from mindcell.numpy import _utils as U


def _compare(fn, name, doc):
    return U.binary(fn, name, doc.defaults(returns=(
        "Bool Tensor of the broadcast shape of ``x1`` and ``x2`` (``dtype`` when given).")))


def _as_bool(t):
    return t if t._np_dtype.kind == "b" else ops.ne(t, 0)


def _bool_operands(x1, x2, name):
    return tuple(_as_bool(U.asarray(v, name)) for v in (x1, x2))


def _logical(fn, name, doc):
    return U.binary(fn, name, doc.defaults(
        x="the first input (a non-zero number counts as True).",
        x2="the second input (a non-zero number counts as True).",
        returns="Bool Tensor of the broadcast shape of ``x1`` and ``x2`` (``dtype`` when given)."),
        _bool_operands)


def _test(fn, name, doc=None, floats_only=True):
    """``doc``: the :class:`~mindcell.numpy._utils.Doc` record (None for a private function
    that a documented wrapper calls)."""
    def test(t):
        if floats_only and not mstype.is_float_np(t._np_dtype):
            r = ops.zeros_like(t, dtype=mstype.bool_)  # integers are never nan/inf
            return ops.logical_not(r) if name == "isfinite" else r
        return fn(t)
    doc = "%s(x, dtype=None): element-wise test (Bool)." if doc is None else doc.defaults(
        returns="Bool Tensor of the shape of ``x`` (``dtype`` when given); integer and bool "
                "elements are never NaN or infinite.")
    return U.unary(test, name, doc)


_D = U.Doc
equal = _compare(ops.equal, "equal", _D(
    "whether ``x1 == x2``, element-wise, with broadcasting.",
    "[1, 2, 3], [1, 0, 3]",
    "[ True False  True]"))
not_equal = _compare(ops.not_equal, "not_equal", _D(
    "whether ``x1 != x2``, element-wise, with broadcasting.",
    "[1, 2, 3], 2",
    "[ True False  True]"))
less = _compare(ops.less, "less", _D(
    "whether ``x1 < x2``, element-wise, with broadcasting.",
    "[1.0, 2.5, 4.0], 2.5",
    "[ True False False]"))
less_equal = _compare(ops.less_equal, "less_equal", _D(
    "whether ``x1 <= x2``, element-wise, with broadcasting.",
    "[1.0, 2.5, 4.0], 2.5",
    "[ True  True False]"))
greater = _compare(ops.greater, "greater", _D(
    "whether ``x1 > x2``, element-wise, with broadcasting.",
    "[[1, 5], [3, 2]], [2, 2]",
    "[[False  True]\n [ True False]]"))
greater_equal = _compare(ops.greater_equal, "greater_equal", _D(
    "whether ``x1 >= x2``, element-wise, with broadcasting.",
    "[1, 2, 3], [3, 2, 1]",
    "[False  True  True]"))
logical_and = _logical(ops.logical_and, "logical_and", _D(
    "the truth of ``x1 AND x2``, element-wise, with broadcasting.",
    "[True, True, False], [True, False, False]",
    "[ True False False]"))
logical_or = _logical(ops.logical_or, "logical_or", _D(
    "the truth of ``x1 OR x2``, element-wise, with broadcasting.",
    "[0, 1, 2], [0, 0, 1]",
    "[False  True  True]"))
logical_xor = _logical(ops.logical_xor, "logical_xor", _D(
    "the truth of ``x1 XOR x2`` (exactly one is true), element-wise, with broadcasting.",
    "[True, True, False], [True, False, False]",
    "[False  True False]"))
isnan = _test(ops.isnan, "isnan", _D(
    "whether each element is NaN.",
    "[1.0, mnp.nan, mnp.inf]",
    "[False  True False]"))
isinf = _test(ops.isinf, "isinf", _D(
    "whether each element is +inf or -inf.",
    "[1.0, mnp.nan, -mnp.inf]",
    "[False False  True]"))
isfinite = _test(ops.isfinite, "isfinite", _D(
    "whether each element is finite (not NaN or infinite).",
    "[1.0, mnp.nan, mnp.inf]",
    "[ True False False]"))
_isposinf = _test(lambda t: ops.logical_and(ops.isinf(t), ops.gt(t, 0)), "isposinf")
_isneginf = _test(lambda t: ops.logical_and(ops.isinf(t), ops.lt(t, 0)), "isneginf")


def isposinf(x):
    """isposinf(x): whether each element is +inf.

    Args:
        x (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the input.

    Returns:
        Bool Tensor of the shape of ``x`` (False everywhere for integer and bool ``x``).

    Raises:
        TypeError: ``x`` is not a Tensor, a number, a list/tuple or a numpy array of numbers.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.isposinf([mnp.inf, -mnp.inf, 1.0, mnp.nan]))
        [ True False False False]
    """
    return _isposinf(x)


def isneginf(x):
    """isneginf(x): whether each element is -inf.

    Args:
        x (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the input.

    Returns:
        Bool Tensor of the shape of ``x`` (False everywhere for integer and bool ``x``).

    Raises:
        TypeError: ``x`` is not a Tensor, a number, a list/tuple or a numpy array of numbers.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.isneginf([[mnp.inf, -mnp.inf], [0.0, -1.0]]))
        [[False  True]
         [False False]]
    """
    return _isneginf(x)


signbit = _test(ops.signbit, "signbit", _D(
    "whether each element is negative, ``x < 0``, as MindSpore's signbit (False at -0.0 "
    "and at NaN of either sign).",
    "[-2.0, -0.0, 0.0, 3.0]",
    "[ True False False False]",
    returns="Bool Tensor of the shape of ``x`` (``dtype`` when given)."), floats_only=False)


def logical_not(a, dtype=None):
    """logical_not(a, dtype=None): the truth of NOT ``a``, element-wise.

    Args:
        a (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the input (a non-zero
            number counts as True).
        dtype (mindcell.dtype, optional): the dtype the result is cast to. Default: ``None``
            (Bool).

    Returns:
        Bool Tensor of the shape of ``a`` (``dtype`` when given).

    Raises:
        TypeError: ``a`` is not a Tensor, a number, a list/tuple or a numpy array of numbers,
            or ``dtype`` is not a dtype.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.logical_not([True, False]))
        [False  True]
        >>> print(mnp.logical_not([0, 2, -1.5]))
        [ True False False]
    """
    return U.apply_dtype(ops.logical_not(_as_bool(U.asarray(a, "logical_not"))), dtype,
                         "logical_not")


def _tolerances(rtol, atol, equal_nan, name):
    for v, arg in ((rtol, "rtol"), (atol, "atol")):
        if not U.is_number(v) or isinstance(v, bool):
            raise U.fail(name, "'%s' must be a number, but got %s" % (arg, U.describe(v)))
        if not v >= 0:
            raise U.fail(name, "'%s' must be >= 0, but got %r" % (arg, v), ValueError)
    U.check_bool(equal_nan, name, "equal_nan")


def isclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    """isclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False): whether ``|a - b| <= atol +
    rtol * |b|``, element-wise, with broadcasting.

    The test is not symmetric in ``a`` and ``b`` (the tolerance scales with ``|b|``).
    Infinities are close only to the same infinity; integer inputs compare in Float32.

    Args:
        a (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the first input.
        b (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the second input (the
            reference).
        rtol (float): the relative tolerance, >= 0. Default: ``1e-05``.
        atol (float): the absolute tolerance, >= 0. Default: ``1e-08``.
        equal_nan (bool): whether NaN is close to NaN. Default: ``False``.

    Returns:
        Bool Tensor of the broadcast shape of ``a`` and ``b``.

    Raises:
        TypeError: ``rtol`` or ``atol`` is not a number, ``equal_nan`` is not a bool, or an
            input is not a Tensor, a number, a list/tuple or a numpy array of numbers.
        ValueError: ``rtol`` or ``atol`` is negative, or the shapes do not broadcast.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.isclose([1.0, 1.0, mnp.nan], [1.000001, 1.1, mnp.nan]))
        [ True False False]
        >>> print(mnp.isclose([1.0, mnp.nan], [1.05, mnp.nan], atol=0.1, equal_nan=True))
        [ True  True]
    """
    _tolerances(rtol, atol, equal_nan, "isclose")
    x, y = U.tensor_seq([a, b], "isclose", "a and b")
    x, y = U.as_float(x), U.as_float(y)
    finite = ops.logical_and(ops.isfinite(x), ops.isfinite(y))
    diff = ops.abs(ops.sub(x, y))
    close = ops.le(diff, ops.add(float(atol), ops.mul(float(rtol), ops.abs(y))))
    r = ops.logical_or(ops.logical_and(finite, close), ops.eq(x, y))  # inf == inf
    if equal_nan:
        r = ops.logical_or(r, ops.logical_and(ops.isnan(x), ops.isnan(y)))
    return r


def allclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    """allclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False): whether :func:`isclose`
    holds for every element.

    Args:
        a (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the first input.
        b (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the second input (the
            reference).
        rtol (float): the relative tolerance, >= 0. Default: ``1e-05``.
        atol (float): the absolute tolerance, >= 0. Default: ``1e-08``.
        equal_nan (bool): whether NaN is close to NaN. Default: ``False``.

    Returns:
        0-D Bool Tensor.

    Raises:
        TypeError: ``rtol`` or ``atol`` is not a number, ``equal_nan`` is not a bool, or an
            input is not a Tensor, a number, a list/tuple or a numpy array of numbers.
        ValueError: ``rtol`` or ``atol`` is negative, or the shapes do not broadcast.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.allclose([1.0, 2.0], [1.0, 2.000001]))
        True
        >>> print(mnp.allclose([1.0, 2.0], [1.0, 2.1]))
        False
    """
    return ops.all(isclose(a, b, rtol, atol, equal_nan))


def array_equal(a1, a2, equal_nan=False):
    """array_equal(a1, a2, equal_nan=False): whether the inputs have the same shape and the
    same elements.

    Args:
        a1 (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the first input.
        a2 (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the second input.
        equal_nan (bool): whether NaN equals NaN (for float inputs). Default: ``False``.

    Returns:
        0-D Bool Tensor (False for different shapes).

    Raises:
        TypeError: ``equal_nan`` is not a bool, or an input is not a Tensor, a number, a
            list/tuple or a numpy array of numbers.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.array_equal([1, 2], [1, 2]))
        True
        >>> print(mnp.array_equal([1, 2], [1, 2, 3]))
        False
        >>> print(mnp.array_equal([1.0, mnp.nan], [1.0, mnp.nan], equal_nan=True))
        True
    """
    U.check_bool(equal_nan, "array_equal", "equal_nan")
    x, y = U.asarray(a1, "array_equal"), U.asarray(a2, "array_equal")
    if x.shape != y.shape:
        return U.asarray(False, "array_equal")
    eq = ops.equal(x, y)
    if equal_nan and mstype.is_float_np(x._np_dtype) and mstype.is_float_np(y._np_dtype):
        eq = ops.logical_or(eq, ops.logical_and(ops.isnan(x), ops.isnan(y)))
    return ops.all(eq)


def array_equiv(a1, a2):
    """array_equiv(a1, a2): whether the inputs broadcast to one shape and are equal there.

    Args:
        a1 (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the first input.
        a2 (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the second input.

    Returns:
        0-D Bool Tensor (False when the shapes do not broadcast).

    Raises:
        TypeError: an input is not a Tensor, a number, a list/tuple or a numpy array of
            numbers.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.array_equiv([1, 2], [[1, 2], [1, 2]]))
        True
        >>> print(mnp.array_equiv([1, 2], [[1, 2], [1, 3]]))
        False
    """
    x, y = U.asarray(a1, "array_equiv"), U.asarray(a2, "array_equiv")
    try:
        np.broadcast_shapes(x.shape, y.shape)
    except ValueError:
        return U.asarray(False, "array_equiv")
    return ops.all(ops.equal(x, y))


_ARRAY_LIKE = "Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]"
_TRUTH_DOCS = {
    "all": ("whether every element is true",
            "print(mnp.all([[True, False], [True, True]], axis=1))", "[False  True]"),
    "any": ("whether any element is true",
            "print(mnp.any([[0, 0], [0, 3]], axis=0))", "[False  True]")}


def _truth(fn, name):
    def op(a, axis=None, keepdims=False):
        t = U.asarray(a, name)
        U.check_bool(keepdims, name, "keepdims")
        axes = U.axes_arg(axis, t.ndim, name)
        t = _as_bool(t)
        return fn(t, axes, keepdims) if axes else t
    op.__name__ = op.__qualname__ = name
    summary, example, out = _TRUTH_DOCS[name]
    op.__doc__ = """%s(a, axis=None, keepdims=False): %s (a non-zero number counts as
    True), over ``axis``.

    Args:
        a (%s): the input.
        axis (Union[int, tuple[int], list[int], None]): the axes reduced. Default: ``None``
            (all axes).
        keepdims (bool): whether the reduced axes stay, with length 1. Default: ``False``.

    Returns:
        Bool Tensor: ``a``'s shape without the reduced axes (or with them of length 1).

    Raises:
        TypeError: ``keepdims`` is not a bool, ``axis`` holds a non-int, or ``a`` is not a
            Tensor, a number, a list/tuple or a numpy array of numbers.
        ValueError: an axis is out of range or repeated.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> %s
        %s
    """ % (name, summary, _ARRAY_LIKE, example, out)
    return op


all = _truth(ops.all, "all")  # noqa: A001  (numpy's names)
any = _truth(ops.any, "any")  # noqa: A001

__all__ = ["equal", "not_equal", "less", "less_equal", "greater", "greater_equal",
           "logical_and", "logical_or", "logical_xor", "logical_not", "isnan", "isinf",
           "isfinite", "isposinf", "isneginf", "signbit", "isclose", "allclose",
           "array_equal", "array_equiv", "all", "any"]
