"""Bitwise ops on integer and bool tensors (the ``&``, ``|``, ``^``, ``~`` operators)."""
from mindcell.ops._helpers import public_face, to_tensor
from mindcell.ops.defs import bitwise as B, elementwise as E
from mindcell.ops.function._opdoc import array, example, opdoc
from mindcell.ops.function.math_func import _operands


def _integer_operands(input, other, op):
    """``math_func._operands`` whose promoted dtype must be integer or bool."""
    x, y = _operands(input, other, op)
    if x._np_dtype.kind not in "biu":
        raise TypeError("%s: the inputs must be integer or bool tensors, but got %s and %s"
                        % (op, to_tensor(input, op).dtype, to_tensor(other, op, "other").dtype))
    return x, y


def _bitwise(prim, logical, op, x, y, out):
    """The public op ``op``: ``prim`` on integers, ``logical`` on bools; its Example
    ``ops.op(x, y)`` (each a (values, dtype) pair) prints ``out``."""
    def fn(input, other):
        x, y = _integer_operands(input, other, op)
        return (logical if x._np_dtype.kind == "b" else prim).bind(x, y)
    public_face(fn, op)
    word = op.split("_")[1].upper()
    fn.__doc__ = opdoc(
        "The bitwise %s of ``input`` and ``other``, elementwise (the logical %s of bool "
        "tensors)." % (word, word),
        ("input (Union[Tensor, int, bool]): an integer or bool tensor.",
         "other (Union[Tensor, int, bool]): an integer or bool tensor, broadcast against "
         "``input``; the two are promoted to one dtype."),
        "Tensor of the broadcast shape, of the promoted dtype.",
        ("TypeError: the promoted dtype is not an integer or bool dtype, or an operand is not "
         "a Tensor or a number.", "ValueError: the shapes do not broadcast."),
        example("ops.%s(x, y)" % op, out, ["x = " + array(*x), "y = " + array(*y)]))
    return fn


bitwise_and = _bitwise(B.bitwise_and_p, E.logical_and_p, "bitwise_and",
                       ("[12, 10, -1]", "int32"), ("[10, 6, 5]", "int32"), "[8 2 5]")
bitwise_or = _bitwise(B.bitwise_or_p, E.logical_or_p, "bitwise_or",
                      ("[12, 10, 0]", "uint8"), ("[10, 6, 0]", "uint8"), "[14 14  0]")
bitwise_xor = _bitwise(B.bitwise_xor_p, E.logical_xor_p, "bitwise_xor",
                       ("[True, True, False]", "bool_"), ("[True, False, False]", "bool_"),
                       "[False  True False]")


def _not(x, op, arg):
    x = to_tensor(x, op, arg)
    kind = x._np_dtype.kind
    if kind not in "biu":
        raise TypeError("%s: '%s' must be an integer or bool tensor, but got %s"
                        % (op, arg, x.dtype))
    return (E.logical_not_p if kind == "b" else B.invert_p).bind(x)


def bitwise_not(input):
    """The bitwise NOT of ``input``, elementwise (the logical NOT of a bool tensor).

    Args:
        input (Union[Tensor, int, bool]): an integer or bool tensor.

    Returns:
        Tensor of the shape and dtype of ``input``.

    Raises:
        TypeError: ``input`` is not an integer or bool tensor.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> print(ops.bitwise_not(Tensor(np.array([0, 5, -3], np.int8))))
        [-1 -6  2]
    """
    return _not(input, "bitwise_not", "input")


def invert(x):
    """The bitwise NOT of ``x``, elementwise (the logical NOT of a bool tensor; the same as
    :func:`bitwise_not`).

    Args:
        x (Union[Tensor, int, bool]): an integer or bool tensor.

    Returns:
        Tensor of the shape and dtype of ``x``.

    Raises:
        TypeError: ``x`` is not an integer or bool tensor.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> print(ops.invert(Tensor(np.array([0, 255, 15], np.uint8))))
        [255   0 240]
    """
    return _not(x, "invert", "x")


__all__ = ["bitwise_and", "bitwise_or", "bitwise_xor", "invert", "bitwise_not"]
