"""Hyperbolic, exponential/logarithmic, gamma-family and rounding functions (ops.tan, ops.sinh,
ops.lgamma, ops.trunc ...) and the ones composed from them (ops.logaddexp, ops.logit ...).
As in MindSpore 2.10, most take float tensors only (a bool or integer tensor is a TypeError);
exp2 computes integers in Float32, lgamma Int32 alone."""
import math
import numbers

import numpy as np

from mindcell import dtype as mstype
from mindcell.common.tensor import Tensor
from mindcell.ops._errors import check_int, public_name
from mindcell.ops._helpers import cast_to, float_math_operand, to_tensor
from mindcell.ops.defs.shape import copy_p
from mindcell.ops.defs import elementwise_math as E
from mindcell.ops.function.math_func import (_float_math_operands, _operands, _unary_float, clamp,
                                             div, log, mul, sub, float_operand)

_F = "float32"
tan = _unary_float(E.tan_p, "tan", "The tangent of ``input`` (radians), elementwise.",
                   ("[-1.0, 0.0, 0.5]", _F), "[-1.5574077  0.         0.5463025]")
sinh = _unary_float(E.sinh_p, "sinh", "The hyperbolic sine of ``input``, elementwise.",
                    ("[-1.0, 0.0, 2.0]", _F), "[-1.1752012  0.         3.6268604]")
cosh = _unary_float(E.cosh_p, "cosh", "The hyperbolic cosine of ``input``, elementwise.",
                    ("[-1.0, 0.0, 2.0]", "float64"), "[1.54308063 1.         3.76219569]")
expm1 = _unary_float(E.expm1_p, "expm1", ":math:`e^x - 1` of ``input``, elementwise, accurate "
                     "also for tiny ``input``.", ("[0.0, 1e-10, 1.0]", "float64"),
                     "[0.00000000e+00 1.00000000e-10 1.71828183e+00]")
erfc = _unary_float(E.erfc_p, "erfc", "The complementary error function ``1 - erf(input)``, "
                    "elementwise.", ("[-1.0, 0.0, 2.0]", _F), "[1.8427008  1.         0.00467773]")
erfinv = _unary_float(E.erfinv_p, "erfinv", "The inverse error function of ``input``, "
                      "elementwise: ``erf(erfinv(x)) == x`` on (-1, 1), +-inf at +-1, NaN "
                      "outside [-1, 1].", ("[-0.5, 0.0, 0.9]", _F),
                      "[-0.47693628  0.          1.1630871 ]")
lgamma = _unary_float(E.lgamma_p, "lgamma", "The natural logarithm of the absolute value of the "
                      "gamma function of ``input``, elementwise.", ("[0.5, 1.0, 5.0]", _F),
                      "[0.5723649 0.        3.1780539]", promote=(np.int32,))
digamma = _unary_float(E.digamma_p, "digamma", "The digamma function (the derivative of "
                       ":func:`lgamma`) of ``input``, elementwise.", ("[0.5, 1.0, 3.0]", _F),
                       "[-1.96351   -0.5772157  0.9227843]")
rint = _unary_float(E.rint_p, "rint", "Rounds ``input`` to the nearest integer, elementwise, "
                    "halves to even.", ("[-1.5, 0.5, 2.5, 2.6]", _F), "[-2.  0.  2.  3.]",
                    promote=True)
log2 = _unary_float(E.log2_p, "log2", "The base-2 logarithm of ``input``, elementwise.",
                    ("[1.0, 8.0, 10.0]", _F), "[0.       3.       3.321928]")
log10 = _unary_float(E.log10_p, "log10", "The base-10 logarithm of ``input``, elementwise.",
                     ("[1.0, 100.0, 5.0]", _F), "[0.        2.0000002 0.69897  ]")


def exp2(input):
    """``2 ** input``, elementwise.

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
    """Rounds each element of ``input`` toward zero; integer tensors keep their values and dtype.

    Args:
        input (Tensor): a bool, integer or float tensor.

    Returns:
        Tensor of the shape and dtype of ``input``.

    Raises:
        TypeError: ``input`` is not a Tensor or a number.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> print(ops.trunc(Tensor(np.array([-1.7, 0.5, 2.9], np.float32))))
        [-1.  0.  2.]
    """
    x = to_tensor(input, "trunc")
    if x._np_dtype == np.bool_:  # already whole: a copy, Bool as MindSpore 2.10 gives it
        return copy_p.bind(x)
    return E.trunc_p.bind(x)


fix = trunc


def polygamma(n, input):
    """The ``n``-th derivative of the digamma function at ``input``, elementwise (``n`` 0 is
    :func:`digamma`).

    Args:
        n (Union[int, Tensor]): the order of the derivative, >= 0: an int or, as MindSpore
            takes it, a 0-D Int32/Int64 Tensor.
        input (Tensor): the points, a float tensor.

    Returns:
        Tensor of the shape and dtype of ``input``.

    Raises:
        TypeError: ``n`` is not an int or an integer Tensor, or ``input`` not a Tensor or a
            number, or a bool or integer tensor (as MindSpore 2.10).
        ValueError: ``n`` is negative, or a Tensor ``n`` is not 0-D.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> print(ops.polygamma(1, Tensor(np.array([1.0, 2.0], np.float32))))
        [1.644934   0.64493406]
    """
    if isinstance(n, Tensor):  # MindSpore's form: a 0-D integer Tensor
        if n._np_dtype.kind not in "iu":
            raise TypeError("%s: a Tensor 'n' must have an integer dtype, but got %s"
                            % (public_name("polygamma"), n.dtype))
        if n.ndim != 0:
            raise ValueError("%s: a Tensor 'n' must be 0-D, but got shape %s"
                             % (public_name("polygamma"), n.shape))
        n = int(n.item())
    n = check_int(n, "polygamma", "n", low=0)
    return E.polygamma_p.bind(float_math_operand(input, "polygamma"), n=n)


def hypot(input, other):
    """``sqrt(input ** 2 + other ** 2)``, elementwise, without intermediate overflow.

    Args:
        input (Union[Tensor, number]): the first leg.
        other (Union[Tensor, number]): the second leg, broadcast against ``input``.

    Returns:
        Tensor of the broadcast shape, of the promoted dtype.

    Raises:
        TypeError: an operand is not a Tensor or a number, or the promoted dtype is not a float
            one (MindSpore 2.10 refuses integer and bool pairs; its CPU kernel refuses Float16
            too, which mindcell computes).
        ValueError: the shapes do not broadcast.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([3.0, 5.0, 1e30], np.float32))
        >>> print(ops.hypot(x, Tensor(np.array([4.0, 12.0, 1e30], np.float32))))
        [5.0000000e+00 1.3000000e+01 1.4142135e+30]
    """
    return E.hypot_p.bind(*_float_math_operands(input, other, "hypot"))


def frac(x):
    """The fractional part ``x - trunc(x)`` of each element of ``x``, with ``x``'s sign.

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


def _float_tensor_operands(x, y, name):
    """Operands of logaddexp/logaddexp2 as MindSpore 2.10 takes them: two Tensors of float
    dtypes (a Python number or an integer tensor is a TypeError), promoted to one dtype."""
    for v, arg in ((x, "input"), (y, "other")):
        if not isinstance(v, Tensor):
            raise TypeError("%s: '%s' must be a Tensor, but got %s"
                            % (public_name(name), arg, type(v).__name__))
        if not mstype.is_float_np(v._np_dtype):
            raise TypeError("%s: '%s' must be a float tensor, but got %s; cast it first"
                            % (public_name(name), arg, v.dtype))
    return _operands(x, y, name)


def logaddexp(input, other):
    """``log(exp(input) + exp(other))``, elementwise, without overflow or underflow.

    Args:
        input (Tensor): the first operand, a float tensor.
        other (Tensor): the second operand, a float tensor broadcast against ``input``.

    Returns:
        Tensor of the broadcast shape, of the promoted dtype.

    Raises:
        TypeError: an operand is not a Tensor (a Python number included) or not of a float
            dtype (as MindSpore 2.10).
        ValueError: the shapes do not broadcast.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([0.0, 1000.0, -1000.0], np.float32))
        >>> print(ops.logaddexp(x, Tensor(np.zeros(3, np.float32))))
        [6.931472e-01 1.000000e+03 0.000000e+00]
    """
    return E.logaddexp_p.bind(*_float_tensor_operands(input, other, "logaddexp"))


def logaddexp2(input, other):
    """``log2(2 ** input + 2 ** other)``, elementwise, without overflow or underflow.

    Args:
        input (Tensor): the first operand, a float tensor.
        other (Tensor): the second operand, a float tensor broadcast against ``input``.

    Returns:
        Tensor of the broadcast shape, of the promoted dtype.

    Raises:
        TypeError: an operand is not a Tensor (a Python number included) or not of a float
            dtype (as MindSpore 2.10).
        ValueError: the shapes do not broadcast.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([1.0, 2.0, 500.0], np.float32))
        >>> print(ops.logaddexp2(x, Tensor(np.array([1.0, 3.0, 0.0], np.float32))))
        [  2.          3.5849624 500.       ]
    """
    return E.logaddexp2_p.bind(*_float_tensor_operands(input, other, "logaddexp2"))


def logit(input, eps=None):
    """The logit ``log(p / (1 - p))`` of each element ``p`` of ``input``; with ``eps``, ``p`` is
    first clamped to ``[eps, 1 - eps]``.

    Args:
        input (Tensor): the probabilities, a float tensor.
        eps (float, optional): the clamping margin, in [0, 0.5]; None: no clamping (0 gives -inf,
            1 gives inf). Default: ``None``.

    Returns:
        Tensor of the shape and dtype of ``input``.

    Raises:
        TypeError: ``eps`` is not None or a float, or ``input`` not a Tensor or a number, or a
            bool or integer tensor (as MindSpore 2.10).
        ValueError: ``eps`` is outside [0, 0.5].

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([0.0, 0.25, 0.5], np.float32))
        >>> print(ops.logit(x), ops.logit(x, eps=0.1))
        [      -inf -1.0986123  0.       ] [-2.1972246 -1.0986123  0.       ]
    """
    x = float_math_operand(input, "logit")
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
    """Converts angles from degrees to radians, elementwise.

    Args:
        x (Tensor): the angles in degrees, a float tensor.

    Returns:
        Tensor of the shape and dtype of ``x``.

    Raises:
        TypeError: ``x`` is not a Tensor or a number, or a bool or integer tensor (as
            MindSpore 2.10).

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> print(ops.deg2rad(Tensor(np.array([90, 180, -45], np.float32))))
        [ 1.5707964  3.1415927 -0.7853982]
    """
    return mul(float_math_operand(x, "deg2rad", arg="x"), math.pi / 180.0)


def rad2deg(x):
    """Converts angles from radians to degrees, elementwise.

    Args:
        x (Tensor): the angles in radians, a float tensor.

    Returns:
        Tensor of the shape and dtype of ``x``.

    Raises:
        TypeError: ``x`` is not a Tensor or a number, or a bool or integer tensor (as
            MindSpore 2.10).

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> print(ops.rad2deg(Tensor(np.array([3.1415927, 1.0, -0.5], np.float32))))
        [180.       57.29578 -28.64789]
    """
    return mul(float_math_operand(x, "rad2deg", arg="x"), 180.0 / math.pi)


__all__ = ["tan", "sinh", "cosh", "expm1", "erfc", "erfinv", "lgamma", "digamma", "trunc",
           "rint", "log2", "log10", "exp2", "fix", "polygamma", "hypot", "frac", "logaddexp",
           "logaddexp2", "logit", "deg2rad", "rad2deg"]
