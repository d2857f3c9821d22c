"""Elementwise math, comparisons and logic (``ops.add``, ``ops.exp``, ``ops.equal`` ...)."""
import numpy as np

from mindcell import dtype as mstype
from mindcell.common.tensor import Tensor
from mindcell.ops._helpers import (binary_operands, cast_to, check_tensor, float_operand,
                                   to_tensor, as_np_dtype, is_scalar, scalar_tensor, _py,
                                   public_face)
from mindcell.ops._errors import check_broadcast, check_choice
from mindcell.ops.defs import elementwise as E
from mindcell.ops.defs import elementwise_math as EM
from mindcell.ops.defs.shape import copy_p


_BINARY_DOC = """%s(input, other): elementwise, with broadcasting and dtype promotion.

    Args:
        input (Union[Tensor, number]): the first operand.
        other (Union[Tensor, number]): the second operand.

    Returns:
        Tensor: of the broadcast shape of the operands and their promoted dtype.

    Raises:
        TypeError: an operand is neither a Tensor nor a number.
        ValueError: the shapes do not broadcast.
    """


def _operands(x, y, name, float_result=False):
    """Promoted operands whose shapes broadcast (ValueError naming ``name`` otherwise); with
    ``float_result`` bool/integer operands become Float32 (see ``binary_operands``)."""
    a, b = binary_operands(x, y, name, float_result)
    if a.shape != b.shape:
        check_broadcast(name, a.shape, b.shape)
    return a, b


def _bin(prim, name):
    def op(input, other):
        a, b = _operands(input, other, name)
        return prim.bind(a, b)
    public_face(op, name)
    op.__doc__ = _BINARY_DOC % name
    return op


add = _bin(E.add_p, "add")
sub = _bin(E.sub_p, "sub")
mul = _bin(E.mul_p, "mul")
maximum = _bin(E.maximum_p, "maximum")
minimum = _bin(E.minimum_p, "minimum")
multiply = mul


def subtract(input, other, *, alpha=1):
    """subtract(input, other, *, alpha=1): ``input - alpha * other`` elementwise, with
    broadcasting and dtype promotion (a float ``alpha`` makes integer operands float).

    Raises:
        TypeError: ``alpha`` is not a number.

    Examples:
        >>> import mindcell as ms
        >>> ms.ops.subtract(ms.Tensor([5.0, 3.0]), ms.Tensor([1.0, 2.0]), alpha=2)
        Tensor(shape=[2], dtype=Float32, value= [ 3.00000000e+00, -1.00000000e+00])
    """
    if isinstance(alpha, bool) or not isinstance(alpha, (int, float)):
        raise TypeError("subtract: 'alpha' must be an int or a float, but got %s"
                        % type(alpha).__name__)
    return sub(input, other if alpha == 1 else mul(other, alpha))


def _true_div_operands(x, y, name):
    """Operands of an op whose result is a float (true division): bool/integer operands,
    Python scalars included, become Float32 before the op (MindSpore's div)."""
    return _operands(x, y, name, float_result=True)


def div(input, other, *, rounding_mode=None):
    """div(input, other, *, rounding_mode=None): true division; 'floor' or 'trunc' round."""
    check_choice(rounding_mode, "div", "rounding_mode", (None, "floor", "trunc"))
    if rounding_mode is None:
        return E.div_p.bind(*_true_div_operands(input, other, "div"))
    if rounding_mode == "floor":
        return floor_div(input, other)
    # 'trunc': integers divide exactly (a Float32 round trip changed int64 values >= 2**24)
    return EM.truncate_div_p.bind(*_operands(input, other, "div"))


divide = div


def true_divide(dividend, divisor):
    """true_divide(dividend, divisor): ``dividend / divisor`` (true division, see :func:`div`)."""
    return div(dividend, divisor)


def floor_divide(input, other):
    """floor_divide(input, other): division rounded toward -inf (keeps integer dtypes; two
    bool operands give Bool, as MindSpore: the dividend, also where the divisor is False)."""
    a, b = _operands(input, other, "floor_divide")
    if a._np_dtype == np.bool_:
        return logical_or(a, logical_and(a, b))  # a, broadcast against b
    return E.floor_div_p.bind(a, b)


def floor_div(x, y):
    """floor_div(x, y): division rounded toward -inf (see :func:`floor_divide`)."""
    return floor_divide(x, y)


def floor_mod(x, y):
    """floor_mod(x, y): remainder with the sign of the divisor."""
    return E.floor_mod_p.bind(*_operands(x, y, "floor_mod"))


def remainder(input, other):
    """remainder(input, other): floor_mod, except that two bool operands give Bool (as
    MindSpore's remainder: the dividend where the divisor is False, else False)."""
    a, b = _operands(input, other, "remainder")
    if a._np_dtype == np.bool_:
        return _bool_remainder(a, b)
    return E.floor_mod_p.bind(a, b)


def _bool_remainder(a, b):
    """MindSpore's fmod/remainder of two Bool tensors: a % True is False, a % False is a."""
    return logical_and(a, logical_not(b))


mod = floor_mod


def pow(input, exponent):
    """pow(input, exponent): elementwise power."""
    return E.pow_p.bind(*_operands(input, exponent, "pow"))


def _unary_same(prim, name):
    def op(input):
        return prim.bind(check_tensor(input, name) if isinstance(input, Tensor)
                         else to_tensor(input, name))
    public_face(op, name)
    op.__doc__ = "%s(input): elementwise." % name
    return op


def _unary_float(prim, name):
    def op(input):
        return prim.bind(float_operand(input, name))
    public_face(op, name)
    op.__doc__ = "%s(input): elementwise; integer inputs compute in Float32." % name
    return op


neg = _unary_same(E.neg_p, "neg")
negative = neg
abs = _unary_same(E.abs_p, "abs")
absolute = abs
square = _unary_same(E.square_p, "square")
sign = _unary_same(E.sign_p, "sign")
floor = _unary_float(E.floor_p, "floor")
ceil = _unary_float(E.ceil_p, "ceil")
_round = _unary_float(E.round_p, "round")
exp = _unary_float(E.exp_p, "exp")
log = _unary_float(E.log_p, "log")
log1p = _unary_float(E.log1p_p, "log1p")
_sqrt = _unary_float(E.sqrt_p, "sqrt")
rsqrt = _unary_float(E.rsqrt_p, "rsqrt")
sin = _unary_float(E.sin_p, "sin")
cos = _unary_float(E.cos_p, "cos")
tanh = _unary_float(E.tanh_p, "tanh")
sigmoid = _unary_float(E.sigmoid_p, "sigmoid")
erf = _unary_float(E.erf_p, "erf")
reciprocal = _unary_float(E.reciprocal_p, "reciprocal")


def sqrt(x):
    """sqrt(x): elementwise square root; integer inputs compute in Float32."""
    return _sqrt(x)


def round(input, *, decimals=0):
    """round(input, *, decimals=0): elementwise rounding half to even, to ``decimals``
    decimal places (negative: to tens, hundreds ...); integer inputs compute in Float32.
    (MindSpore 2.10's CPU kernel only takes ``decimals`` 0.)

    Raises:
        TypeError: ``decimals`` is not an int.

    Examples:
        >>> import mindcell as ms
        >>> ms.ops.round(ms.Tensor([1.25, 2.5, 123.0]), decimals=-1)
        Tensor(shape=[3], dtype=Float32, value= [ 0.00000000e+00,  0.00000000e+00,  1.20000000e+02])
    """
    if isinstance(decimals, bool) or not isinstance(decimals, int):
        raise TypeError("round: 'decimals' must be an int, but got %s" % type(decimals).__name__)
    if decimals == 0:
        return _round(input)
    x = float_operand(input, "round")
    if decimals > 308:  # finer than any float's resolution: nothing to round
        return cast(x, x.dtype)
    # scaled in float64; where x * 10**decimals overflows, x has no digits that fine to round
    wide = cast(x, mstype.float64)
    scale = 10.0 ** max(decimals, -308)
    scaled = mul(wide, scale)
    out = select(isfinite(scaled), div(_round(scaled), scale), wide)
    return cast(out, x.dtype)


def _compare(prim, name):
    def op(input, other):
        return prim.bind(*_operands(input, other, name))
    public_face(op, name)
    op.__doc__ = "%s(input, other): elementwise comparison, Bool result." % name
    return op


equal = eq = _compare(E.equal_p, "equal")
not_equal = ne = _compare(E.not_equal_p, "not_equal")
less = lt = _compare(E.less_p, "less")
less_equal = le = _compare(E.less_equal_p, "less_equal")
greater = gt = _compare(E.greater_p, "greater")
greater_equal = ge = _compare(E.greater_equal_p, "greater_equal")


def _as_bool(x, name):
    x = to_tensor(x, name)
    return cast_to(x, np.dtype(np.bool_))


def _logical(x, y, name):
    a, b = _as_bool(x, name), _as_bool(y, name)
    if a.shape != b.shape:
        check_broadcast(name, a.shape, b.shape)
    return a, b


def logical_and(input, other):
    """logical_and(input, other): element-wise AND of the operands taken as Bool (broadcasting)."""
    return E.logical_and_p.bind(*_logical(input, other, "logical_and"))


def logical_or(input, other):
    """logical_or(input, other): element-wise OR of the operands taken as Bool (broadcasting)."""
    return E.logical_or_p.bind(*_logical(input, other, "logical_or"))


def logical_xor(input, other):
    """logical_xor(input, other): element-wise XOR of the operands taken as Bool (broadcasting)."""
    return E.logical_xor_p.bind(*_logical(input, other, "logical_xor"))


def logical_not(input):
    """logical_not(input): element-wise NOT of ``input`` taken as Bool."""
    return E.logical_not_p.bind(_as_bool(input, "logical_not"))


def isnan(input):
    """isnan(input): Bool tensor, True where ``input`` is NaN."""
    return E.isnan_p.bind(check_tensor(input, "isnan"))


def isinf(input):
    """isinf(input): Bool tensor, True where ``input`` is +inf or -inf."""
    return E.isinf_p.bind(check_tensor(input, "isinf"))


def isfinite(input):
    """isfinite(input): Bool tensor, True where ``input`` is neither inf nor NaN."""
    return E.isfinite_p.bind(check_tensor(input, "isfinite"))


def select(condition, input, other):
    """select(condition, input, other): ``input`` where ``condition`` is True, else ``other``
    (broadcasting)."""
    cond = to_tensor(condition, "select", "condition")
    if cond._np_dtype != np.bool_:
        raise TypeError("select: 'condition' must be a Bool tensor, but got %s" % cond.dtype)
    a, b = _operands(input, other, "select")
    check_broadcast("select", cond.shape, a.shape, b.shape)
    return E.select_p.bind(cond, a, b)


def where(condition, input, other):
    """where(condition, input, other): same as :func:`select`."""
    return select(condition, input, other)


def cast(input, dtype):
    """cast(input, dtype): convert to ``dtype``; a new tensor also when the dtype is already
    ``dtype`` (as MindSpore's Cast: a later write to either does not show in the other)."""
    check_tensor(input, "cast")
    np_dtype = as_np_dtype(dtype, "cast")
    if input._np_dtype == np_dtype:
        return copy_p.bind(input)
    return cast_to(input, np_dtype)


def clamp(input, min=None, max=None):
    """clamp(input, min=None, max=None): limit values to [min, max]."""
    check_tensor(input, "clamp")
    if min is None and max is None:
        raise ValueError("clamp: at least one of 'min' and 'max' must be given")
    if input._np_dtype == np.bool_ or any(
            isinstance(b, bool) or (isinstance(b, Tensor) and b._np_dtype == np.bool_)
            for b in (min, max)):  # MindSpore's rule; bool bounds would compare as 0/1
        raise ValueError("clamp: the dtype of 'input', 'min' and 'max' must not be bool")
    out = input
    if min is not None:
        out = maximum(out, min if not is_scalar(min) else _like(min, input, "min"))
    if max is not None:
        out = minimum(out, max if not is_scalar(max) else _like(max, input, "max"))
    return out


def _like(value, t, arg):
    """A Python bound takes the tensor's dtype (clamp of ints stays int) as an operand does."""
    if mstype.is_float_np(t._np_dtype) or isinstance(value, int):
        return scalar_tensor(_py(value), t._np_dtype, "clamp", arg)
    return value


clip = clamp


def clip_by_value(x, clip_value_min=None, clip_value_max=None):
    """clip_by_value(x, clip_value_min=None, clip_value_max=None): same as :func:`clamp`."""
    return clamp(x, clip_value_min, clip_value_max)


def lerp(input, end, weight):
    """lerp(input, end, weight): ``input + weight * (end - input)`` (broadcasting)."""
    return add(input, mul(weight, sub(end, input)))


def addcmul(input, tensor1, tensor2, value=1):
    """addcmul(input, tensor1, tensor2, value=1): ``input + value * tensor1 * tensor2``."""
    return add(input, mul(mul(tensor1, tensor2), value))


def addcdiv(input, tensor1, tensor2, value=1):
    """addcdiv(input, tensor1, tensor2, value=1): ``input + value * tensor1 / tensor2``."""
    return add(input, mul(div(tensor1, tensor2), value))


def xlogy(input, other):
    """xlogy(input, other): input * log(other), 0 where input is 0 (Float32 for integers).
    As MindSpore, a Python number operand is a Float32 tensor, not a weak scalar:
    ``xlogy(float16_tensor, 2)`` is Float32."""
    x, y = (scalar_tensor(float(_py(v)), np.dtype(np.float32), "xlogy", arg)
            if is_scalar(v) else v for v, arg in ((input, "input"), (other, "other")))
    x, y = _true_div_operands(x, y, "xlogy")
    return select(equal(x, 0), zeros_like_f(x), mul(x, log(y)))


def zeros_like_f(x):
    return Tensor._make(np.zeros(x.shape, x._np_dtype))


def square_difference(x, y):
    """square_difference(x, y): ``(x - y) ** 2`` (broadcasting)."""
    return square(sub(x, y))


__all__ = [_n for _n, _v in list(globals().items())
           if not _n.startswith("_") and callable(_v)
           and getattr(_v, "__module__", "") in (__name__, "mindcell.ops")]
