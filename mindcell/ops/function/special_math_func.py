"""Hyperbolic, exponential/logarithmic, gamma-family and rounding functions (ops.tan, ops.sinh,
ops.lgamma, ops.trunc ...) and the ones composed from them (ops.logaddexp, ops.logit ...).
Integer and bool inputs compute in Float32, as MindSpore's float math ops."""
import math
import numbers

import numpy as np

from mindcell import dtype as mstype
from mindcell.ops._errors import check_int, public_name
from mindcell.ops._helpers import cast_to, to_tensor
from mindcell.ops.defs import elementwise_math as E
from mindcell.ops.function.math_func import (_true_div_operands, _unary_float, clamp, div,
                                             log, mul, sub, float_operand)

tan = _unary_float(E.tan_p, "tan")
sinh = _unary_float(E.sinh_p, "sinh")
cosh = _unary_float(E.cosh_p, "cosh")
expm1 = _unary_float(E.expm1_p, "expm1")
erfc = _unary_float(E.erfc_p, "erfc")
erfinv = _unary_float(E.erfinv_p, "erfinv")
lgamma = _unary_float(E.lgamma_p, "lgamma")
digamma = _unary_float(E.digamma_p, "digamma")
rint = _unary_float(E.rint_p, "rint")
log2 = _unary_float(E.log2_p, "log2")
log10 = _unary_float(E.log10_p, "log10")


def exp2(input):
    """exp2(input): 2 ** input elementwise.

    Args:
        input (Tensor): a number tensor.

    Returns:
        Tensor: of ``input``'s shape; Float32 for bool, integer and BFloat16 inputs (as
        MindSpore), else ``input``'s dtype.

    Raises:
        TypeError: ``input`` is not a Tensor or a number.

    Examples:
        >>> import numpy as np
        >>> from mindcell import ops, Tensor
        >>> print(ops.exp2(Tensor(np.array([1.0, 3.0], np.float32))))
        [2. 8.]
    """
    x = float_operand(input, "exp2")
    if x._np_dtype == mstype.BF16_NP:
        x = cast_to(x, np.dtype(np.float32))
    return E.exp2_p.bind(x)


def trunc(input):
    """trunc(input): each element rounded toward zero; integer tensors keep their dtype."""
    x = to_tensor(input, "trunc")
    if x._np_dtype == np.bool_:
        raise TypeError("%s: 'input' must be a number tensor, but got Bool" % public_name("trunc"))
    return E.trunc_p.bind(x)


fix = trunc


def polygamma(n, input):
    """polygamma(n, input): the n-th derivative of digamma (n = 0 is digamma), n >= 0 an int."""
    n = check_int(n, "polygamma", "n", low=0)
    return E.polygamma_p.bind(float_operand(input, "polygamma"), n=n)


def hypot(input, other):
    """hypot(input, other): sqrt(input^2 + other^2) without overflow (broadcast; bool/integer
    operands compute in Float32)."""
    return E.hypot_p.bind(*_true_div_operands(input, other, "hypot"))


def frac(x):
    """frac(x): the fractional part, x - trunc(x), with x's sign.

    Args:
        x (Tensor): a bool, integer or float tensor.

    Returns:
        Tensor: of ``x``'s shape and dtype; as MindSpore, zeros of an integer tensor's
        dtype, and Int64 zeros for a bool tensor.

    Raises:
        TypeError: ``x`` is not a Tensor or a number.

    Examples:
        >>> import numpy as np
        >>> from mindcell import ops, Tensor
        >>> print(ops.frac(Tensor(np.array([-1.25, 2.5], np.float32))))
        [-0.25  0.5 ]
    """
    x = to_tensor(x, "frac", "x")
    if x._np_dtype.kind in "biu":
        if x._np_dtype.kind == "b":
            x = cast_to(x, np.dtype(np.int64))
        return sub(x, x)
    return sub(x, E.trunc_p.bind(x))


def logaddexp(input, other):
    """logaddexp(input, other): log(exp(input) + exp(other)) without overflow (broadcast;
    bool/integer operands compute in Float32)."""
    return E.logaddexp_p.bind(*_true_div_operands(input, other, "logaddexp"))


def logaddexp2(input, other):
    """logaddexp2(input, other): log2(2**input + 2**other) without overflow (broadcast;
    bool/integer operands compute in Float32)."""
    return E.logaddexp2_p.bind(*_true_div_operands(input, other, "logaddexp2"))


def logit(input, eps=None):
    """logit(input, eps=None): log(p / (1 - p)); with ``eps`` p is clamped to [eps, 1 - eps]."""
    x = float_operand(input, "logit")
    if eps is not None:
        if isinstance(eps, bool) or not isinstance(eps, numbers.Real):
            raise TypeError("%s: 'eps' must be None or a float, but got %s"
                            % (public_name("logit"), type(eps).__name__))
        if not 0 <= eps <= 0.5:
            raise ValueError("%s: 'eps' must be in [0, 0.5], but got %r"
                             % (public_name("logit"), eps))
        x = clamp(x, float(eps), 1.0 - float(eps))
    return log(div(x, sub(1.0, x)))


def deg2rad(x):
    """deg2rad(x): degrees to radians (integers in Float32)."""
    return mul(float_operand(x, "deg2rad"), math.pi / 180.0)


def rad2deg(x):
    """rad2deg(x): radians to degrees (integers in Float32)."""
    return mul(float_operand(x, "rad2deg"), 180.0 / math.pi)


__all__ = ["tan", "sinh", "cosh", "expm1", "erfc", "erfinv", "lgamma", "digamma", "trunc",
           "rint", "log2", "log10", "exp2", "fix", "polygamma", "hypot", "frac", "logaddexp",
           "logaddexp2", "logit", "deg2rad", "rad2deg"]
