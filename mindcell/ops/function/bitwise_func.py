"""Bitwise ops on integer and bool tensors (the ``&``, ``|``, ``^``, ``~`` operators)."""
from mindcell.ops._helpers import public_face, to_tensor
from mindcell.ops.defs import bitwise as B, elementwise as E
from mindcell.ops.function.math_func import _operands


def _integer_operands(input, other, op):
    """``math_func._operands`` whose promoted dtype must be integer or bool."""
    x, y = _operands(input, other, op)
    if x._np_dtype.kind not in "biu":
        raise TypeError("%s: the inputs must be integer or bool tensors, but got %s and %s"
                        % (op, to_tensor(input, op).dtype, to_tensor(other, op, "other").dtype))
    return x, y


def _bitwise(prim, logical, op):
    def fn(input, other):
        x, y = _integer_operands(input, other, op)
        return (logical if x._np_dtype.kind == "b" else prim).bind(x, y)
    public_face(fn, op)
    fn.__doc__ = "%s(input, other): elementwise %s of integer or bool tensors (broadcasting)." \
        % (op, op.split("_")[1].upper())
    return fn


bitwise_and = _bitwise(B.bitwise_and_p, E.logical_and_p, "bitwise_and")
bitwise_or = _bitwise(B.bitwise_or_p, E.logical_or_p, "bitwise_or")
bitwise_xor = _bitwise(B.bitwise_xor_p, E.logical_xor_p, "bitwise_xor")


def _not(x, op, arg):
    x = to_tensor(x, op, arg)
    kind = x._np_dtype.kind
    if kind not in "biu":
        raise TypeError("%s: '%s' must be an integer or bool tensor, but got %s"
                        % (op, arg, x.dtype))
    return (E.logical_not_p if kind == "b" else B.invert_p).bind(x)


def bitwise_not(input):
    """bitwise_not(input): bitwise NOT of an integer tensor (logical NOT of a bool one)."""
    return _not(input, "bitwise_not", "input")


def invert(x):
    """invert(x): bitwise NOT of an integer tensor (logical NOT of a bool one)."""
    return _not(x, "invert", "x")


__all__ = ["bitwise_and", "bitwise_or", "bitwise_xor", "invert", "bitwise_not"]
