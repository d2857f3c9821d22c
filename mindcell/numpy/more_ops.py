"""More of mindspore.numpy: bitwise functions (bitwise_and/or/xor/not, invert), gcd, lcm,
copysign, float_power, divmod and the window functions (bartlett, blackman, hamming, hanning).
Composites of mindcell ops, so they run in both modes; the dtype rules and argument checks are
MindSpore 2.10's (tests/goldens/numpy_more records them)."""
import math
import numbers

import numpy as np

from mindcell import dtype as mstype
from mindcell import ops
from mindcell.numpy import _utils as U

__all__ = ["bitwise_and", "bitwise_or", "bitwise_xor", "bitwise_not", "invert", "gcd", "lcm",
           "copysign", "float_power", "divmod", "bartlett", "blackman", "hamming", "hanning"]


def _promoted(x1, x2, name):
    """Both operands in their promoted dtype (Python numbers are 0-D Int32/Float32/Bool)."""
    a, b = U.operands(x1, x2, name)
    if a._np_dtype != b._np_dtype:
        dt = mstype.promote_types(mstype.from_numpy_dtype(a._np_dtype),
                                  mstype.from_numpy_dtype(b._np_dtype))
        a, b = ops.cast(a, dt), ops.cast(b, dt)
    return a, b


def _integer_operands(x1, x2, name):
    """Promoted operands that must be integer or bool (MindSpore's bitwise kernels)."""
    a, b = _promoted(x1, x2, name)
    if a._np_dtype.kind not in "biu":
        raise U.fail(name, "the inputs must be bool or integer tensors, but got %s"
                     % mstype.from_numpy_dtype(a._np_dtype))
    return a, b


def _gcd_operands(x1, x2, name):
    a, b = _promoted(x1, x2, name)
    if a._np_dtype.kind not in "biu":
        raise U.fail(name, "float inputs are not implemented (MindSpore 2.10 runs a float "
                     "Euclid on them); got %s" % mstype.from_numpy_dtype(a._np_dtype),
                     NotImplementedError)
    return a, b


def _bitwise(fn):
    def op(a, b):
        if a._np_dtype.kind == "b":  # bool: the logical functions
            return {ops.bitwise_and: ops.logical_and, ops.bitwise_or: ops.logical_or,
                    ops.bitwise_xor: ops.logical_xor}[fn](a, b)
        return fn(a, b)
    return op


_INT_RAISES = ("TypeError: ``x1`` or ``x2`` is a float tensor (as MindSpore 2.10).",)
_INT_RETURNS = ("Tensor of the broadcast shape of ``x1`` and ``x2``, in the dtype they promote "
                "to (``dtype`` when given).")
_D = U.Doc
bitwise_and = U.binary(_bitwise(ops.bitwise_and), "bitwise_and", _D(
    "the bit-wise AND of integer or bool inputs, element-wise.", "[12, 10], 6", "[4 2]",
    returns=_INT_RETURNS, raises=_INT_RAISES), _integer_operands)
bitwise_or = U.binary(_bitwise(ops.bitwise_or), "bitwise_or", _D(
    "the bit-wise OR of integer or bool inputs, element-wise.", "[12, 10], 6", "[14 14]",
    returns=_INT_RETURNS, raises=_INT_RAISES), _integer_operands)
bitwise_xor = U.binary(_bitwise(ops.bitwise_xor), "bitwise_xor", _D(
    "the bit-wise XOR of integer or bool inputs, element-wise.", "[12, 10], 6", "[10 12]",
    returns=_INT_RETURNS, raises=_INT_RAISES), _integer_operands)


def _invert_arg(x, name):
    t = U.asarray(x, name)
    if t._np_dtype.kind not in "iu":
        raise U.fail(name, "the input must be an integer tensor, but got %s (as MindSpore 2.10, "
                     "bool and float are refused)" % mstype.from_numpy_dtype(t._np_dtype))
    return t


_NOT_DOC = dict(returns="Tensor of the shape and dtype of ``x`` (``dtype`` when given).",
                raises=("TypeError: ``x`` is a bool or float tensor (as MindSpore 2.10).",))
bitwise_not = U.unary(ops.invert, "bitwise_not", _D(
    "the bit-wise NOT (two's complement) of an integer input, element-wise.", "[0, 5, -3]",
    "[-1 -6  2]", **_NOT_DOC), _invert_arg)
invert = U.unary(ops.invert, "invert", _D(
    "the bit-wise NOT (two's complement) of an integer input, element-wise "
    "(as bitwise_not).", "[0, 5, -3]", "[-1 -6  2]", **_NOT_DOC), _invert_arg)


def _gcd(a, b):
    if a._np_dtype.kind == "b":
        return ops.logical_or(a, b)
    return ops.gcd(a, b)


def _lcm(a, b):
    if a._np_dtype.kind == "b":
        return ops.logical_and(a, b)
    return ops.lcm(a, b)


_GCD_NOTE = ("Every element is the mathematical value; MindSpore 2.10's mindspore.numpy gives "
             "wrong values after a (0, 0) pair in the same input (gcd([0, 6], [0, 4]) is "
             "[0 4] there, [0 2] here and in numpy).")
_GCD_RAISES = ("NotImplementedError: float inputs (MindSpore 2.10 runs a float Euclid on "
               "them; mindcell computes integer and bool inputs only).",)
gcd = U.binary(_gcd, "gcd", _D(
    "the greatest common divisor of ``|x1|`` and ``|x2|``, element-wise.", "[12, 20, 0], 8",
    "[4 4 8]", note=_GCD_NOTE, returns=_INT_RETURNS, raises=_GCD_RAISES), _gcd_operands)
lcm = U.binary(_lcm, "lcm", _D(
    "the lowest common multiple of ``|x1|`` and ``|x2|``, element-wise (0 when either is 0).",
    "[12, 20, 0], 8", "[24 40  0]", note=_GCD_NOTE, returns=_INT_RETURNS,
    raises=_GCD_RAISES), _gcd_operands)


def _copysign_operands(x1, x2, name):
    a, b = U.operands(x1, x2, name)
    for t in (a, b):
        if t._np_dtype.kind == "b":
            raise U.fail(name, "bool input is not supported (as in MindSpore 2.10), but got %s"
                         % U.describe(t))
    return a, b


def _copysign(a, b):
    # the result keeps x1's dtype (MindSpore 2.10); a zero x2 counts as positive, -0.0 too
    mag = ops.abs(a)
    neg = ops.lt(b, 0)
    out = ops.select(neg, ops.neg(mag), mag)
    shape = tuple(np.broadcast_shapes(tuple(a.shape), tuple(b.shape)))
    return out if tuple(out.shape) == shape else ops.broadcast_to(out, shape)


copysign = U.binary(_copysign, "copysign", _D(
    "``x1`` with the sign of ``x2``, element-wise.", "[1.5, -2.0, 3.0], [-1.0, 1.0, 0.0]",
    "[-1.5  2.   3. ]",
    note="The result has ``x1``'s dtype (as MindSpore 2.10); a zero ``x2`` (also -0.0) counts "
         "as positive.",
    returns="Tensor of the broadcast shape, in ``x1``'s dtype (``dtype`` when given).",
    raises=("TypeError: ``x1`` or ``x2`` is bool (as MindSpore 2.10).",)), _copysign_operands)


def _tensor_operands(x1, x2, name):
    for v, arg in ((x1, "x1"), (x2, "x2")):
        if not isinstance(v, U.Tensor):
            raise U.fail(name, "'%s' must be a Tensor (as MindSpore 2.10), but got %s"
                         % (arg, U.describe(v)))
    return ops.cast(x1, mstype.float32), ops.cast(x2, mstype.float32)


float_power = U.binary(ops.pow, "float_power", _D(
    "``x1`` to the power ``x2``, element-wise, computed in Float32.",
    "x, x", "[  1.   4. 27.]", setup="x = mnp.array([1.0, 2.0, 3.0])",
    x="the bases (a Tensor).", x2="the exponents (a Tensor).",
    note="Both inputs must be Tensors, and every dtype (float64 too) computes in Float32, as "
         "MindSpore 2.10.",
    returns="Tensor of the broadcast shape, Float32 (``dtype`` when given).",
    raises=("TypeError: ``x1`` or ``x2`` is not a Tensor (as MindSpore 2.10).",)),
    _tensor_operands)
float_power.__doc__ = float_power.__doc__.replace("[  1.   4. 27.]", "[ 1.  4. 27.]")


def divmod(x1, x2, dtype=None):  # pylint: disable=redefined-builtin
    """divmod(x1, x2, dtype=None): ``(floor_divide(x1, x2), remainder(x1, x2))``, element-wise.

    Args:
        x1 (Union[Tensor, int, float, bool]): the dividend (a Tensor or a number).
        x2 (Union[Tensor, int, float, bool]): the divisor (a Tensor or a number; at least one
            of the two is a Tensor).
        dtype (mindcell.dtype, optional): the dtype both results are cast to.
            Default: ``None`` (the promoted dtype).

    Returns:
        Tuple of two Tensors of the broadcast shape, in the promoted dtype (``dtype`` when
        given): the floor quotient and the remainder (with ``x2``'s sign).

    Raises:
        TypeError: an input is a list/tuple or another non-number (as MindSpore 2.10), or
            ``dtype`` is not a dtype.
        ValueError: the inputs do not broadcast.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> q, r = mnp.divmod(mnp.array([7, -7]), 2)
        >>> print(q, r)
        [ 3 -4] [1 1]
    """
    for v, arg in ((x1, "x1"), (x2, "x2")):
        if not (isinstance(v, U.Tensor) or U.is_number(v)):
            raise U.fail("divmod", "'%s' must be a Tensor or a number (as MindSpore 2.10), but "
                         "got %s" % (arg, U.describe(v)))
    a, b = U.operands(x1, x2, "divmod")
    q = ops.floor_divide(a, b)
    r = ops.remainder(a, b)
    return U.apply_dtype(q, dtype, "divmod"), U.apply_dtype(r, dtype, "divmod")


# ----- windows ---------------------------------------------------------------------------------
def _window_points(M, name):
    if not isinstance(M, (int, np.integer)) or isinstance(M, (bool, np.bool_)):
        raise U.fail(name, "the number of points 'M' must be an int, but got %s"
                     % U.describe(M))
    if isinstance(M, np.integer) or not isinstance(M, numbers.Integral):
        raise U.fail(name, "the number of points 'M' must be a Python int, but got %s"
                     % U.describe(M))
    return int(M)


def _window(name, body):
    def fn(M):
        m = _window_points(M, name)
        if m <= 0:
            return ops.zeros((0,), mstype.float32)
        if m == 1:
            return ops.ones((1,), mstype.float32)
        n = ops.arange(0, m, 1, dtype=mstype.float32)
        return body(n, m)
    return fn


def _cos_term(n, m, k):
    return ops.cos(ops.mul(n, float(k * 2.0 * math.pi / (m - 1))))


def _bartlett(n, m):
    half = (m - 1) / 2.0
    up = ops.div(ops.mul(n, 2.0), float(m - 1))
    return ops.select(ops.le(n, half), up, ops.sub(2.0, up))


def _blackman(n, m):
    return ops.add(ops.sub(0.42, ops.mul(_cos_term(n, m, 1), 0.5)),
                   ops.mul(_cos_term(n, m, 2), 0.08))


def _hamming(n, m):
    return ops.sub(0.54, ops.mul(_cos_term(n, m, 1), 0.46))


def _hanning(n, m):
    return ops.sub(0.5, ops.mul(_cos_term(n, m, 1), 0.5))


_WINDOW_DOC = """%(name)s(M): the %(title)s window of ``M`` points (``%(formula)s``, n = 0 .. M-1).

    Args:
        M (int): the number of points; 0 or less gives an empty array, 1 gives ``[1.]``.

    Returns:
        Tensor of shape (M,), Float32.

    Raises:
        TypeError: ``M`` is not a Python int (a bool, float, numpy integer or Tensor, as
            MindSpore 2.10).

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.%(name)s(%(m)d))
        %(out)s
    """


def _make_window(name, body, title, formula, m, out):
    fn = _window(name, body)
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = _WINDOW_DOC % dict(name=name, title=title, formula=formula, m=m, out=out)
    fn.__module__ = __name__
    return fn


bartlett = _make_window("bartlett", _bartlett, "Bartlett (triangular)",
                        "1 - |2n/(M-1) - 1|", 5, "[0.  0.5 1.  0.5 0. ]")
blackman = _make_window("blackman", _blackman, "Blackman",
                        "0.42 - 0.5 cos(2 pi n/(M-1)) + 0.08 cos(4 pi n/(M-1))", 3,
                        "[-1.4901161e-08  9.9999994e-01 -1.4901161e-08]")
hamming = _make_window("hamming", _hamming, "Hamming", "0.54 - 0.46 cos(2 pi n/(M-1))", 3,
                       "[0.08000001 1.         0.08000001]")
hanning = _make_window("hanning", _hanning, "Hann", "0.5 - 0.5 cos(2 pi n/(M-1))", 3,
                       "[0. 1. 0.]")
