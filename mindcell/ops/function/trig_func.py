"""Inverse trigonometric and inverse hyperbolic functions (ops.asin ... ops.atan2) and their
numpy-style aliases (ops.arcsin ...). Integer and bool inputs compute in Float32."""
from mindcell.ops.defs import inverse_trig as T
from mindcell.ops.function.math_func import _true_div_operands, _unary_float

asin = _unary_float(T.asin_p, "asin")
acos = _unary_float(T.acos_p, "acos")
atan = _unary_float(T.atan_p, "atan")
asinh = _unary_float(T.asinh_p, "asinh")
acosh = _unary_float(T.acosh_p, "acosh")
atanh = _unary_float(T.atanh_p, "atanh")


def atan2(input, other):
    """atan2(input, other): elementwise arctan(input / other) in (-pi, pi], the quadrant
    chosen by the signs of both (broadcast; bool/integer operands compute in Float32)."""
    return T.atan2_p.bind(*_true_div_operands(input, other, "atan2"))


arccos, arctan, arctan2 = acos, atan, atan2


def arcsin(x):
    """arcsin(x): elementwise inverse sine (see :func:`asin`)."""
    return asin(x)


arcsinh, arccosh, arctanh = asinh, acosh, atanh

__all__ = ["asin", "acos", "atan", "atan2", "asinh", "acosh", "atanh", "arcsin", "arccos",
           "arctan", "arctan2", "arcsinh", "arccosh", "arctanh"]
