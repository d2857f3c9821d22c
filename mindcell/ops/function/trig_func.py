"""Inverse trigonometric and inverse hyperbolic functions (ops.asin ... ops.atan2) and their
numpy-style aliases (ops.arcsin ...). Integer and bool inputs compute in Float32."""
from mindcell.ops.defs import inverse_trig as T
from mindcell.ops.function.math_func import _float_math_operands, _unary_float

_F = "float32"
asin = _unary_float(T.asin_p, "asin", "The inverse sine of ``input``, elementwise, in "
                    "[-pi/2, pi/2] (NaN outside [-1, 1]).", ("[-1.0, 0.0, 0.5]", _F),
                    "[-1.5707964  0.         0.5235988]")
acos = _unary_float(T.acos_p, "acos", "The inverse cosine of ``input``, elementwise, in "
                    "[0, pi] (NaN outside [-1, 1]).", ("[1.0, 0.0, -0.5]", _F),
                    "[0.        1.5707964 2.0943952]")
atan = _unary_float(T.atan_p, "atan", "The inverse tangent of ``input``, elementwise, in "
                    "(-pi/2, pi/2).", ("[-1.0, 0.0, 1e9]", _F),
                    "[-0.7853982  0.         1.5707964]")
asinh = _unary_float(T.asinh_p, "asinh", "The inverse hyperbolic sine of ``input``, "
                     "elementwise.", ("[-2.0, 0.0, 1.0]", _F), "[-1.4436355  0.         0.8813736]")
acosh = _unary_float(T.acosh_p, "acosh", "The inverse hyperbolic cosine of ``input``, "
                     "elementwise (NaN below 1).", ("[1.0, 2.0, 10.0]", _F),
                     "[0.       1.316958 2.993223]")
atanh = _unary_float(T.atanh_p, "atanh", "The inverse hyperbolic tangent of ``input``, "
                     "elementwise (+-inf at +-1, NaN outside [-1, 1]).", ("[-0.5, 0.0, 1.0]", _F),
                     "[-0.54930615  0.                 inf]")


def atan2(input, other):
    """The angle of the point ``(other, input)``: ``arctan(input / other)`` elementwise, in
    [-pi, pi], the quadrant chosen by the signs of both operands.

    Args:
        input (Union[Tensor, number]): the y coordinates.
        other (Union[Tensor, number]): the x coordinates, broadcast against ``input``.

    Returns:
        Tensor of the broadcast shape, of the promoted dtype.

    Raises:
        TypeError: an operand is not a Tensor or a number, or the promoted dtype is not a float
            one (two integer or bool operands: MindSpore 2.10 refuses them).
        ValueError: the shapes do not broadcast.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> y = Tensor(np.array([1.0, 1.0, -1.0], np.float32))
        >>> x = Tensor(np.array([1.0, -1.0, 0.0], np.float32))
        >>> print(ops.atan2(y, x))
        [ 0.7853981  2.3561945 -1.5707964]
    """
    return T.atan2_p.bind(*_float_math_operands(input, other, "atan2"))


arccos, arctan, arctan2 = acos, atan, atan2


def arcsin(x):
    """The inverse sine of ``x``, elementwise, in [-pi/2, pi/2] (NaN outside [-1, 1]; the same as
    :func:`asin`).

    Args:
        x (Tensor): the input; bool and integer tensors compute in Float32.

    Returns:
        Tensor of the shape of ``x``, of its dtype for a float ``x``, else Float32.

    Raises:
        TypeError: ``x`` is not a Tensor, a number or a list of numbers.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> print(ops.arcsin(Tensor(np.array([1.0, -0.5, 2.0], np.float32))))
        [ 1.5707964 -0.5235988        nan]
    """
    return asin(x)


arcsinh, arccosh, arctanh = asinh, acosh, atanh

__all__ = ["asin", "acos", "atan", "atan2", "asinh", "acosh", "atanh", "arcsin", "arccos",
           "arctan", "arctan2", "arcsinh", "arccosh", "arctanh"]
