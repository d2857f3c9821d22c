"""Elementwise and small tensor functions that model code reaches for (ops.fmod, ops.copysign,
ops.xdivy, ops.isclose, ops.nan_to_num, ops.heaviside, ops.float_power, ops.trace, ops.kron,
ops.diff), composed from primitives where the composition is exact."""
import numpy as np

from mindcell import dtype as mstype
from mindcell.common.tensor import Tensor
from mindcell.ops._errors import (check_bool, check_broadcast, check_int, check_number,
                                  public_name)
from mindcell.ops._helpers import (binary_operands, cast_to, check_tensor, normalize_dim,
                                   to_tensor)
from mindcell.ops.defs import elementwise_math as E
from mindcell.ops.function.array_func import broadcast_to, concat, gather, narrow, reshape
from mindcell.ops.function.math_func import (_bool_remainder, _operands, _true_div_operands,
                                             abs, add, cast, div, equal, greater, isinf,
                                             isnan, less_equal, logical_and, logical_or, mul,
                                             pow, select, sub, zeros_like_f)
from mindcell.ops.function.reduce_func import reduce_sum


def fmod(input, other):
    """fmod(input, other): the remainder of input / other with input's sign (C's fmod; see
    ops.remainder for the floored one). Integer operands stay integers; two bool operands give
    Bool, as MindSpore (input where other is False, else False)."""
    a, b = _operands(input, other, "fmod")
    if a._np_dtype == np.bool_:
        return _bool_remainder(a, b)
    return E.fmod_p.bind(a, b)


def copysign(x, other):
    """copysign(x, other): ``|x|`` with the sign of other (of -0.0 too).

    Args:
        x (Tensor): the magnitudes.
        other (Union[Tensor, number]): the signs; broadcast against ``x``.

    Returns:
        Tensor: of the broadcast shape, in ``x``'s dtype when it is Float16, Float32 or
        Float64, else Float32 (integer and BFloat16 inputs), as MindSpore: ``other``'s dtype
        does not count.

    Raises:
        TypeError: ``input`` is not a Tensor, or ``other`` is not a Tensor or a number, or is
            a BFloat16 tensor.
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
    """xdivy(x, y): x / y, 0 where x is 0 (also where y is 0); integers compute in Float32."""
    a, b = _true_div_operands(x, y, "xdivy")
    shape = check_broadcast("xdivy", a.shape, b.shape)
    a, b = broadcast_to(a, shape), broadcast_to(b, shape)
    zero = equal(a, 0)
    safe = select(zero, add(zeros_like_f(b), 1.0), b)  # no 0/0 in the unused branch's gradient
    return select(zero, zeros_like_f(a), div(a, safe))


def isclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False):
    """isclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False): Bool tensor of
    ``|input - other| <= atol + rtol * |other|`` (equal infinities are close; NaNs only with
    ``equal_nan``)."""
    check_number(rtol, "isclose", "rtol", low=0, finite=True)
    check_number(atol, "isclose", "atol", low=0, finite=True)
    check_bool(equal_nan, "isclose", "equal_nan")
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
    """nan_to_num(input, nan=None, posinf=None, neginf=None): NaN, +inf and -inf replaced by
    ``nan`` (None: 0), ``posinf`` and ``neginf`` (None: the dtype's largest and lowest finite
    value)."""
    check_tensor(input, "nan_to_num")
    for arg, v in (("nan", nan), ("posinf", posinf), ("neginf", neginf)):
        if v is not None:
            check_number(v, "nan_to_num", arg)
    if not mstype.is_float_np(input._np_dtype):
        return input
    info = mstype.finfo(input._np_dtype)
    hi = float(info.max) if posinf is None else float(posinf)
    lo = float(info.min) if neginf is None else float(neginf)
    full = zeros_like_f(input)
    out = select(isnan(input), add(full, 0.0 if nan is None else float(nan)), input)
    out = select(logical_and(isinf(input), greater(input, 0)), add(full, hi), out)
    return select(logical_and(isinf(input), less_equal(input, 0)), add(full, lo), out)


def heaviside(input, values):
    """heaviside(input, values): 0 where input < 0, ``values`` where input == 0, 1 where
    input > 0, NaN where input is NaN (broadcast, promoted dtype)."""
    a, b = _operands(input, values, "heaviside")
    shape = check_broadcast("heaviside", a.shape, b.shape)
    a = broadcast_to(a, shape)
    step = select(isnan(a), a, cast(greater(a, 0), a.dtype))
    return select(equal(a, 0), broadcast_to(b, shape), step)


def float_power(input, exponent):
    """float_power(input, exponent): input ** exponent computed and returned in Float64 (one of
    them may be a Python number)."""
    if not isinstance(input, Tensor) and not isinstance(exponent, Tensor):
        raise TypeError("%s: 'input' or 'exponent' must be a Tensor, but got %s and %s"
                        % (public_name("float_power"), type(input).__name__,
                           type(exponent).__name__))
    return pow(_f64(input, "input"), _f64(exponent, "exponent"))


def _f64(v, arg):
    if isinstance(v, Tensor):
        return cast_to(v, np.dtype(np.float64))
    return check_number(v, "float_power", arg)


def trace(input):
    """trace(input): the sum of the main diagonal of a 2-D tensor (0-d, input's dtype)."""
    check_tensor(input, "trace")
    if input.ndim != 2:
        raise ValueError("%s: 'input' must be 2-D, but got shape %s"
                         % (public_name("trace"), input.shape))
    n, m = input.shape
    # the diagonal is every (m + 1)-th element of the flattened matrix
    idx = Tensor._make(np.arange(min(n, m), dtype=np.int64) * (m + 1))
    return reduce_sum(gather(reshape(input, (n * m,)), idx, 0))


def kron(input, other):
    """kron(input, other): the Kronecker product; the lower-rank operand gets leading 1s."""
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
    """diff(x, n=1, axis=-1, prepend=None, append=None): the n-th forward difference along
    ``axis`` (after joining ``prepend`` and ``append``); Bool tensors give their XOR."""
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
