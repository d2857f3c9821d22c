"""Elementwise and small tensor functions that model code reaches for (ops.fmod, ops.copysign,
ops.xdivy, ops.isclose, ops.nan_to_num, ops.heaviside, ops.float_power, ops.trace, ops.kron,
ops.diff), composed from primitives where the composition is exact."""
import numpy as np

from mindcell import dtype as mstype
from mindcell.common.tensor import Tensor
from mindcell.ops._errors import (check_bool, check_broadcast, check_int, check_number,
                                  public_name)
from mindcell.ops._helpers import (binary_operands, cast_to, check_tensor,
                                   float_math_operand, normalize_dim, scalar_tensor,
                                   to_tensor)
from mindcell.ops.defs import elementwise_math as E
from mindcell.ops.defs.shape import copy_p
from mindcell.ops.function.array_func import broadcast_to, concat, gather, narrow, reshape
from mindcell.ops.function.math_func import (_bool_remainder, _float_math_operands, _operands,
                                             _true_div_operands, abs, add, cast, div, equal, greater, isinf,
                                             isnan, less_equal, logical_and, logical_or, mul,
                                             pow, select, sub, zeros_like_f)
from mindcell.ops.function.reduce_func import reduce_sum


def fmod(input, other):
    """The remainder of ``input / other`` with the sign of ``input`` (C's ``fmod``: the quotient
    truncated toward zero), elementwise; see :func:`remainder` for the floored one.

    Integer operands stay integers. Two bool operands give Bool, as in MindSpore: ``input``
    where ``other`` is False, else False.

    Args:
        input (Union[Tensor, number]): the dividend.
        other (Union[Tensor, number]): the divisor, broadcast against ``input``.

    Returns:
        Tensor of the broadcast shape, of the promoted dtype.

    Raises:
        TypeError: an operand is not a Tensor or a number.
        ValueError: the shapes do not broadcast.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> print(ops.fmod(Tensor(np.array([-7.0, 7.0, 5.5], np.float32)), 3.0))
        [-1.   1.   2.5]
    """
    a, b = _operands(input, other, "fmod")
    if a._np_dtype == np.bool_:
        return _bool_remainder(a, b)
    return E.fmod_p.bind(a, b)


def copysign(x, other):
    """``|x|`` with the sign of ``other``, elementwise (the sign of -0.0 too).

    Args:
        x (Tensor): the magnitudes, a number tensor other than Bool.
        other (Union[Tensor, number]): the signs; broadcast against ``x``.

    Returns:
        Tensor: of the broadcast shape, in ``x``'s dtype when it is Float16, Float32 or
        Float64, else Float32 (integer and BFloat16 inputs), as MindSpore: ``other``'s dtype
        does not count.

    Raises:
        TypeError: ``input`` is not a Tensor or is a Bool one, or ``other`` is not a Tensor or
            a number, or is a BFloat16 tensor (as MindSpore 2.10).
        ValueError: the shapes do not broadcast.

    Examples:
        >>> import numpy as np
        >>> from mindcell import ops, Tensor
        >>> out = ops.copysign(Tensor(np.array([1.5, 2.0], np.float16)), -1.0)
        >>> print(out, out.dtype)
        [-1.5 -2. ] Float16
    """
    op = "copysign"
    check_tensor(x, op, "x")
    if x._np_dtype == np.bool_:  # MindSpore 2.10 refuses it (its magnitude is 0 or 1)
        raise TypeError("%s: 'x' of dtype Bool is not supported; cast it to a number dtype first"
                        % public_name(op))
    dt = x._np_dtype if x._np_dtype in _IEEE else np.dtype(np.float32)
    y = other if isinstance(other, Tensor) else to_tensor(other, op, "other")
    if y._np_dtype == mstype.BF16_NP:  # MindSpore's CPU kernel refuses it too
        raise TypeError("%s: 'other' of dtype BFloat16 is not supported" % public_name(op))
    x, y = cast_to(x, dt), cast_to(y, dt)
    if x.shape != y.shape:
        check_broadcast(op, x.shape, y.shape)
    return E.copysign_p.bind(x, y)


_IEEE = (np.dtype(np.float16), np.dtype(np.float32), np.dtype(np.float64))


def xdivy(x, y):
    """``x / y``, elementwise, 0 where ``x`` is 0 (also where ``y`` is 0).

    Args:
        x (Union[Tensor, number]): the dividend.
        y (Union[Tensor, number]): the divisor, broadcast against ``x``.

    Returns:
        Tensor of the broadcast shape, of the promoted dtype.

    Raises:
        TypeError: an operand is not a Tensor or a number, or the promoted dtype is not a float one
            (two integer or bool operands: MindSpore 2.10 refuses them).
        ValueError: the shapes do not broadcast.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([0.0, 3.0, 2.0], np.float32))
        >>> print(ops.xdivy(x, Tensor(np.array([0.0, 2.0, 0.0], np.float32))))
        [0.  1.5 inf]
    """
    a, b = _float_math_operands(x, y, "xdivy")
    shape = check_broadcast("xdivy", a.shape, b.shape)
    a, b = broadcast_to(a, shape), broadcast_to(b, shape)
    zero = equal(a, 0)
    safe = select(zero, add(zeros_like_f(b), 1.0), b)  # no 0/0 in the unused branch's gradient
    return select(zero, zeros_like_f(a), div(a, safe))


def isclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False):
    """Whether ``input`` and ``other`` are close, elementwise: ``|input - other| <= atol + rtol *
    |other|``.

    Equal infinities are close; NaNs are close to each other only with ``equal_nan``. Integer
    operands compare in Float64.

    Args:
        input (Tensor): the first operand.
        other (Tensor): the second operand, of ``input``'s dtype, broadcast against ``input``.
        rtol (float): the relative tolerance, finite and >= 0. Default: ``1e-05``.
        atol (float): the absolute tolerance, finite and >= 0. Default: ``1e-08``.
        equal_nan (bool): whether two NaNs are close. Default: ``False``.

    Returns:
        Tensor of Bool, of the broadcast shape.

    Raises:
        TypeError: ``rtol`` or ``atol`` is not a number, ``equal_nan`` not a bool, an operand
            not a Tensor (a Python number included), or the operands' dtypes differ (MindSpore
            2.10 does not promote them).
        ValueError: ``rtol`` or ``atol`` is negative or not finite, or the shapes do not
            broadcast.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([1.0, 2.0, np.nan, np.inf], np.float32))
        >>> y = Tensor(np.array([1.000001, 2.1, np.nan, np.inf], np.float32))
        >>> print(ops.isclose(x, y), ops.isclose(x, y, equal_nan=True))
        [ True False False  True] [ True False  True  True]
    """
    check_number(rtol, "isclose", "rtol", low=0, finite=True)
    check_number(atol, "isclose", "atol", low=0, finite=True)
    check_bool(equal_nan, "isclose", "equal_nan")
    check_tensor(input, "isclose", "input")
    check_tensor(other, "isclose", "other")
    if input._np_dtype != other._np_dtype:
        raise TypeError("%s: 'input' and 'other' must have the same dtype, but got %s and %s"
                        % (public_name("isclose"), input.dtype, other.dtype))
    a, b = _operands(input, other, "isclose")
    if not mstype.is_float_np(a._np_dtype):
        a, b = cast_to(a, np.dtype(np.float64)), cast_to(b, np.dtype(np.float64))
    finite = logical_and(logical_not_inf(a), logical_not_inf(b))
    near = less_equal(abs(sub(a, b)), add(mul(abs(b), float(rtol)), float(atol)))
    out = logical_or(equal(a, b), logical_and(finite, near))
    if equal_nan:
        out = logical_or(out, logical_and(isnan(a), isnan(b)))
    return out


def logical_not_inf(x):
    return equal(isinf(x), False)


def nan_to_num(input, nan=None, posinf=None, neginf=None):
    """Replaces the NaN, +inf and -inf elements of ``input`` by ``nan``, ``posinf`` and
    ``neginf``.

    Args:
        input (Tensor): a float tensor.
        nan (number, optional): the value for NaN; None: 0. Default: ``None``.
        posinf (number, optional): the value for +inf; None: the largest finite value of the
            dtype. Default: ``None``.
        neginf (number, optional): the value for -inf; None: the lowest finite value of the
            dtype. Default: ``None``.

    Returns:
        Tensor of the shape and dtype of ``input``.

    Raises:
        TypeError: ``input`` is not a Tensor, or is a bool or integer one (as MindSpore 2.10,
            whose CPU kernel also refuses Float64: mindcell computes it), or a replacement is
            not a number.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([np.nan, np.inf, -np.inf, 1.5], np.float32))
        >>> print(ops.nan_to_num(x, 0.0, 9.0, -9.0), ops.nan_to_num(x)[1])
        [ 0.   9.  -9.   1.5] 3.4028235e+38
    """
    check_tensor(input, "nan_to_num")
    for arg, v in (("nan", nan), ("posinf", posinf), ("neginf", neginf)):
        if v is not None:
            check_number(v, "nan_to_num", arg)
    float_math_operand(input, "nan_to_num")
    info = mstype.finfo(input._np_dtype)
    hi = float(info.max) if posinf is None else float(posinf)
    lo = float(info.min) if neginf is None else float(neginf)
    full = zeros_like_f(input)

    def filled(value, arg):  # the exact value (an operand would be a float32 scalar first)
        return add(full, scalar_tensor(value, input._np_dtype, "nan_to_num", arg))

    out = select(isnan(input), filled(0.0 if nan is None else float(nan), "nan"), input)
    out = select(logical_and(isinf(input), greater(input, 0)), filled(hi, "posinf"), out)
    return select(logical_and(isinf(input), less_equal(input, 0)), filled(lo, "neginf"), out)


def heaviside(input, values):
    """The Heaviside step function of ``input``, elementwise: 0 where ``input < 0``, ``values``
    where ``input == 0``, 1 where ``input > 0`` (NaN where ``input`` is NaN).

    Args:
        input (Union[Tensor, number]): the input.
        values (Union[Tensor, number]): the values at ``input == 0``, broadcast against
            ``input``.

    Returns:
        Tensor of the broadcast shape, of the promoted dtype.

    Raises:
        TypeError: an operand is not a Tensor or a number.
        ValueError: the shapes do not broadcast.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> print(ops.heaviside(Tensor(np.array([-1.5, 0.0, 2.0], np.float32)), 0.5))
        [0.  0.5 1. ]
    """
    a, b = _operands(input, values, "heaviside")
    shape = check_broadcast("heaviside", a.shape, b.shape)
    a = broadcast_to(a, shape)
    step = select(isnan(a), a, cast(greater(a, 0), a.dtype))
    return select(equal(a, 0), broadcast_to(b, shape), step)


def float_power(input, exponent):
    """``input ** exponent``, elementwise, computed and returned in Float64.

    Args:
        input (Union[Tensor, number]): the base.
        exponent (Union[Tensor, number]): the exponent, broadcast against ``input``; at least one
            of the two must be a Tensor (a Python bool counts as 0 or 1).

    Returns:
        Tensor of Float64, of the broadcast shape.

    Raises:
        TypeError: neither operand is a Tensor, or the other is not a number.
        ValueError: the shapes do not broadcast.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> y = ops.float_power(Tensor(np.array([2, 3], np.int32)), 0.5)
        >>> print(y, y.dtype)
        [1.41421356 1.73205081] Float64
    """
    if not isinstance(input, Tensor) and not isinstance(exponent, Tensor):
        raise TypeError("%s: 'input' or 'exponent' must be a Tensor, but got %s and %s"
                        % (public_name("float_power"), type(input).__name__,
                           type(exponent).__name__))
    return pow(_f64(input, "input"), _f64(exponent, "exponent"))


def _f64(v, arg):
    if isinstance(v, Tensor):
        return cast_to(v, np.dtype(np.float64))
    if isinstance(v, (bool, np.bool_)):  # a Python bool is the number it is, as in MindSpore
        v = int(v)
    return check_number(v, "float_power", arg)


def trace(input):
    """The sum of the main diagonal of a 2-D tensor.

    Args:
        input (Tensor): a 2-D tensor (not necessarily square).

    Returns:
        Tensor, 0-D, of ``input``'s dtype.

    Raises:
        TypeError: ``input`` is not a Tensor.
        ValueError: ``input`` is not 2-D.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> print(ops.trace(Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))))
        4.0
    """
    check_tensor(input, "trace")
    if input.ndim != 2:
        raise ValueError("%s: 'input' must be 2-D, but got shape %s"
                         % (public_name("trace"), input.shape))
    n, m = input.shape
    # the diagonal is every (m + 1)-th element of the flattened matrix
    idx = Tensor._make(np.arange(min(n, m), dtype=np.int64) * (m + 1))
    return reduce_sum(gather(reshape(input, (n * m,)), idx, 0))


def kron(input, other):
    """The Kronecker product of ``input`` and ``other``: every element of ``input`` times the whole
    of ``other``; the operand of lower rank gets leading axes of length 1.

    Args:
        input (Tensor): the first operand.
        other (Tensor): the second operand (its shape need not broadcast with ``input``'s).

    Returns:
        Tensor of the promoted dtype, its shape the elementwise product of the two shapes.

    Raises:
        TypeError: ``input`` or ``other`` is not a Tensor.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> a = Tensor(np.array([[1, 2], [3, 4]], np.int32))
        >>> print(ops.kron(a, Tensor(np.array([1, 10], np.int32))))
        [[ 1 10  2 20]
         [ 3 30  4 40]]
    """
    check_tensor(input, "kron")
    check_tensor(other, "kron", "other")
    a, b = binary_operands(input, other, "kron")  # promoted; shapes need not broadcast
    nd = max(a.ndim, b.ndim)
    sa, sb = (1,) * (nd - a.ndim) + a.shape, (1,) * (nd - b.ndim) + b.shape
    inter_a = tuple(v for d in sa for v in (d, 1))
    inter_b = tuple(v for d in sb for v in (1, d))
    out = mul(reshape(a, inter_a), reshape(b, inter_b))
    return reshape(out, tuple(x * y for x, y in zip(sa, sb)))


def diff(x, n=1, axis=-1, prepend=None, append=None):
    """The ``n``-th forward difference of ``x`` along ``axis``: ``out[i] = x[i + 1] - x[i]``,
    applied ``n`` times, after ``prepend`` and ``append`` are joined to ``x`` along ``axis``.
    Bool tensors give the XOR of neighbours.

    Args:
        x (Tensor): the input, at least 1-D.
        n (int): the number of times to take the difference, >= 0. Default: ``1``.
        axis (int): the axis. Default: ``-1``.
        prepend (Tensor, optional): values joined before ``x`` along ``axis``. Default: ``None``.
        append (Tensor, optional): values joined after ``x`` along ``axis``. Default: ``None``.

    Returns:
        Tensor of ``x``'s dtype, ``n`` shorter along ``axis`` (than ``x`` with ``prepend`` and
        ``append``; not below 0).

    Raises:
        TypeError: ``x``, ``prepend`` or ``append`` is not a Tensor, or ``n`` not an int.
        ValueError: ``x`` is 0-D, ``n`` is negative, or ``axis`` is out of range.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([1, 4, 9, 16], np.int32))
        >>> print(ops.diff(x), ops.diff(x, n=2))
        [3 5 7] [2 2]
    """
    check_tensor(x, "diff", "x")
    n = check_int(n, "diff", "n", low=0)
    if x.ndim == 0:
        raise ValueError("%s: 'x' must be at least 1-D, but got a 0-d tensor"
                         % public_name("diff"))
    axis = normalize_dim(axis, x.ndim, "diff")
    parts = [t for t in (prepend, x, append) if t is not None]
    if len(parts) > 1:
        parts = [check_tensor(t, "diff", "prepend/append") for t in parts]
        x = concat(parts, axis)
    for _ in range(n):
        length = x.shape[axis]
        if length == 0:
            break
        hi, lo = narrow(x, axis, 1, length - 1), narrow(x, axis, 0, length - 1)
        x = logical_xor_bool(hi, lo) if x._np_dtype == np.bool_ else sub(hi, lo)
    return x


def logical_xor_bool(a, b):
    return equal(equal(a, b), False)


__all__ = ["fmod", "copysign", "xdivy", "isclose", "nan_to_num", "heaviside", "float_power",
           "trace", "kron", "diff"]
